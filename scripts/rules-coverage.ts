/**
 * Generates docs/rules/<system>.md from the tests: which rules of a system (its digest's §3 inventory,
 * ../shared/digests/<system>.md) are tested, by which tests, the status of the rest
 * (docs/rules/<system>-status.json, kept by hand) and the rulings made where the text is ambiguous
 * (docs/rules/<system>-rulings.json, kept by hand).
 *
 *   npm run coverage:rules [-- --system ID] [-- --digest PATH]     (default system: pg3)
 *
 * A test covers a rule when its name contains `<PREFIX> <id>` (several ids: `PG3 4.1 / 4.5: ...`),
 * PREFIX being the system id in capitals (PG3, SPG, IA2, ...).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Rule {
  ids: string[];
  id: string;
  title: string;
  tag: string;
}
interface TestRef {
  name: string;
  file: string;
  fails: boolean;
}
interface Status {
  status: 'implemented' | 'partial' | 'not done';
  note: string;
}
/** One ruling: the rule it settles, what the engine does, and the scenario switch that selects the other reading, if any. */
interface Ruling {
  topic: string;
  ruling: string;
  switch?: string;
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tests'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the package root (package.json next to tests/)');
}

/**
 * A rule id: section numbers of any depth ("12.4", "4.4.3.2.1"), SPG-style headings ("S-35"), or a book's own Roman-numeral
 * numbering ("VII.C.10", "V.C.2.a", "XIII"; a range such as "VII.B.1-2" is named by its first id).
 */
const ROMAN_ID_SOURCE = '(?<![A-Za-z])[IVX]+(?:\\.[A-Z](?:\\.\\d+(?:\\.[a-z](?:\\.\\d+)?)?)?)?(?![A-Za-z])';
const RULE_ID_SOURCE = `(?:S-\\d{2}|\\d+(?:\\.\\d+)+|${ROMAN_ID_SOURCE})`;
const RULE_ID = new RegExp(RULE_ID_SOURCE, 'g');

/**
 * The ids a Roman-numeral id followed by a range names: "IX.A.1" then "-7" gives IX.A.1 ... IX.A.7, "IV.A"
 * then "-C" gives IV.A, IV.B, IV.C; any other id stands alone.
 */
function expandRange(id: string, rest: string): string[] {
  const end = /^-(\d+|[A-Z])(?![A-Za-z0-9])/.exec(rest);
  const last = /(\d+|[A-Z])$/.exec(id);
  if (!end || !last || !/^[IVX]+\./.test(id)) return [id];
  const prefix = id.slice(0, id.length - last[1]!.length);
  const numeric = /^\d+$/.test(last[1]!);
  if (numeric !== /^\d+$/.test(end[1]!)) return [id];
  const from = numeric ? Number(last[1]) : last[1]!.charCodeAt(0);
  const to = numeric ? Number(end[1]) : end[1]!.charCodeAt(0);
  if (to <= from || to - from > 30) return [id];
  return Array.from({ length: to - from + 1 }, (_, k) => prefix + (numeric ? String(from + k) : String.fromCharCode(from + k)));
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
    const cells = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length < 4 || cells[0] === 'Id' || /^-+$/.test(cells[0]!)) continue;
    const ids = [...cells[0]!.matchAll(RULE_ID)].flatMap((m) => expandRange(m[0], cells[0]!.slice(m.index + m[0].length)));
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

/** Test names that mention `<prefix> <id>`, keyed by rule id. */
export function scanTests(root: string, prefix: string): Map<string, TestRef[]> {
  const idsAfterPrefix = new RegExp(`${prefix.replace(/[^A-Za-z0-9]/g, '\\$&')}\\s+(${RULE_ID_SOURCE}(?:\\s*\\/\\s*${RULE_ID_SOURCE})*)`);
  const byId = new Map<string, TestRef[]>();
  const re = /\b(it|test)(\.fails|\.skip|\.todo)?\(\s*(['"`])((?:\\.|(?!\3).)*)\3/g;
  for (const file of walk(join(root, 'tests'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(re)) {
      // A template-literal name is written out with its placeholders as "N" (e.g. "N random games of ...").
      const name = m[4]!.replace(/\\(.)/g, '$1').replace(/\$\{[^}]*\}/g, 'N');
      const head = name.match(idsAfterPrefix);
      if (!head) continue;
      const ids = [...head[1]!.matchAll(RULE_ID)].map((x) => x[0]);
      for (const id of ids) {
        let l = byId.get(id);
        if (!l) byId.set(id, (l = []));
        l.push({ name, file: relative(root, file), fails: m[2] === '.fails' });
      }
    }
  }
  return byId;
}

interface Args {
  system: string;
  digest: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { system: 'pg3', digest: undefined };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--system' || a === '--digest') {
      const v = argv[++k];
      if (v === undefined || v.startsWith('--')) fail(`${a} needs a value`);
      if (a === '--system') args.system = v;
      else args.digest = v;
    } else if (!a.startsWith('--') && args.digest === undefined) args.digest = a;
    else fail(`unknown argument "${a}" (usage: rules-coverage [--system ID] [--digest PATH])`);
  }
  if (!/^[a-z0-9-]+$/.test(args.system)) fail(`--system must be a system id such as pg3, not "${args.system}"`);
  return args;
}

function fail(message: string): never {
  console.error(`rules-coverage: ${message}`);
  process.exit(2);
}

function readJson<T>(file: string, fallback: T): T {
  if (!existsSync(file)) return fallback;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (e) {
    fail(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

function main(): void {
  const root = packageRoot();
  const { system, digest: digestArg } = parseArgs(process.argv.slice(2));
  const prefix = system.toUpperCase();
  const digest = digestArg ? resolve(digestArg) : resolve(root, `../shared/digests/${system}.md`);
  if (!existsSync(digest)) fail(`cannot find the digest at ${digest} (pass its path with --digest)`);
  const rules = parseInventory(readFileSync(digest, 'utf8'));
  const tests = scanTests(root, prefix);
  const statusName = `docs/rules/${system}-status.json`;
  const rulingsName = `docs/rules/${system}-rulings.json`;
  const statuses = readJson<Record<string, Status>>(join(root, statusName), {});
  // A plain list, or a rulings file with ids and questions ({ "rulings": [{ "id", "question", "ruling", "switch" }] }).
  const rulingsFile = readJson<Ruling[] | { rulings: { id: string; question: string; ruling: string; switch?: string | null }[] }>(
    join(root, rulingsName),
    [],
  );
  const rulings: Ruling[] = Array.isArray(rulingsFile)
    ? rulingsFile
    : rulingsFile.rulings.map((r) => ({ topic: `${r.id}: ${r.question}`, ruling: r.ruling, ...(r.switch ? { switch: r.switch } : {}) }));
  if (!Array.isArray(rulings) || !rulings.every((r) => typeof r.topic === 'string' && typeof r.ruling === 'string')) {
    fail(`${rulingsName}: must be a list of { "topic": ..., "ruling": ..., "switch"?: ... }`);
  }

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
      // A rule with tests but a status note saying part of it is missing is not simply "tested".
      status = unique.some((t) => t.fails) ? 'tested (known bug)' : st?.status === 'partial' ? 'partial (tested)' : 'tested';
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

  // The tags in the order the digests use them; a digest may spell them out (STANDARD, OPTIONAL, INFO).
  const tags = ['CORE', 'BASIC', 'STD', 'STANDARD', 'ADVANCED', 'OPT', 'OPTIONAL', 'CHROME', 'ref', 'INFO'];
  const statusNames = ['tested', 'partial (tested)', 'tested (known bug)', 'known bug', 'implemented', 'partial', 'not done', 'untested'];
  const summary = tags
    .map((t) => {
      const parts = statusNames
        .map((s) => [s, counts.get(`${t}:${s}`) ?? 0] as const)
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `${n} ${s}`);
      return parts.length > 0 ? `- **${t}**: ${parts.join(', ')}` : '';
    })
    .filter((x) => x !== '');

  const out = [
    `# ${prefix} rules coverage`,
    '',
    `<!-- Generated by scripts/rules-coverage.ts (npm run coverage:rules -- --system ${system}). Do not edit: change the tests, ${statusName} or ${rulingsName}. -->`,
    '',
    `Rules inventory: the digest's §3 table (${rules.length} rows). A rule is **tested** when a test in \`tests/\` names it (\`${prefix} <id>\`); `,
    `otherwise its status comes from \`${statusName}\` (kept by hand after reading the engine): **implemented** (in the engine, no dedicated test), `,
    '**partial**, or **not done**; a tested rule that file marks partial is **partial (tested)**, its note saying what is missing. ',
    '**[fails]** marks `it.fails` tests that document a suspected engine bug.',
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
    `Where the text is ambiguous (digest §8.1) the engine decided as follows (\`${rulingsName}\`):`,
    '',
    ...rulings.map((r) => `- **${r.topic}**: ${r.ruling}${r.switch ? ` (switch \`${r.switch}\`)` : ''}`),
    '',
    ...(orphans.length > 0
      ? [
          '## Test ids not in the inventory',
          '',
          ...orphans.map((id) => `- ${id}: ${(tests.get(id) ?? []).map((t) => esc(t.name)).join('; ')}`),
          '',
        ]
      : []),
  ].join('\n');
  const target = join(root, `docs/rules/${system}.md`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(
    `rules-coverage: wrote ${relative(process.cwd(), target) || target} (${rules.length} rules, ${[...tests.values()].flat().length} test references)`,
  );
}

function esc(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

main();
