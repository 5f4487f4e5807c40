/**
 * PG3 at the terminal: the ScenarioUi that `tacsim play`, `replay` and `scenarios show` use. Drawing is
 * render.ts's, words describe.ts's, odds odds.ts's; this file adds the short commands of the play prompt.
 */
import { InputError } from '../../core/errors.js';
import type { ScenarioUi, ViewOptions } from '../../core/system.js';
import { describeAction } from './describe.js';
import { combatOdds, isCombatAction } from './odds.js';
import { renderMap, renderStatus, renderUnits } from './render.js';
import type { Scenario } from './scenario.js';
import type { State } from './state.js';

const COMMAND_HELP = [
  'move U HEX           move unit U (its #number) to hex HEX (board label, e.g. 0405)',
  'fire HEX             fire at HEX (if only one fire action targets it)',
  'fire FROM TARGET     direct fire (or bombardment) from hex FROM at hex TARGET',
  'pass | end           pass the segment / end the activation (pass also declines opportunity fire)',
];

export function pg3Ui(sc: Scenario): ScenarioUi<State, string> {
  const grid = sc.map.grid;
  const label = (h: number): string => grid.label(h);

  const hexArg = (text: string | undefined): number => {
    if (text === undefined) throw new InputError('name a hex by its board label, e.g. 0405');
    const h = grid.parseLabel(text);
    if (h < 0) throw new InputError(`"${text}" is not a hex of this map (labels run 0101 to ${grid.label(grid.size - 1)})`);
    return h;
  };

  const unitArg = (text: string | undefined): number => {
    const n = Number((text ?? '').replace(/^#/, ''));
    if (text === undefined || !Number.isInteger(n) || n < 0 || n >= sc.units.length) {
      throw new InputError(`"${text ?? ''}" is not a unit number (0 to ${sc.units.length - 1}; see "units")`);
    }
    return n;
  };

  const parseCommand = (_state: State, words: readonly string[], legal: readonly string[]): string | undefined => {
    const [cmd, ...args] = words;
    const need = (action: string, what: string): string => {
      if (legal.includes(action)) return action;
      throw new InputError(`${what} is not legal now (type "list" for the legal actions)`);
    };
    switch (cmd) {
      case 'move':
      case 'mv': {
        const u = unitArg(args[0]);
        const h = hexArg(args[1]);
        const action = `mv ${u} ${h}`;
        if (legal.includes(action)) return action;
        const dests = legal.filter((a) => a.startsWith(`mv ${u} `)).map((a) => label(Number(a.split(' ')[2])));
        throw new InputError(
          `unit #${u} cannot move to ${label(h)} now${dests.length ? ` (it can move to ${dests.join(', ')})` : ' (it has no move now)'}`,
        );
      }
      case 'fire': {
        if (args.length >= 2) {
          const from = hexArg(args[0]);
          const to = hexArg(args[1]);
          for (const a of [`df ${from} ${to}`, `bomb ${from} ${to}`]) if (legal.includes(a)) return a;
          throw new InputError(`no fire from ${label(from)} at ${label(to)} is legal now`);
        }
        const to = hexArg(args[0]);
        const options = legal.filter((a) => {
          const p = a.split(' ');
          return ((p[0] === 'df' || p[0] === 'bomb') && Number(p[2]) === to) || (p[0] === 'oba' && Number(p[1]) === to);
        });
        if (options.length === 1) return options[0]!;
        if (options.length === 0) throw new InputError(`no fire at ${label(to)} is legal now`);
        throw new InputError(
          `several fire actions target ${label(to)}: ${options.map((a) => `"fire ${label(Number(a.split(' ')[1]))} ${label(to)}"`).join(', ')} (or pick a number)`,
        );
      }
      case 'pass':
        if (legal.includes('pass')) return 'pass';
        if (legal.includes('nofire')) return 'nofire';
        return need('pass', 'passing');
      case 'end':
        return need('end', 'ending the activation');
      default:
        return undefined;
    }
  };

  return {
    renderMap: (state, view: ViewOptions) => renderMap(sc, state, { color: view.color === true, viewer: view.viewer }),
    renderUnits: (state, view: ViewOptions) => renderUnits(sc, state, { color: view.color === true, viewer: view.viewer }),
    renderStatus: (state) => renderStatus(sc, state),
    briefing: () => {
      const lines: string[] = [];
      if (sc.data.description) lines.push(sc.data.description);
      if (sc.objectives.length) {
        lines.push(
          `Objectives: ${sc.objectives.map((o) => `${label(o.hex)} (${o.vp} VP, held by ${sc.sides[o.initialController]?.id ?? 'nobody'})`).join(', ')}`,
        );
      }
      return lines;
    },
    describeAction: (state, action) => describeAction(sc, state, action),
    commandHelp: COMMAND_HELP,
    parseCommand,
    odds: (state, action) => (isCombatAction(action) ? combatOdds(sc, state, action) : []),
    narration: (state) => state.events,
  };
}
