/**
 * The rule text `tacsim serve` links narration to: the rule books are not shipped, so a rule id ("8.2", "S-35")
 * leads to what tacsim ships about it, for any rules system: its row of the coverage table
 * (docs/rules/<system>.md: title, status, the tests that check it or what is missing) and the rulings that
 * cite it (docs/rules/<system>-rulings.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleBook, RuleInfo } from './client/protocol.js';

/** docs/rules of the package (beside dist/ when running compiled, beside src/ from the sources). */
export function rulesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.endsWith('/dist/src/web') ? join(here, '..', '..', '..') : join(here, '..', '..');
  return join(root, 'docs', 'rules');
}

const books = new Map<string, RuleBook | null>();

/** The rules of `system` from its coverage table and rulings; null when tacsim ships none for it. */
export function ruleBook(system: string): RuleBook | null {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(system)) return null;
  if (books.has(system)) return books.get(system)!;
  const table = join(rulesDir(), `${system}.md`);
  let book: RuleBook | null = null;
  if (existsSync(table)) {
    const text = readFileSync(table, 'utf8');
    const prefix = /^# (\S+)/m.exec(text)?.[1] ?? system.toUpperCase();
    const rules: Record<string, RuleInfo> = {};
    const rulings = rulingsByRule(join(rulesDir(), `${system}-rulings.json`));
    for (const line of text.split('\n')) {
      const cells = tableCells(line);
      if (cells === null || cells.length < 5) continue;
      const id = /^([A-Za-z]*-?[\d.]+[a-z]?)/.exec(cells[0]!)?.[1];
      if (id === undefined) continue;
      rules[id] = {
        id,
        title: cells[1]!,
        status: cells[3]!,
        note: cells.slice(4).join(' | ').replace(/<br>/g, '\n'),
        rulings: rulings.get(id) ?? [],
      };
    }
    for (const [id, list] of rulings) if (rules[id] === undefined) rules[id] = { id, title: '', status: '', note: '', rulings: list };
    book = { system, prefix, rules };
  }
  books.set(system, book);
  return book;
}

function tableCells(line: string): string[] | null {
  if (!line.startsWith('|') || line.startsWith('|---') || line.startsWith('| Id ')) return null;
  return line
    .slice(1, line.endsWith('|') ? -1 : undefined)
    .split(' | ')
    .map((c) => c.trim());
}

/**
 * Rulings by the rule ids they cite. Two shapes are shipped: a list of {topic: "8.2 hills", ruling}, and
 * {rulings: [{id, rules: ["S-36"], question, ruling}]}.
 */
function rulingsByRule(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!existsSync(file)) return out;
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const add = (id: string, text: string) => {
    const list = out.get(id) ?? [];
    list.push(text);
    out.set(id, list);
  };
  const list: unknown[] = Array.isArray(data) ? data : ((data as { rulings?: unknown[] }).rulings ?? []);
  for (const r of list) {
    if (typeof r !== 'object' || r === null) continue;
    const x = r as { id?: string; topic?: string; rules?: unknown; question?: string; ruling?: string };
    if (typeof x.ruling !== 'string') continue;
    if (Array.isArray(x.rules)) {
      const text = `${x.id !== undefined ? `${x.id}: ` : ''}${x.question !== undefined ? `${x.question} ` : ''}${x.ruling}`;
      for (const id of x.rules) if (typeof id === 'string') add(id, text);
    } else if (typeof x.topic === 'string') {
      const id = /^([\d.]+)/.exec(x.topic)?.[1];
      if (id !== undefined) add(id, `${x.topic}: ${x.ruling}`);
    }
  }
  return out;
}

/** The id a narration's rule reference resolves to: itself, else its parents ("7.61" -> "7.6" -> "7"). */
export function resolveRule(book: RuleBook, id: string): RuleInfo | undefined {
  for (let k = id; k.length > 0; k = k.slice(0, -1).replace(/\.$/, '')) {
    const r = book.rules[k];
    if (r !== undefined) return r;
  }
  return undefined;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The rules of a system as a page: one section per rule, with the anchor `r-<id>` the log's links point at. */
export function rulesPage(book: RuleBook): string {
  const rows = Object.values(book.rules)
    .map(
      (r) =>
        `<section id="r-${esc(r.id)}"><h2>${esc(book.prefix)} ${esc(r.id)} ${esc(r.title)}</h2>` +
        `${r.status ? `<p class="status">${esc(r.status)}</p>` : ''}` +
        `${r.note ? `<p>${esc(r.note).replace(/\n/g, '<br>')}</p>` : ''}` +
        r.rulings.map((t) => `<p class="ruling"><b>Ruling:</b> ${esc(t)}</p>`).join('') +
        '</section>',
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(book.prefix)} rules in tacsim</title>
<style>body{font:14px/1.4 system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}
h2{font-size:15px;margin:1.2em 0 .2em}.status{color:#555;margin:0}.ruling{background:#f4f1ea;padding:4px 8px}
section:target{background:#fff6c8;outline:4px solid #fff6c8}</style></head><body>
<h1>${esc(book.prefix)} rules in tacsim</h1>
<p>What tacsim ships about each rule: the coverage table (title, status, the tests that check it) and the rulings on it.
The rule books themselves are not included.</p>
${rows}
</body></html>
`;
}
