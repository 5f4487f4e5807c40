import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HexGrid } from '../../../src/hex/grid.js';
import {
  chartPack,
  counterManifest,
  isVehicleType,
  scenarioFile,
  type ChartPack,
  type CounterManifest,
  type ResultsTable,
  type ScenarioFile,
} from '../../../src/rules/spg/formats.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const staged = (path: string): unknown => JSON.parse(readFileSync(join(root, 'scenarios', 'spg', path), 'utf8'));
const charts: ChartPack = chartPack.parse(staged('charts/reference.json'));
const counters: CounterManifest = counterManifest.parse(staged('counters/reference.json'));
const scenarioIds = ['spg-tiny', 'spg-medium', 'spg-mirror'];
const scenarios = new Map<string, ScenarioFile>(scenarioIds.map((id) => [id, scenarioFile.parse(staged(`${id}.json`))]));
const scenario = (id: string): ScenarioFile => scenarios.get(id)!;

/** Lines of each section of the SPG rules text (digest section 3), to check every "rule" citation. */
const SECTION_LINES: Record<string, [number, number]> = {
  'S-00': [1, 7],
  'S-01': [9, 17],
  'S-02': [19, 30],
  'S-03': [34, 44],
  'S-04': [46, 48],
  'S-05': [50, 52],
  'S-06': [54, 56],
  'S-07': [58, 60],
  'S-08': [62, 66],
  'S-09': [68, 80],
  'S-10': [82, 96],
  'S-11': [98, 134],
  'S-12': [136, 148],
  'S-13': [150, 160],
  'S-14': [162, 174],
  'S-15': [176, 198],
  'S-16': [200, 202],
  'S-17': [204, 210],
  'S-18': [212, 218],
  'S-19': [220, 292],
  'S-20': [294, 302],
  'S-21': [304, 314],
  'S-22': [316, 320],
  'S-23': [322, 324],
  'S-24': [326, 330],
  'S-25': [332, 356],
  'S-26': [358, 368],
  'S-27': [370, 372],
  'S-28': [374, 376],
  'S-29': [378, 388],
  'S-30': [390, 394],
  'S-31': [396, 422],
  'S-32': [424, 450],
  'S-33': [452, 460],
  'S-34': [462, 488],
  'S-35': [490, 500],
  'S-36': [502, 516],
  'S-37': [518, 556],
  'S-38': [558, 566],
  'S-39': [568, 572],
  'S-40': [574, 594],
  'S-41': [596, 600],
  'S-42': [602, 610],
  'S-43': [612, 616],
  'S-44': [618, 620],
  'S-45': [622, 640],
  'S-46': [642, 648],
  'S-47': [650, 654],
  'S-48': [656, 658],
  'S-49': [660, 668],
  'S-50': [670, 678],
  'S-51': [680, 682],
  'S-52': [684, 686],
  'S-53': [688, 702],
  'S-54': [704, 786],
};

/** Every provenance object in a parsed file, with its JSON path. */
function provenances(value: unknown, path = ''): { path: string; source: string; rule?: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => provenances(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  if (typeof o.source === 'string' && ['rule', 'example', 'designed', 'official'].includes(o.source)) {
    return [{ path, source: o.source, rule: o.rule as string | undefined }];
  }
  return Object.entries(o).flatMap(([k, v]) => provenances(v, path ? `${path}.${k}` : k));
}

/** The results-table cell for a strength column and a roll. */
const cell = (t: ResultsTable, column: number, roll: number): string => t.rows[String(roll)]![t.columns.indexOf(column)]!;
/** Ways (of 36) to roll each total on 2d6. */
const ways2d6 = (total: number): number => 6 - Math.abs(total - 7);
/** AT hit chance (of 36) with the coloured die (S-33 L456) at a final modifier, for a total >= need. */
function atChance(finalModifier: number, need: number): number {
  const add = charts.antiTank.redDieAdd.value,
    max = charts.antiTank.redDieMax.value;
  let n = 0;
  for (let white = 1; white <= 6; white++)
    for (let red = 1; red <= 6; red++) {
      if (white + Math.min(red + add, max) + finalModifier >= need) n++;
    }
  return n;
}

describe('SPG staged files', () => {
  it('every staged file parses against its schema', () => {
    expect(Object.keys(charts.terrain)).toContain('clear');
    expect(Object.keys(counters.units).length).toBeGreaterThan(40);
    for (const id of scenarioIds) expect(scenario(id).id).toBe(id);
  });

  it('every "rule" source cites a line inside its SPG section, every "example" a worked example U1..U26', () => {
    const files = { charts: staged('charts/reference.json'), counters: staged('counters/reference.json') };
    let rules = 0;
    for (const [name, data] of Object.entries(files)) {
      for (const p of provenances(data)) {
        if (p.source === 'rule') {
          rules++;
          const m = /^(S-\d{2}) L(\d+)/.exec(p.rule ?? '');
          expect(m, `${name} ${p.path}: "${p.rule}"`).not.toBeNull();
          const [from, to] = SECTION_LINES[m![1]!]!;
          const line = Number(m![2]);
          expect(line >= from && line <= to, `${name} ${p.path}: ${p.rule} is outside ${m![1]} (L${from}-L${to})`).toBe(true);
        } else if (p.source === 'example') {
          const n = Number(/^U(\d+)/.exec(p.rule ?? '')?.[1]);
          expect(n >= 1 && n <= 26, `${name} ${p.path}: "${p.rule}"`).toBe(true);
        }
      }
    }
    expect(rules).toBeGreaterThan(100);
  });

  it('scenarios use only counters of the manifest and terrain of the chart pack', () => {
    for (const s of scenarios.values()) {
      for (const id of Object.values(s.map.legend)) expect(charts.terrain, `${s.id}: terrain ${id}`).toHaveProperty(id);
      for (const side of s.sides) {
        const names = [...side.units, ...side.reinforcements.flatMap((r) => r.units), ...side.offBoardArtillery].map((u) => u.counter);
        for (const c of names) expect(counters.units, `${s.id}: counter ${c}`).toHaveProperty(c);
        // S-11 L122: off-board units are artillery, firing bombardment only.
        for (const b of side.offBoardArtillery) expect(counters.units[b.counter]!.full.bombardment, `${s.id}: ${b.counter}`).toBeDefined();
      }
    }
  });

  it('SPG S-08, S-12: column arrivals enter through an edge hex, and reinforcement passengers ride a vehicle before them', () => {
    for (const s of scenarios.values()) {
      for (const side of s.sides) {
        for (const r of side.reinforcements) {
          if ('hex' in r.entry) {
            const c = Number(r.entry.hex.slice(0, 2)),
              row = Number(r.entry.hex.slice(2));
            expect(c === 1 || c === s.map.width || row === 1 || row === s.map.height, `${s.id} ${r.entry.hex}`).toBe(true);
          }
          let seat = false;
          for (const u of r.units) {
            const c = counters.units[u.counter]!;
            if (u.passenger) {
              expect(seat, `${s.id} ${side.id} turn ${r.turn}: ${u.counter} has no vehicle`).toBe(true);
              seat = false;
            } else seat = isVehicleType(c.type) && u.count === 1;
          }
        }
      }
    }
  });

  it('SPG S-12: every set-up hex holds at most 3 units and 2 vehicles of one side, passengers have a carrier', () => {
    for (const s of scenarios.values()) {
      const owner = new Map<string, string>();
      for (const side of s.sides) {
        const hexes = new Map<string, { units: number; vehicles: number; seats: number; passengers: number }>();
        for (const u of side.units) {
          if (owner.has(u.hex) && owner.get(u.hex) !== side.id) throw new Error(`${s.id}: ${u.hex} holds both sides`);
          owner.set(u.hex, side.id);
          const c = counters.units[u.counter]!;
          const h = hexes.get(u.hex) ?? { units: 0, vehicles: 0, seats: 0, passengers: 0 };
          h.units += u.count;
          if (isVehicleType(c.type)) {
            h.vehicles += u.count;
            // S-12 L138: a vehicle carries one unit, a 2-step armored vehicle on its last step none.
            if (!(u.reduced && c.steps === 2 && c.armor !== undefined)) h.seats += u.count;
          }
          if (u.passenger) h.passengers += u.count;
          hexes.set(u.hex, h);
          const terrain = charts.terrain[s.map.legend[s.map.terrain[Number(u.hex.slice(2)) - 1]![Number(u.hex.slice(0, 2)) - 1]!]!]!;
          if (!u.passenger && c.full.movement > 0) expect(terrain.move[c.movementClass], `${s.id} ${u.counter} at ${u.hex}`).not.toBe('P');
        }
        for (const [hex, h] of hexes) {
          expect(h.units, `${s.id} ${side.id} ${hex}`).toBeLessThanOrEqual(3);
          expect(h.vehicles, `${s.id} ${side.id} ${hex}`).toBeLessThanOrEqual(2);
          expect(h.passengers, `${s.id} ${side.id} ${hex}: passengers without a carrier`).toBeLessThanOrEqual(h.seats);
        }
      }
    }
  });

  it('the medium scenario has 10-20 units a side, armour, guns, off-board artillery and both arrival types over 8-12 turns', () => {
    const s = scenario('spg-medium');
    expect(s.map.width * s.map.height).toBe(20 * 15);
    expect(s.turns).toBeGreaterThanOrEqual(8);
    expect(s.turns).toBeLessThanOrEqual(12);
    for (const side of s.sides) {
      const all = [...side.units, ...side.reinforcements.flatMap((r) => r.units)];
      const n = all.reduce((a, u) => a + u.count, 0);
      expect(n, side.id).toBeGreaterThanOrEqual(10);
      expect(n, side.id).toBeLessThanOrEqual(20);
      const types = all.map((u) => counters.units[u.counter]!.type);
      expect(types).toContain('TANK');
      expect(types.some((t) => t === 'AT' || t === 'ART')).toBe(true);
      expect(side.offBoardArtillery.length).toBeGreaterThan(0);
      expect(new Set(side.reinforcements.map((r) => r.arrival))).toEqual(new Set(['line', 'column']));
    }
  });
});

describe('SPG schemas reject what they do not know', () => {
  const rejects = (schema: { safeParse(x: unknown): { success: boolean } }, data: unknown) =>
    expect(schema.safeParse(data).success).toBe(false);
  const withKey = <T>(data: T, edit: (d: T) => void): T => {
    const copy = structuredClone(data);
    edit(copy);
    return copy;
  };

  it('an unknown key is an error at every level of the chart pack', () => {
    const raw = staged('charts/reference.json') as Record<string, any>;
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.extra = 1;
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.terrain.woods.cover2 = 'full';
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.terrain.woods.move.hover = 1;
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.spotting.clear.infantry.ready.partial = 3;
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.directFire.source.page = 12;
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.bombardment.cells[0].colour = 'red';
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.antiTank.damage.min = 9;
      }),
    );
  });

  it('an unknown key is an error in counters and scenarios', () => {
    const rawCounters = staged('counters/reference.json') as Record<string, any>;
    rejects(
      counterManifest,
      withKey(rawCounters, (d) => {
        d.units['ger-tiger'].armour = 6;
      }),
    );
    rejects(
      counterManifest,
      withKey(rawCounters, (d) => {
        d.units['ger-tiger'].full.antiTank.rof = 2;
      }),
    );
    const raw = staged('spg-medium.json') as Record<string, any>;
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.sides[0].units[0].facing = 2;
      }),
    );
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.map.entrenchments = ['0101'];
      }),
    );
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.sides[1].reinforcements[0].entry.side = 'east';
      }),
    );
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.rules = { smoke: true };
      }),
    );
  });

  it('a "rule" source must cite an SPG section and line', () => {
    const raw = staged('charts/reference.json') as Record<string, any>;
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.antiTank.damage.source = { source: 'rule', rule: '11.0' };
      }),
    );
    rejects(
      chartPack,
      withKey(raw, (d) => {
        d.antiTank.damage.source = { source: 'example', rule: 'S-35 L492' };
      }),
    );
  });

  it('SPG S-11: a mortar, a gun or an unarmed transport with two steps is refused', () => {
    const raw = staged('counters/reference.json') as Record<string, any>;
    for (const id of ['ger-mortar-8cm', 'ger-pak40', 'ger-truck']) {
      rejects(
        counterManifest,
        withKey(raw, (d) => {
          d.units[id].steps = 2;
          d.units[id].reduced = d.units[id].full;
        }),
      );
    }
  });

  it('a column arrival needs one entry hex, and off-board artillery a friendly edge', () => {
    const raw = staged('spg-medium.json') as Record<string, any>;
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.sides[0].reinforcements[0].entry = { edge: 'west' };
      }),
    );
    rejects(
      scenarioFile,
      withKey(raw, (d) => {
        d.sides[0].friendlyEdges = [];
      }),
    );
  });
});

describe('SPG chart values from the rule text', () => {
  it('SPG S-19: the three visibility tables are the printed ones (L242-L288)', () => {
    const rows = (t: ChartPack['spotting']['clear']) =>
      [t.infantry, t.gunsMounted, t.vehicles].flatMap((c) => [c.ready, c.spent]).map((r) => [r.open, r.concealment, r.full]);
    expect(rows(charts.spotting.clear)).toEqual([
      [4, 3, 2],
      [6, 4, 3],
      [6, 4, 3],
      [8, 6, 4],
      [8, 6, 4],
      [12, 8, 6],
    ]);
    expect(rows(charts.spotting.impaired)).toEqual([
      [2, 1, 1],
      [3, 2, 2],
      [3, 2, 1],
      [4, 3, 3],
      [4, 3, 2],
      [6, 4, 3],
    ]);
    expect(rows(charts.spotting.night)).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [1, 1, 1],
      [2, 2, 2],
      [2, 1, 1],
      [3, 2, 2],
    ]);
    // U22: a spent vehicle in the open at night is seen at 3 hexes.
    expect(charts.spotting.night.vehicles.spent.open).toBe(3);
  });

  it('SPG S-19: disrupted leg units and limited-vision spotters shift cover one level (L232, L234); cover classes (L228)', () => {
    expect(charts.coverShift.disruptedLeg.value).toBe(1);
    expect(charts.coverShift.limitedVisionSpotter.value).toBe(1);
    expect([charts.terrain.town!.cover, charts.terrain.woods!.cover]).toEqual(['full', 'full']);
    expect([charts.terrain.wheat!.cover, charts.terrain.brush!.cover, charts.terrain.gully!.cover]).toEqual([
      'concealment',
      'concealment',
      'concealment',
    ]);
    expect([charts.terrain.clear!.cover, charts.terrain.stream!.cover]).toEqual(['open', 'open']);
  });

  it('SPG S-14: light mud/snow costs +0.5 (+1 wheeled), deep +1 (+2 wheeled) per hex (L166, L168)', () => {
    const { light, deep } = charts.groundConditions;
    expect([light.leg, light.cavalry, light.wagon, light.tracked, light.wheeled, light.motorcycle]).toEqual([0.5, 0.5, 0.5, 0.5, 1, 1]);
    expect([deep.leg, deep.cavalry, deep.wagon, deep.tracked, deep.wheeled, deep.motorcycle]).toEqual([1, 1, 1, 1, 2, 2]);
    expect(charts.wireMoveCost.value).toBe(1);
  });

  it('SPG S-20: one roll, each unit on its own column: column 7 rolls 10 is M, column 11 is M1 (U2, L298)', () => {
    expect(cell(charts.directFire, 7, 10)).toBe('M');
    expect(cell(charts.directFire, 11, 10)).toBe('M1');
    expect(charts.directFire.columns.indexOf(11) - charts.directFire.columns.indexOf(7)).toBe(1);
  });

  it('SPG S-10: every combat table is worst at a natural 7, and each trigger has a 1/6 chance on raw dice (U1)', () => {
    for (const t of [charts.directFire, charts.bombardment, charts.assault]) {
      const severity = (r: string) => ['-', 'M', 'M1', 'M2', 'X', '2X', '3X'].indexOf(r);
      t.columns.forEach((_, i) => {
        for (let roll = 2; roll <= 12; roll++)
          expect(severity(t.rows[String(roll)]![i]!)).toBeGreaterThanOrEqual(severity(t.rows['7']![i]!));
      });
    }
    const { activeFire, activeAntiTank, inactiveFire, inactiveAntiTank } = charts.reactions;
    expect([activeFire.rolls, activeAntiTank.rolls, inactiveFire.rolls, inactiveAntiTank.rolls]).toEqual([
      [7],
      [2, 3, 4],
      [2, 3, 11, 12],
      [10, 11, 12],
    ]);
    for (const set of [activeFire, activeAntiTank, inactiveFire, inactiveAntiTank]) {
      expect(set.rolls.reduce((a, r) => a + ways2d6(r), 0)).toBe(6);
    }
  });

  it('SPG S-25: direct fire modifiers -2/-1 terrain, +1/-1 range, +1 mounted or unarmored, +1 hazardous movement', () => {
    const m = charts.directFireModifiers;
    expect([m.fortification.value, m.heavyBuilding.value, m.foxholes.value]).toEqual([-2, -2, -1]);
    expect([m.adjacent.value, m.longRange.value, m.longRangeFrom.value]).toEqual([1, -1, 5]);
    expect([m.mountedOrUnarmored.value, m.hazardousMovement.value]).toEqual([1, 1]);
    expect([charts.terrain.woods!.directFireShift, charts.terrain.town!.directFireShift, charts.terrain.gully!.directFireShift]).toEqual([
      -1, -1, -1,
    ]);
    expect(charts.terrain.gully!.directFireShiftInfantryOnly).toBe(true);
  });

  it('SPG S-29: bombardment -2 fortification or heavy building, -1 building, -1 foxholes or dug in, +1 mounted; woods 0', () => {
    const m = charts.bombardmentModifiers;
    expect([m.fortification.value, m.heavyBuilding.value, m.foxholesOrDugIn.value, m.mountedOrUnarmored.value]).toEqual([-2, -2, -1, 1]);
    expect([charts.terrain.town!.bombardmentShift, charts.terrain.woods!.bombardmentShift, charts.terrain.gully!.bombardmentShift]).toEqual(
      [-1, 0, 0],
    );
  });

  it('SPG S-31: ammunition depletion numbers 9 / 10 / 11 / 11 / 10 (L404-L412), special ammunition 9 (S-54 L732)', () => {
    const a = charts.ammoDepletion;
    expect([
      a.rocket.value,
      a.limitedVehicle.value,
      a.standard.value,
      a.offBoardDedicated.value,
      a.offBoardNormal.value,
      a.specialAmmo.value,
    ]).toEqual([9, 10, 11, 11, 10, 9]);
    // U16: a rocket battery rolling a natural 9 is out of ammunition.
    expect(9 >= a.rocket.value).toBe(true);
  });

  it('SPG S-32: air support 2 friendly fire, 3-5 abort, 6-8 loiter, 9-12 deliver; 50-50 deliver against abort or friends (U17)', () => {
    const read = (roll: number) => charts.airSupport.bands.find((b) => roll >= b.from && roll <= b.to)!.result;
    expect([2, 3, 5, 6, 8, 9, 12].map(read)).toEqual(['friendlyFire', 'abort', 'abort', 'loiter', 'loiter', 'deliver', 'deliver']);
    const odds = (result: string) =>
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((r) => read(r) === result).reduce((a, r) => a + ways2d6(r), 0);
    expect(odds('deliver')).toBe(odds('abort') + odds('friendlyFire'));
    expect(charts.airSupport.minDistanceFromFriends.value).toBe(2);
  });

  it('SPG S-33: coloured die +1 capped at 6, net armor capped at 4, unarmored armor -1; raw 2-4 always miss (U4)', () => {
    const t = charts.antiTank;
    expect([t.redDieAdd.value, t.redDieMax.value, t.netArmorCap.value, t.unarmoredArmor.value]).toEqual([1, 6, 4, -1]);
    // U4: raw 2, 3 or 4 become at most 5; +4 makes 9, no effect.
    expect(2 + 2 + 1 + t.netArmorCap.value).toBeLessThan(t.damage.value);
  });

  it('SPG S-34: AT modifiers hull down -1, 1 hex +1, 5+ hexes -1, moving -1, disrupted -2, flanking +1', () => {
    const m = charts.antiTank.modifiers;
    expect([
      m.hullDown.value,
      m.adjacent.value,
      m.longRange.value,
      m.longRangeFrom.value,
      m.opportunityMoving.value,
      m.disruptedShooter.value,
      m.flanking.value,
    ]).toEqual([-1, 1, -1, 5, -1, -2, 1]);
  });

  it('SPG S-35: 10-12 is a step and disruption, 13+ elimination; hit chances match the worked examples (U6-U9)', () => {
    expect([charts.antiTank.damage.value, charts.antiTank.eliminate.value, charts.antiTank.noRollAtOrBelow.value]).toEqual([10, 13, -3]);
    const damage = charts.antiTank.damage.value;
    expect(atChance(-3, damage)).toBe(0); // U5: -3 cannot hurt
    expect(atChance(-2, damage)).toBe(2); // U6: net -4 + point blank + flank: 5.6%
    expect(atChance(2, damage)).toBe(20); // U7: Tiger vs T-34C at 2-4 hexes: 55.6%
    expect(atChance(1, damage)).toBe(14); // U8: at 5+ hexes: 38.9%
    expect(atChance(3, damage)).toBe(26); // U9: at 1 hex: 72.2%
    expect(atChance(3, charts.antiTank.eliminate.value)).toBe(9); // 25% eliminated at +3
  });

  it('SPG S-37: assault and overrun modifiers (L522-L554)', () => {
    const m = charts.assaultModifiers;
    expect([m.buildingOrFortification.value, m.foxholes.value, m.higherGround.value, m.closedArmorInClear.value]).toEqual([-1, -1, -1, -1]);
    expect([m.higherMorale.value, m.panzerfaustAttack.value, m.engineers.value]).toEqual([1, 1, 1]);
    expect([m.overrunArmorAttack.value, m.overrunArmorDefence.value, m.panzerfaustDefence.value, m.allDefendersDisrupted.value]).toEqual([
      1, -1, 1, 1,
    ]);
    expect(
      Object.values(charts.terrain)
        .filter((t) => t.overrun)
        .map((t) => t.name),
    ).toEqual(['Clear', 'Wheat field', 'Brush', 'Gully']);
  });

  it('SPG S-50: AP mines 12 and AT+AP mines 30 give the odds of L676 on the bombardment table (U23)', () => {
    expect([charts.mines.ap.value, charts.mines.atAp.value]).toEqual([12, 30]);
    const chance = (column: number, results: string[]) =>
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        .filter((r) => results.includes(cell(charts.bombardment, column, r)))
        .reduce((a, r) => a + ways2d6(r), 0);
    const casualties = ['M1', 'M2', 'X', '2X', '3X'];
    expect(chance(12, ['M2'])).toBe(2); // 1/18 immobilization
    expect(chance(12, casualties)).toBe(6); // 1/6 for a soft mover
    const next = charts.bombardment.columns[charts.bombardment.columns.indexOf(12) + 1]!;
    expect(chance(next, casualties)).toBe(12); // doubled for mounted and unarmored (+1 column)
    expect(chance(30, ['X', '2X', '3X'])).toBe(6); // 1/6 loss to an armored vehicle
  });
});

describe('SPG counter values from S-54', () => {
  const u = (id: string) => counters.units[id]!;
  it('SPG S-54: revised armor and AT of the tanks (L720-L754)', () => {
    expect([u('ger-tiger').armor, u('ger-tiger').full.antiTank]).toEqual([6, { strength: 7, range: 8 }]);
    expect([u('ger-panther').armor, u('ger-panther').full.antiTank]).toEqual([6, { strength: 8, range: 8 }]);
    expect([u('ger-pz4h').armor, u('ger-pz4h').full.antiTank?.strength]).toEqual([3, 6]);
    expect([u('sov-t34c').armor, u('sov-t34c').full.antiTank?.strength, u('sov-t34b').armor]).toEqual([5, 4, 4]);
    expect([u('sov-kv1').armor, u('sov-kv1').full.antiTank]).toEqual([5, { strength: 4, range: 6 }]);
    expect([u('us-sherman').armor, u('us-m10').armor, u('us-m18').armor]).toEqual([4, 3, 1]);
    expect(u('us-57mm').full.antiTank).toEqual({ strength: 5, range: 7 });
  });

  it('SPG S-54: revised DF, bombardment and special ammunition (L744-L768)', () => {
    expect([u('sov-su122').full.directFire, u('sov-su122').full.antiTank]).toEqual([
      { strength: 16, range: 5 },
      { strength: 6, range: 4 },
    ]);
    expect(u('sov-su76').full.directFire).toEqual({ strength: 10, range: 5 });
    expect(u('ger-grille').full.bombardment).toEqual({ strength: 12, range: 15 });
    expect(u('ger-kubel').full.directFire).toBeUndefined();
    expect(u('us-m16').full.directFire?.strength).toBe(12);
    expect([u('us-priest').specialAmmo?.antiTank, u('us-priest').full.antiTank]).toEqual([
      { strength: 6, range: 4 },
      { strength: 4, range: 4 },
    ]);
    expect([u('ger-pak38').full.antiTank, u('ger-pak38').specialAmmo?.antiTank]).toEqual([
      { strength: 3, range: 7 },
      { strength: 4, range: 7 },
    ]);
  });

  it('SPG S-47, S-19: weak-turret and limited-vision tanks as named (L654, L234)', () => {
    const weak = Object.entries(counters.units)
      .filter(([, c]) => c.weakTurret)
      .map(([id]) => id)
      .sort();
    expect(weak).toEqual(['ger-panther', 'ger-pz4h', 'sov-t34b', 'sov-t34c', 'sov-t70']);
    expect([u('sov-t34b').limitedVision, u('sov-t34c').limitedVision, u('sov-kv1').limitedVision, u('sov-t70').limitedVision]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('SPG S-54: the match-ups follow from the revised values (U11, U12)', () => {
    const net = (at: string, target: string) => {
      const d = u(at).full.antiTank!.strength - u(target).armor!;
      return Math.max(-charts.antiTank.netArmorCap.value, Math.min(charts.antiTank.netArmorCap.value, d));
    };
    expect([net('sov-t34c', 'ger-pz4h'), net('ger-pz4h', 'sov-t34c')]).toEqual([1, 1]); // U11: "both +1 native"
    expect([net('us-sherman', 'ger-pz4h'), net('ger-pz4h', 'us-sherman')]).toEqual([2, 2]); // U12: "each a native +2"
    expect(u('ger-pz4h').full.antiTank!.range).toBe(8); // fires at 7-8 hexes
    expect([u('sov-t34c').full.antiTank!.range, u('us-sherman').full.antiTank!.range]).toEqual([6, 6]); // no reply at 7-8
  });
});

describe('SPG mirror scenario', () => {
  const s = scenario('spg-mirror');
  const grid = new HexGrid(s.map.width, s.map.height);
  const hexOf = (label: string) => grid.at(Number(label.slice(0, 2)) - 1, Number(label.slice(2)) - 1);
  const labelOf = (h: number) => String(grid.col(h) + 1).padStart(2, '0') + String(grid.row(h) + 1).padStart(2, '0');
  const image = (label: string) => {
    const h = grid.rotate180(hexOf(label));
    expect(h, `${label} has no image`).toBeGreaterThanOrEqual(0);
    return labelOf(h);
  };
  const [a, b] = s.sides as [ScenarioFile['sides'][0], ScenarioFile['sides'][1]];
  const edgeImage: Record<string, string> = { north: 'south', south: 'north', east: 'west', west: 'east' };

  it('terrain and elevation are the same at every hex and its image; hexes without an image are clear and empty', () => {
    const at = (rows: string[], h: number) => rows[grid.row(h)]![grid.col(h)]!;
    for (let h = 0; h < grid.size; h++) {
      const img = grid.rotate180(h);
      if (img < 0) {
        expect(at(s.map.terrain, h)).toBe('.');
        continue;
      }
      expect(at(s.map.terrain, img), labelOf(h)).toBe(at(s.map.terrain, h));
      expect(at(s.map.elevation!, img), labelOf(h)).toBe(at(s.map.elevation!, h));
    }
  });

  it('the second side is the image of the first: units, reinforcements, edges, artillery, morale', () => {
    const key = (u: { counter: string; hex?: string; passenger: boolean; reduced: boolean }) =>
      `${u.counter} ${u.hex ?? ''} ${u.passenger} ${u.reduced}`;
    expect(b.units.map((u) => key(u)).sort()).toEqual(a.units.map((u) => key({ ...u, hex: image(u.hex) })).sort());
    expect(b.friendlyEdges).toEqual(a.friendlyEdges.map((e) => edgeImage[e]));
    expect(b.reinforcements.map((r) => ({ ...r, entry: undefined }))).toEqual(a.reinforcements.map((r) => ({ ...r, entry: undefined })));
    b.reinforcements.forEach((r, i) => {
      const mine = a.reinforcements[i]!.entry;
      expect(r.entry).toEqual(
        'hex' in mine
          ? { hex: image(mine.hex) }
          : 'hexes' in mine
            ? { hexes: mine.hexes.map(image) }
            : { ...mine, edge: edgeImage[mine.edge] },
      );
    });
    const rest = (x: typeof a) => ({ ...x, id: '', name: '', units: [], reinforcements: [], friendlyEdges: [] });
    expect(rest(b)).toEqual(rest(a));
  });

  it('map features, objectives and sudden death are symmetric, with the sides swapped', () => {
    for (const list of [s.map.foxholes, s.map.wire, s.map.fortifications, s.map.heavyBuildings, s.map.atDitches, s.map.roads.flat()]) {
      expect(new Set(list.map(image))).toEqual(new Set(list));
    }
    const swap = (id: string | undefined) => (id === a.id ? b.id : id === b.id ? a.id : id);
    const mines = (m: typeof s.map.mines) => m.map((x) => `${x.hex} ${x.kind} ${x.hiddenFrom}`).sort();
    expect(mines(s.map.mines.map((m) => ({ ...m, hex: image(m.hex), hiddenFrom: swap(m.hiddenFrom) })))).toEqual(mines(s.map.mines));
    const objectives = (o: typeof s.victory.objectives) => o.map((x) => `${x.hex} ${x.vp} ${x.controlledBy}`).sort();
    expect(objectives(s.victory.objectives.map((o) => ({ ...o, hex: image(o.hex), controlledBy: swap(o.controlledBy)! })))).toEqual(
      objectives(s.victory.objectives),
    );
    const deaths = (d: typeof s.victory.suddenDeath) =>
      d.map((x) => JSON.stringify(x.kind === 'control' ? { ...x, hexes: [...x.hexes].sort() } : x)).sort();
    expect(
      deaths(
        s.victory.suddenDeath.map((d) =>
          d.kind === 'control'
            ? { ...d, winner: swap(d.winner)!, hexes: d.hexes.map(image) }
            : { ...d, winner: swap(d.winner)!, side: swap(d.side)! },
        ),
      ),
    ).toEqual(deaths(s.victory.suddenDeath));
  });

  it("SPG S-27: off-board range from each side's friendly edge is the same at every hex and its image (ruling SPG-R25)", () => {
    const edgeHexes = (edge: string) => {
      const out: number[] = [];
      for (let h = 0; h < grid.size; h++) {
        const c = grid.col(h),
          r = grid.row(h);
        if (
          (edge === 'west' && c === 0) ||
          (edge === 'east' && c === grid.width - 1) ||
          (edge === 'north' && r === 0) ||
          (edge === 'south' && r === grid.height - 1)
        )
          out.push(h);
      }
      return out;
    };
    const range = (edges: string[], h: number) => Math.min(...edges.flatMap(edgeHexes).map((e) => grid.computeDistance(e, h)));
    for (let h = 0; h < grid.size; h++) {
      const img = grid.rotate180(h);
      if (img >= 0) expect(range(b.friendlyEdges, img), labelOf(h)).toBe(range(a.friendlyEdges, h));
    }
  });
});

describe('SPG rulings file', () => {
  const rulings = JSON.parse(readFileSync(join(root, 'docs/rules/spg-rulings.json'), 'utf8')) as {
    rulings: { id: string; question: string; ruling: string; switch?: string; rules: string[] }[];
  };

  it('every ruling has an id, a question and a ruling, and cites SPG sections', () => {
    const ids = rulings.rulings.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rulings.rulings) {
      expect(r.id).toMatch(/^SPG-R\d{2}$/);
      expect(r.question.length).toBeGreaterThan(10);
      expect(r.ruling.length).toBeGreaterThan(10);
      for (const s of r.rules) expect(SECTION_LINES, r.id).toHaveProperty(s);
    }
  });

  it('the rulings name exactly the scenario rule switches, each off by default', () => {
    const switches = rulings.rulings.flatMap((r) => (r.switch ? [r.switch] : [])).sort();
    const defaults = scenario('spg-tiny').rules;
    expect(switches).toEqual(
      Object.keys(defaults)
        .map((k) => `rule.${k}`)
        .sort(),
    );
    expect(Object.values(defaults).every((v) => v === false)).toBe(true);
  });
});
