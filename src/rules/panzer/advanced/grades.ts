/**
 * Unit Grade effects (5.8.3, module "command-control" with the chart pack's Unit Grade Modifiers Table):
 * the firing unit's grade modifies its AP and GP direct fire by range band (6.5.2.4 AP Unit Grade, 6.5.4.3
 * GP Unit Grade: only the firer's grade counts), sets its Sup'd Recvy base recovery range (6.8.3) and its
 * Quickmarch suppression range (6.6.4.2). The table is not in the text: its values are designed (ruling
 * PZ-R76). Indirect fire uses only the observer's grade, for response (6.5.1.12); off-map batteries have no grade.
 */
import type { Scenario } from '../scenario.js';

/** The Unit Grade Modifiers Table when grades are played, else null (Seasoned everywhere: no effect). */
function table(sc: Scenario) {
  return sc.modules.commandControl ? (sc.adv?.commandControl?.unitGrade ?? null) : null;
}

/** 6.5.2.4: the AP Unit Grade modifier of `firer` at range band `band` (0 P .. 4 E); 0 out of range or without grades. */
export function gradeApModifier(sc: Scenario, firer: number, band: number): number {
  const t = table(sc);
  return t === null || band < 0 ? 0 : t.ap.rows[sc.units[firer]!.grade]![band]!;
}

/** 6.5.4.3: the GP Unit Grade modifier of `firer` at range band `band`. */
export function gradeGpModifier(sc: Scenario, firer: number, band: number): number {
  const t = table(sc);
  return t === null || band < 0 ? 0 : t.gp.rows[sc.units[firer]!.grade]![band]!;
}

/** 6.8.3: the base recovery range of unit u (a roll(100) plus modifiers at or under it recovers); `base` without grades. */
export function recoveryRange(sc: Scenario, u: number, base: number): number {
  const t = table(sc);
  return t === null ? base : t.recovery.values[sc.units[u]!.grade]!;
}

/** 6.6.4.2: the Quickmarch suppression range of unit u (a roll(100) at or under it suppresses), null when not given. */
export function quickmarchRange(sc: Scenario, u: number): number | null {
  const t = table(sc);
  return t === null ? null : t.quickmarch.values[sc.units[u]!.grade]!;
}
