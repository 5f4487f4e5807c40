/** `tacsim scenarios list|show|validate`. */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import type { LoadedScenario } from '../core/system.js';
import { listShippedScenarios, loadScenario } from '../scenarios.js';
import { wantColor } from './input.js';

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

export interface ScenarioSummary {
  id: string;
  title: string;
  system: string;
  file: string;
  map: string;
  sides: { id: string; name: string; units: number }[];
  turns: number;
  error?: string;
}

function summarize(sc: LoadedScenario): ScenarioSummary {
  return {
    id: sc.id,
    title: sc.title,
    system: sc.system,
    file: sc.file,
    map: `${sc.mapWidth}x${sc.mapHeight}`,
    sides: sc.sides.map((s, i) => ({ id: s.id, name: s.name, units: sc.unitCounts[i] ?? 0 })),
    turns: sc.turnLimit,
  };
}

export function registerScenarioCommands(program: Command): void {
  const scenarios = program.command('scenarios').description('list, show and validate scenarios');
  scenarios
    .command('list')
    .description('the shipped scenarios: id, rules system, map size, sides with unit counts, turns')
    .option('--json', 'print JSON')
    .action((flags: { json?: boolean }) => {
      const rows: ScenarioSummary[] = listShippedScenarios().map((s) => {
        try {
          return summarize(loadScenario(s.file));
        } catch (e) {
          return { id: s.id, title: '', system: s.system, file: s.file, map: '', sides: [], turns: 0, error: (e as Error).message };
        }
      });
      if (flags.json) {
        out(JSON.stringify(rows, null, 2));
        return;
      }
      const table = [['id', 'system', 'map', 'sides (units)', 'turns', 'title']];
      for (const r of rows) {
        table.push(
          r.error
            ? [r.id, r.system, '', '', '', `BROKEN: ${r.error.split('\n')[0]}`]
            : [r.id, r.system, r.map, r.sides.map((s) => `${s.id} (${s.units})`).join(' vs '), String(r.turns), r.title],
        );
      }
      const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
      for (const row of table)
        out(
          row
            .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!)))
            .join('  ')
            .trimEnd(),
        );
    });

  scenarios
    .command('show')
    .description('the map and order of battle of a scenario')
    .argument('<scenario>', 'shipped scenario id or scenario file')
    .action((ref: string) => {
      const sc = loadScenario(ref);
      out(`${sc.title} (${sc.id}), ${sc.system}, map ${sc.mapWidth}x${sc.mapHeight}, ${sc.turnLimit} turns`);
      out(`file: ${sc.file}`);
      if (sc.parameters.length) out(`parameters: ${sc.parameters.map((p) => `${p.name}=${p.value}`).join(', ')}`);
      out(sc.sides.map((s, i) => `${s.id}: ${s.name}, ${sc.unitCounts[i]} units`).join('\n'));
      for (const line of sc.ui.briefing()) out(`\n${line}`);
      // Secrets dealt at set-up (dice) are hidden from everyone here: viewer -1.
      const state = sc.initialState(createRng('show'));
      const view = { viewer: -1, color: wantColor(process.stdout) };
      out('');
      out(sc.ui.renderMap(state, view));
      out('\nOrder of battle:');
      out(sc.ui.renderUnits(state, view));
    });

  scenarios
    .command('validate')
    .description('load and check scenario files: OK, or the file, place and problem; exit 2 if any failed')
    .argument('<files...>', 'scenario files (or shipped ids)')
    .action((files: string[]) => {
      let failed = 0;
      for (const f of files) {
        try {
          const sc = loadScenario(f);
          out(`OK    ${f} (${sc.id}, ${sc.system}, map ${sc.mapWidth}x${sc.mapHeight})`);
        } catch (e) {
          failed++;
          const msg = e instanceof InputError ? e.message : `unexpected error: ${(e as Error).message}`;
          const text = msg.startsWith(f) || (e instanceof InputError && e.file !== undefined) ? msg : `${f}: ${msg}`;
          process.stdout.write(`FAIL  ${text}\n${e instanceof InputError ? e.others.map((o) => `  also: ${o}\n`).join('') : ''}`);
        }
      }
      if (failed > 0) {
        process.stderr.write(`${failed} of ${files.length} file(s) failed\n`);
        process.exitCode = 2;
      }
    });
}
