/**
 * Generates docs/rules/pg3.md from the tests: which PG3 rules (the digest's §3 inventory) are tested,
 * by which tests, and the status of the rest (docs/rules/pg3-status.json, kept by hand).
 *
 *   npm run coverage:rules [-- <path to the digest>]
 *
 * A test covers a rule when its name contains `PG3 <id>` (several ids: `PG3 4.1 / 4.5: ...`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Rule { ids: string[]; id: string; title: string; tag: string }
interface TestRef { name: string; file: string; fails: boolean }
interface Status { status: 'implemented' | 'partial' | 'not done'; note: string }

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tests'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the package root (package.json next to tests/)');
}

/** Rows of the §3 inventory table: every id in the Id cell, the title and the tag. */
export function parseInventory(text: string): Rule[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^##\s+3\.\s/.test(l));
  if (start < 0) throw new Error('the digest has no "## 3." section');
  const rules: Rule[] = [];
  for (let k = start + 1; k < lines.length; k++) {
    const l = lines[k]!;
    if (/^##\s/.test(l)) break;
    if (!l.startsWith('|')) continue;
    const cells = l.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length < 4 || cells[0] === 'Id' || /^-+$/.test(cells[0]!)) continue;
    const ids = [...cells[0]!.matchAll(/\d+\.\d+/g)].map((m) => m[0]);
    if (ids.length === 0) continue;
    const tag = (cells[3]!.match(/[A-Za-z]+/) ?? ['?'])[0]!;
    rules.push({ ids, id: cells[0]!.replace(/\s+/g, ' '), title: cells[1]!, tag });
  }
  return rules;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Test names that mention `PG3 <id>`, keyed by rule id. */
export function scanTests(root: string): Map<string, TestRef[]> {
  const byId = new Map<string, TestRef[]>();
  const re = /\b(it|test)(\.fails|\.skip|\.todo)?\(\s*(['"`])((?:\\.|(?!\3).)*)\3/g;
  for (const file of walk(join(root, 'tests'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(re)) {
      // A template-literal name is written out with its placeholders as "N" (e.g. "N random games of ...").
      const name = m[4]!.replace(/\\(.)/g, '$1').replace(/\$\{[^}]*\}/g, 'N');
      const head = name.match(/PG3\s+(\d+\.\d+(?:\s*\/\s*\d+\.\d+)*)/);
      if (!head) continue;
      const ids = [...head[1]!.matchAll(/\d+\.\d+/g)].map((x) => x[0]);
      for (const id of ids) {
        let l = byId.get(id);
        if (!l) byId.set(id, (l = []));
        l.push({ name, file: relative(root, file), fails: m[2] === '.fails' });
      }
    }
  }
  return byId;
}

const RULINGS = [
  ['5.4 "closer"', 'A move is closer when the hex distance to *any* enemy unit that threatens the mover (spots it, has it in range and could get a result with DF or AT) shrinks (movement.ts breaksCombatMovement).'],
  ['7.52 split columns', 'The official ruling: one roll read on each unit\'s own column. Switch `rules.splitColumns: false` reads every unit on the hex column (a unit shift counts only when it applies to every combat unit).'],
  ['8.2 hills', 'Hill hexes (elevation > 0) count as limiting terrain (official, "controversial"). Switch `rules.hillsLimiting`.'],
  ['10.1 fire over friends', 'Only HMG, AFV and AA units fire over friendly units (with a friendly-free hex beyond them) by default; switch `rules.fireOverFriendsAllUnits` extends it to every unit (reading L307 as an erratum).'],
  ['10.2 mixed ranges', 'With combined fire the long-range shift applies if any firer is beyond half its range; point blank only if all are adjacent; uphill only if all fire uphill.'],
  ['14.1 M1', 'M1 = +1 to the morale roll (designed; M = +0 and M2 = +2 are stated).'],
  ['11.0 AT result', 'A total of 10+ is a step loss; 13+ (designed, chart pack `antiTank.eliminate`) eliminates the vehicle.'],
  ['6.8 tank leaders', 'Tank leaders activate tank-symbol AFVs and APCs but give no morale or combat bonus; a tank leader is revealed when its stack activation leads other tanks. Nations with a number of tank leaders get them assigned secretly (shuffled at set-up; resampled by determinize).'],
  ['6.5 / 14.1 leader help', 'Morale checks automatically use the best eligible leader\'s morale modifier (no choice); recovery uses only leaders of the current activation.'],
  ['14.31 flee', 'Simplified: the fleeing unit goes to the cheapest safe hex within twice its MA (safe = no enemy threatens it there), else as far from enemy combat units as it can; out of an assault hex by one hex; a 0-MA weapon is eliminated. Leaders do not flee with units.'],
  ['16.5 reinforcements', 'Placed on their entry hexes at the start of their turn (before initiative); blocked entry waits one turn and may come in beside the entry hexes. They do not pay entry MP.'],
  ['4.4 with opportunity fire', 'The 3-unit shift is not applied to opportunity fire (13.2).'],
  ['12.4 higher morale', '+1 when the attacker\'s lowest combat-unit morale exceeds the defender\'s highest (leaders excluded).'],
  ['16.1 smoke drift', 'Smoke markers at turn end: 1 stays, 2 drifts in a d6 direction (designed), 3-6 removed.'],
  ['9.5 friendly fire column', 'The d6 picks a column from the chart pack\'s `friendlyFireColumns` (designed values).'],
  ['3.0 initiative loss', 'Initiative falls by 1 per `initiativeLossEvery` steps lost (scenario data).'],
];

function main(): void {
  const root = packageRoot();
  const digest = process.argv[2] ? resolve(process.argv[2]) : resolve(root, '../shared/digests/pg3.md');
  if (!existsSync(digest)) {
    console.error(`rules-coverage: cannot find the digest at ${digest} (pass its path as the first argument)`);
    process.exit(2);
  }
  const rules = parseInventory(readFileSync(digest, 'utf8'));
  const tests = scanTests(root);
  const statusFile = join(root, 'docs/rules/pg3-status.json');
  const statuses: Record<string, Status> = existsSync(statusFile) ? JSON.parse(readFileSync(statusFile, 'utf8')) : {};

  const known = new Set(rules.flatMap((r) => r.ids));
  const counts = new Map<string, number>();
  const rows: string[] = [];
  for (const r of rules) {
    const refs = r.ids.flatMap((id) => (tests.get(id) ?? []).map((t) => ({ ...t, id })));
    const unique = [...new Map(refs.map((t) => [t.name, t])).values()];
    const passing = unique.filter((t) => !t.fails);
    const st = r.ids.map((id) => statuses[id]).find((s) => s !== undefined);
    let status: string;
    let detail: string;
    if (passing.length > 0) {
      status = unique.some((t) => t.fails) ? 'tested (known bug)' : 'tested';
      detail = unique.map((t) => `${t.fails ? '**[fails]** ' : ''}${esc(t.name)}`).join('<br>');
      if (st && st.status !== 'implemented') detail += `<br>*${st.status}:* ${esc(st.note)}`;
    } else if (unique.length > 0) {
      status = 'known bug';
      detail = unique.map((t) => `**[fails]** ${esc(t.name)}`).join('<br>');
    } else if (st) {
      status = st.status;
      detail = esc(st.note);
    } else {
      status = 'untested';
      detail = '';
    }
    const key = `${r.tag}:${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    rows.push(`| ${esc(r.id)} | ${esc(r.title)} | ${r.tag} | ${status} | ${detail} |`);
  }
  const orphans = [...tests.keys()].filter((id) => !known.has(id)).sort();

  const tags = ['CORE', 'STD', 'OPT', 'CHROME', 'ref'];
  const statusNames = ['tested', 'tested (known bug)', 'known bug', 'implemented', 'partial', 'not done', 'untested'];
  const summary = tags.map((t) => {
    const parts = statusNames.map((s) => [s, counts.get(`${t}:${s}`) ?? 0] as const).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`);
    return parts.length > 0 ? `- **${t}**: ${parts.join(', ')}` : '';
  }).filter((x) => x !== '');

  const out = [
    '# PG3 rules coverage',
    '',
    '<!-- Generated by scripts/rules-coverage.ts (npm run coverage:rules). Do not edit: change the tests or docs/rules/pg3-status.json. -->',
    '',
    `Rules inventory: the digest's §3 table (${rules.length} rows). A rule is **tested** when a test in \`tests/\` names it (\`PG3 <id>\`); `,
    'otherwise its status comes from `docs/rules/pg3-status.json` (kept by hand after reading the engine): **implemented** (in the engine, no dedicated test), ',
    '**partial**, or **not done**. **[fails]** marks `it.fails` tests that document a suspected engine bug.',
    '',
    '## Summary',
    '',
    ...summary,
    '',
    '## Rules',
    '',
    '| Id | Title | Tag | Status | Tests / note |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## Rulings',
    '',
    'Where the text is ambiguous (digest §8.1) the engine decided as follows:',
    '',
    ...RULINGS.map(([k, v]) => `- **${k}**: ${v}`),
    '',
    ...(orphans.length > 0 ? ['## Test ids not in the inventory', '', ...orphans.map((id) => `- ${id}: ${(tests.get(id) ?? []).map((t) => esc(t.name)).join('; ')}`), ''] : []),
  ].join('\n');
  const target = join(root, 'docs/rules/pg3.md');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(`rules-coverage: wrote ${relative(process.cwd(), target) || target} (${rules.length} rules, ${[...tests.values()].flat().length} test references)`);
}

function esc(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

main();
