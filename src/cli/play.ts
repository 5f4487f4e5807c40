/**
 * `tacsim play`: a person plays one side of a PG3 scenario against an agent in the terminal.
 * Input is read line by line (works through a pipe). The game's dice come from createRng(seed) and the
 * record of actions, so `undo` and `load` replay the record from the start and land on the same state.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAgent, type Agent } from '../../agents/agent.js';
import { InputError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import type { Rng } from '../core/game.js';
import type { ScenarioOptions } from '../core/system.js';
import { loadScenario } from '../scenarios.js';
import { loadPg3, type Pg3Scenario } from '../rules/pg3/index.js';
import type { State } from '../rules/pg3/state.js';
import { renderMap, renderStatus, renderUnits, wantColor } from '../rules/pg3/render.js';
import { agentSeed } from '../harness/match.js';
import { LineInput } from './input.js';
import { combatOdds, isCombatAction } from './pg3-odds.js';
import { RECORD_FORMAT, readRecord, scenarioRef, stateHash, writeRecord, type GameRecord } from './record.js';

export const DEFAULT_AI = 'mcts:timeMs=1500';

export interface PlayOptions {
  scenario?: string;
  side?: string;
  ai?: string;
  seed?: string;
  charts?: string;
  record?: string;
  load?: string;
}

const HELP = `Commands (a number picks an action from the list):
  N                    play legal action number N
  move U HEX           move unit U (its #number) to hex HEX (board label, e.g. 0405)
  fire HEX             fire at HEX (if only one fire action targets it)
  fire FROM TARGET     direct fire (or bombardment) from hex FROM at hex TARGET
  pass | end           pass the segment / end the activation (pass also declines opportunity fire)
  map | units | list   show the map, the units, the legal actions again
  help                 this text
  save FILE            write the game record to FILE (replay it with: tacsim replay FILE)
  load FILE            continue from a saved record of this scenario
  undo                 take back your last decision (and the computer's replies after it)
  quit                 stop (with --record, the record is written)
Any legal action key (e.g. "mv 3 12") is accepted as is.`;

interface Session {
  sc: Pg3Scenario;
  seed: string;
  human: number;
  aiSpec: string;
  actions: string[];
  seats: number[];
  hashes: string[];
  state: State;
  dice: Rng;
}

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

function narrate(state: State): void {
  for (const e of state.events) out(`    ${e}`);
}

/** Replays `actions` from the start of the game (seeded dice), checking each is legal. */
function replayInto(s: Session, actions: readonly string[], seats: readonly number[] | null): void {
  const game = s.sc.game;
  s.dice = createRng(s.seed);
  s.state = s.sc.initialState(s.dice);
  s.actions = [];
  s.seats = [];
  s.hashes = [];
  for (const [k, a] of actions.entries()) {
    if (game.isTerminal(s.state)) throw new InputError(`action ${k + 1} ("${a}") comes after the end of the game`);
    if (!game.legalActions(s.state).includes(a)) throw new InputError(`action ${k + 1} ("${a}") is not legal at that point of the game`);
    const seat = seats?.[k] ?? game.toMove(s.state);
    s.state = game.apply(s.state, a, s.dice);
    s.actions.push(a);
    s.seats.push(seat);
    s.hashes.push(stateHash(s.state));
  }
}

function buildRecord(s: Session): GameRecord {
  const game = s.sc.game;
  const rec: GameRecord = {
    format: RECORD_FORMAT,
    scenario: scenarioRef(s.sc.file),
    system: s.sc.system,
    options: s.sc.options,
    seed: s.seed,
    agents: Object.fromEntries(s.sc.sides.map((side, i) => [side.id, i === s.human ? 'human' : s.aiSpec])),
    actions: s.actions.slice(),
    hashes: s.hashes.slice(),
  };
  if (game.isTerminal(s.state)) {
    const o = s.sc.outcome(s.state);
    rec.outcome = { ...o, winnerSide: o.winner === null ? null : s.sc.sides[o.winner]!.id };
    rec.winner = o.winner === null ? 'draw' : s.sc.sides[o.winner]!.id;
  }
  return rec;
}

function hexArg(s: Session, text: string | undefined): number {
  const grid = s.sc.game.scenario.map.grid;
  if (text === undefined) throw new InputError('name a hex by its board label, e.g. 0405');
  const h = grid.parseLabel(text);
  if (h < 0) throw new InputError(`"${text}" is not a hex of this map (labels run 0101 to ${grid.label(grid.size - 1)})`);
  return h;
}

function unitArg(s: Session, text: string | undefined): number {
  const units = s.sc.game.scenario.units;
  const n = Number((text ?? '').replace(/^#/, ''));
  if (text === undefined || !Number.isInteger(n) || n < 0 || n >= units.length) throw new InputError(`"${text ?? ''}" is not a unit number (0 to ${units.length - 1}; see "units")`);
  return n;
}

/** Turns a person's command into a legal action, or throws InputError with a one-line explanation. */
function parseCommand(s: Session, words: string[], legal: readonly string[]): string {
  const [cmd, ...args] = words;
  const label = (h: number): string => s.sc.game.scenario.map.grid.label(h);
  const need = (action: string, what: string): string => {
    if (legal.includes(action)) return action;
    throw new InputError(`${what} is not legal now (type "list" for the legal actions)`);
  };
  switch (cmd) {
    case 'move': case 'mv': {
      const u = unitArg(s, args[0]);
      const h = hexArg(s, args[1]);
      const action = `mv ${u} ${h}`;
      if (legal.includes(action)) return action;
      const dests = legal.filter((a) => a.startsWith(`mv ${u} `)).map((a) => label(Number(a.split(' ')[2])));
      throw new InputError(`unit #${u} cannot move to ${label(h)} now${dests.length ? ` (it can move to ${dests.join(', ')})` : ' (it has no move now)'}`);
    }
    case 'fire': {
      if (args.length >= 2) {
        const from = hexArg(s, args[0]);
        const to = hexArg(s, args[1]);
        for (const a of [`df ${from} ${to}`, `bomb ${from} ${to}`]) if (legal.includes(a)) return a;
        throw new InputError(`no fire from ${label(from)} at ${label(to)} is legal now`);
      }
      const to = hexArg(s, args[0]);
      const options = legal.filter((a) => {
        const p = a.split(' ');
        return ((p[0] === 'df' || p[0] === 'bomb') && Number(p[2]) === to) || (p[0] === 'oba' && Number(p[1]) === to);
      });
      if (options.length === 1) return options[0]!;
      if (options.length === 0) throw new InputError(`no fire at ${label(to)} is legal now`);
      throw new InputError(`several fire actions target ${label(to)}: ${options.map((a) => `"fire ${label(Number(a.split(' ')[1]))} ${label(to)}"`).join(', ')} (or pick a number)`);
    }
    case 'pass':
      if (legal.includes('pass')) return 'pass';
      if (legal.includes('nofire')) return 'nofire';
      return need('pass', 'passing');
    case 'end': return need('end', 'ending the activation');
    default:
      throw new InputError(`unknown command "${words.join(' ')}" (type "help" for the commands, or a number from the list)`);
  }
}

export async function runPlay(opts: PlayOptions): Promise<void> {
  let loaded: GameRecord | undefined;
  if (opts.load) loaded = readRecord(opts.load);
  const scenarioArg = opts.scenario ?? loaded?.scenario;
  if (!scenarioArg) throw new InputError('name a scenario (a shipped id or a file), or --load a saved game');
  const options: ScenarioOptions = { ...(loaded?.options ?? {}), ...(opts.charts ? { charts: resolve(opts.charts) } : {}) };
  if (opts.charts && !existsSync(resolve(opts.charts))) throw new InputError('no such chart pack', opts.charts);
  const plain = loadScenario(scenarioArg, options);
  if (plain.system !== 'pg3') throw new InputError(`play supports PG3 scenarios only (this one is "${plain.system}")`, plain.file);
  const sc = loadPg3(plain.file, options, true);
  const sideIds = sc.sides.map((x) => x.id);
  let sideId = opts.side;
  if (!sideId && loaded) sideId = Object.entries(loaded.agents).find(([, spec]) => spec === 'human')?.[0];
  if (!sideId) throw new InputError(`--side is required: one of ${sideIds.join(', ')}`);
  const human = sideIds.indexOf(sideId);
  if (human < 0) throw new InputError(`no side "${sideId}" in ${sc.id} (sides: ${sideIds.join(', ')})`, undefined, '--side');
  const aiSeat = 1 - human;
  const aiSpec = opts.ai ?? (loaded ? loaded.agents[sideIds[aiSeat]!] : undefined) ?? DEFAULT_AI;
  const agent: Agent = createAgent(aiSpec);
  const seed = opts.seed ?? loaded?.seed ?? String(Date.now() % 1_000_000);
  const game = sc.game;
  const scen = game.scenario;
  const color = wantColor(process.stdout);
  const s: Session = { sc, seed, human, aiSpec, actions: [], seats: [], hashes: [], state: undefined as unknown as State, dice: createRng(seed) };
  replayInto(s, loaded?.actions ?? [], null);
  const aiRng = createRng(agentSeed(seed, aiSeat));
  const input = new LineInput();
  const showMap = () => out(renderMap(scen, s.state, { color, viewer: human }));
  const showUnits = () => out(renderUnits(scen, s.state, { color, viewer: human }));

  out(`${sc.title} (${sc.id}): you play ${sc.sides[human]!.name} (${sideIds[human]}) against ${aiSpec} (${sideIds[aiSeat]}), seed ${seed}`);
  if (loaded) out(`continuing a saved game after ${s.actions.length} actions`);
  out('Type "help" for the commands.');
  showMap();

  const save = (file: string) => {
    writeRecord(file, buildRecord(s));
    out(`game record written to ${resolve(file)} (${s.actions.length} actions)`);
  };
  let quit = false;
  let lastTurn = -1;
  try {
    while (!game.isTerminal(s.state) && !quit) {
      if (s.state.turn !== lastTurn) {
        lastTurn = s.state.turn;
        out(`\n=== Turn ${s.state.turn} of ${scen.turns} ===`);
      }
      const seat = game.toMove(s.state);
      const legal = game.legalActions(s.state);
      if (seat !== human) {
        out(`${sideIds[seat]} (${aiSpec}) is thinking...`);
        const t0 = performance.now();
        let action = agent.act(game, s.state, seat, aiRng);
        if (action instanceof Promise) action = await action;
        const ms = performance.now() - t0;
        const search = (agent as { lastSearch?: { iterations: number } }).lastSearch;
        out(`${sideIds[seat]}: ${game.describeAction(s.state, action as string)} (${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`}${search ? `, ${search.iterations} iterations` : ''})`);
        s.state = game.apply(s.state, action as string, s.dice);
        s.actions.push(action as string);
        s.seats.push(seat);
        s.hashes.push(stateHash(s.state));
        narrate(s.state);
        continue;
      }
      // The person's decision.
      out(`\n${renderStatus(scen, s.state)}`);
      const list = () => legal.forEach((a, k) => out(`  ${String(k + 1).padStart(3)}. ${game.describeAction(s.state, a)}`));
      out('Your decision:');
      list();
      let chosen: string | null = null;
      while (chosen === null && !quit) {
        const line = await input.ask(`${sideIds[human]}> `);
        if (line === null) {
          out('end of input: quitting');
          quit = true;
          break;
        }
        const words = line.trim().split(/\s+/).filter((w) => w !== '');
        if (words.length === 0) continue;
        const cmd = words[0]!.toLowerCase();
        try {
          if (/^\d+$/.test(cmd) && words.length === 1) {
            const n = Number(cmd);
            if (n < 1 || n > legal.length) throw new InputError(`${n} is not on the list (1 to ${legal.length})`);
            chosen = legal[n - 1]!;
          } else if (cmd === 'help' || cmd === '?') out(HELP);
          else if (cmd === 'map') showMap();
          else if (cmd === 'units') showUnits();
          else if (cmd === 'list') list();
          else if (cmd === 'quit' || cmd === 'exit') { quit = true; break; }
          else if (cmd === 'save') {
            if (!words[1]) throw new InputError('save needs a file name: save FILE');
            save(words[1]);
          } else if (cmd === 'load') {
            if (!words[1]) throw new InputError('load needs a file name: load FILE');
            const rec = readRecord(words[1]);
            if (resolve(loadScenario(rec.scenario, rec.options).file) !== resolve(sc.file)) throw new InputError(`that record is of another scenario (${rec.scenario})`, words[1]);
            const backup = { seed: s.seed, actions: s.actions.slice(), seats: s.seats.slice() };
            try {
              s.seed = rec.seed;
              replayInto(s, rec.actions, null);
            } catch (e) {
              s.seed = backup.seed;
              replayInto(s, backup.actions, backup.seats);
              throw e;
            }
            out(`loaded ${words[1]}: ${s.actions.length} actions`);
            showMap();
            lastTurn = -1;
            break;
          } else if (cmd === 'undo') {
            const k = s.seats.lastIndexOf(human);
            if (k < 0) throw new InputError('nothing to undo: you have not decided anything yet');
            const undone = s.actions[k]!;
            replayInto(s, s.actions.slice(0, k), s.seats.slice(0, k));
            out(`undone: ${game.describeAction(s.state, undone)} (and what followed); back to action ${k + 1}`);
            lastTurn = -1;
            break;
          } else if (legal.includes(line.trim())) chosen = line.trim();
          else chosen = parseCommand(s, [cmd, ...words.slice(1)], legal);
          if (chosen !== null && isCombatAction(chosen)) {
            const odds = combatOdds(scen, s.state, chosen);
            out(game.describeAction(s.state, chosen));
            for (const l of odds) out(`  ${l}`);
            const answer = await input.ask('confirm? (y/n) ');
            if (answer === null) { out('end of input: quitting'); quit = true; chosen = null; break; }
            if (!/^y(es)?$/i.test(answer.trim())) { out('not done'); chosen = null; }
          }
        } catch (e) {
          if (e instanceof InputError) { out(e.message); chosen = null; } else throw e;
        }
      }
      if (chosen === null) continue;
      // Described in the position it was chosen in (unit positions are those before the move).
      const said = game.describeAction(s.state, chosen);
      s.state = game.apply(s.state, chosen, s.dice);
      s.actions.push(chosen);
      s.seats.push(human);
      s.hashes.push(stateHash(s.state));
      out(`you: ${said}`);
      narrate(s.state);
    }
  } finally {
    input.close();
    await agent.close?.();
  }

  if (game.isTerminal(s.state)) {
    out('');
    showMap();
    const o = sc.outcome(s.state);
    const vp = sc.sides.map((x, i) => `${x.id} ${o.vp[i]}`).join(', ');
    const lost = sc.sides.map((x, i) => `${x.id} ${o.stepsLost[i]}`).join(', ');
    out(`Game over after turn ${o.turns}: ${o.winner === null ? 'a draw' : `${sc.sides[o.winner]!.id} wins (${o.victoryLevel} victory)${o.winner === human ? ' - you win' : ' - you lose'}`}`);
    out(`Victory points: ${vp}; steps lost: ${lost}`);
  } else {
    out(`game stopped after ${s.actions.length} actions (turn ${s.state.turn}); continue with: tacsim play --load FILE after "save FILE" or --record FILE`);
  }
  if (opts.record) save(opts.record);
}
