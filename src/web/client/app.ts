/**
 * The page of `tacsim serve`: draws the board view the server sends (system-neutral: hexes, units with labels and
 * markers, objectives), lets the player click units and hexes to pick among the legal actions the server lists,
 * shows the odds of a combat action before it is committed, takes commands typed as at the terminal's prompt,
 * and follows the computer's turn. The page holds nothing the server did not send for the player's side; every
 * action is checked by the engine on the server.
 */

import type {
  BoardHex,
  BoardUnit,
  BoardView,
  CommandRequest,
  GamePayload as Payload,
  LegalAction,
  LogEntry,
  Odds,
  RuleBook,
  RuleInfo,
  Setup,
} from './protocol.js';

const SVG = 'http://www.w3.org/2000/svg';
const R = 40; // hex radius in map units
const SIDE_FILL = ['#9fb7d8', '#d89a8a', '#c8c89a', '#aad0a8'];
const SIDE_TEXT = ['#10223f', '#3f1010', '#303010', '#103010'];
const STORAGE = 'tacsim-game';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

let game: Payload | null = null;
let log: LogEntry[] = [];
let selected: number | null = null;
let pending: LegalAction[] | null = null;
let busy = false;
let pollTimer: number | undefined;
let thinkingSince = 0;
/** The last log entry shown on the map: the computer's actions after it wait in `animQueue`. */
let animatedSeq = 0;
const animQueue: LogEntry[] = [];
let animating = false;
/** Milliseconds per animated action of the computer (?anim=MS; 0 draws them at once). */
const ANIM_MS = Math.max(0, Number(new URLSearchParams(location.search).get('anim') ?? 700) || 0);
/** What tacsim ships about the rules of the game's system, for the log's rule links. */
let rules: RuleBook | null = null;
let rulesOf = '';
const tacsim = {
  get game() {
    return game;
  },
  get log() {
    return log;
  },
  get idle() {
    return (
      game !== null &&
      !busy &&
      !animating &&
      animQueue.length === 0 &&
      game.thinking === null &&
      (game.yourTurn || game.over !== null || game.error !== null)
    );
  },
};
(window as unknown as { tacsim: typeof tacsim }).tacsim = tacsim;

// ---------- server calls ----------

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
  if (!res.ok) throw new Error(data.error ?? `${res.status} ${res.statusText}`);
  return data;
}

function setMessage(text: string, info = false): void {
  const m = $('message');
  m.textContent = text;
  m.className = info ? 'info' : '';
}

async function newGame(params: Record<string, string> = {}): Promise<void> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== '') body[k] = v;
  const p = (await call('POST', '/api/games', body)) as Payload;
  sessionStorage.setItem(STORAGE, p.id);
  log = [];
  animatedSeq = 0;
  selected = null;
  pending = null;
  receive(p, true);
}

async function resume(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const id = sessionStorage.getItem(STORAGE);
  if (id !== null && !q.has('new')) {
    try {
      const p = (await call('GET', `/api/games/${encodeURIComponent(id)}`)) as Payload;
      log = [];
      receive(p, true);
      return;
    } catch (e) {
      setMessage(`${(e as Error).message}`, true);
    }
  }
  const params: Record<string, string> = {};
  for (const k of ['scenario', 'side', 'ai', 'seed']) {
    const v = q.get(k);
    if (v !== null) params[k] = v;
  }
  await newGame(params);
}

/** A payload from the server: its log entries are those after the last one the page has (or all, `reset`). */
function receive(p: Payload, reset = false): void {
  if (reset) log = [];
  const last = log.length > 0 ? log[log.length - 1]!.seq : 0;
  if (p.log.length > 0 && p.log[0]!.seq <= last) log = log.filter((e) => e.seq < p.log[0]!.seq);
  log.push(...p.log);
  const lastSeq = log.length > 0 ? log[log.length - 1]!.seq : 0;
  if (reset || ANIM_MS === 0) {
    animQueue.length = 0;
    animatedSeq = lastSeq;
  } else {
    if (animatedSeq > lastSeq) animatedSeq = lastSeq; // undone
    const queued = animQueue.length > 0 ? animQueue[animQueue.length - 1]!.seq : animatedSeq;
    for (const e of p.log) {
      if (e.seq <= queued) continue;
      if (e.seat === p.human && animQueue.length === 0 && !animating) animatedSeq = e.seq;
      else animQueue.push(e);
    }
  }
  game = p;
  if (rulesOf !== p.scenario.system) loadRules(p.scenario.system);
  // The server's clock of the decision under way (the computer may take several decisions between two polls).
  if (p.thinking !== null) thinkingSince = performance.now() - p.thinking.ms;
  if (p.thinking === null) thinkingSince = 0;
  if (selected !== null && !p.board.units.some((u) => u.unit === selected && u.hex >= 0)) selected = null;
  render();
  schedulePoll();
}

function schedulePoll(): void {
  if (pollTimer !== undefined) clearTimeout(pollTimer);
  pollTimer = undefined;
  if (game === null || game.thinking === null) return;
  pollTimer = window.setTimeout(async () => {
    pollTimer = undefined;
    if (game === null) return;
    try {
      const last = log.length > 0 ? log[log.length - 1]!.seq : 0;
      receive((await call('GET', `/api/games/${game.id}?since=${last}`)) as Payload);
    } catch (e) {
      setMessage((e as Error).message);
    }
  }, 300);
}

async function play(a: LegalAction): Promise<void> {
  await decide('actions', { action: a.key });
}

/** A decision of the player, a listed action (`actions`) or a typed command (`command`): whether it was taken. */
async function decide(path: 'actions' | 'command', body: { action: string } | CommandRequest): Promise<boolean> {
  if (game === null || busy) return false;
  busy = true;
  pending = null;
  try {
    const last = log.length > 0 ? log[log.length - 1]!.seq : 0;
    const p = (await call('POST', `/api/games/${game.id}/${path}`, body)) as Payload;
    if (p.log.length === 0 || p.log[0]!.seq > last + 1) {
      receive((await call('GET', `/api/games/${game.id}?since=${last}`)) as Payload);
    } else receive(p);
    setMessage('');
    if (selected !== null && !game!.legal.some((x) => x.units.includes(selected!))) selected = null;
    return true;
  } catch (e) {
    setMessage((e as Error).message);
    return false;
  } finally {
    busy = false;
    render();
  }
}

/** A combat action: its odds first, committed on Confirm. */
async function offer(actions: LegalAction[]): Promise<void> {
  if (game === null) return;
  if (actions.length === 1 && !actions[0]!.combat) return play(actions[0]!);
  pending = actions;
  const a = actions[0]!;
  if (actions.length > 1) {
    renderActions();
    return;
  }
  try {
    const r = (await call('GET', `/api/games/${game.id}/odds?action=${encodeURIComponent(a.key)}`)) as Odds;
    $('odds-title').textContent = a.label;
    $('odds-lines').textContent = r.lines.length > 0 ? r.lines.join('\n') : 'no chart odds for this action';
    $('odds').hidden = false;
    $('confirm').onclick = () => {
      $('odds').hidden = true;
      void play(a);
    };
    $('cancel').onclick = () => {
      $('odds').hidden = true;
      pending = null;
      render();
    };
    $('confirm').focus();
  } catch (e) {
    setMessage((e as Error).message);
  }
}

// ---------- geometry ----------

function geometry(b: BoardView) {
  const pointy = b.orientation.startsWith('pointy');
  const shiftOdd = b.orientation.endsWith('odd') ? 1 : 0;
  const s3 = Math.sqrt(3);
  const center = (col: number, row: number): [number, number] => {
    if (pointy) return [R * s3 * (col + 0.5 + ((row & 1) === shiftOdd ? 0.5 : 0)), R * (1 + 1.5 * row)];
    return [R * (1 + 1.5 * col), R * s3 * (row + 0.5 + ((col & 1) === shiftOdd ? 0.5 : 0))];
  };
  const corners = (x: number, y: number, r = R): string => {
    const pts: string[] = [];
    for (let k = 0; k < 6; k++) {
      const ang = ((pointy ? 60 * k - 30 : 60 * k) * Math.PI) / 180;
      pts.push(`${(x + r * Math.cos(ang)).toFixed(1)},${(y + r * Math.sin(ang)).toFixed(1)}`);
    }
    return pts.join(' ');
  };
  /** Angle of the hexside in direction d (the kernel's direction order: flat N NE SE S SW NW, pointy NE E SE SW W NW). */
  const dirAngle = (d: number): number => ((pointy ? -60 + 60 * d : -90 + 60 * d) * Math.PI) / 180;
  const width = pointy ? R * s3 * (b.width + 0.5) : R * (1.5 * b.width + 0.5);
  const height = pointy ? R * (1.5 * b.height + 0.5) : R * s3 * (b.height + 0.5);
  return { center, corners, dirAngle, width, height };
}

// ---------- drawing ----------

let view = { x: 0, y: 0, w: 100, h: 100 };
let fitted = '';

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent: Element, x: number, y: number, content: string, attrs: Record<string, string | number> = {}): SVGTextElement {
  const t = el('text', { x, y, 'text-anchor': 'middle', ...attrs }, parent);
  t.textContent = content;
  return t;
}

function myActions(): readonly LegalAction[] {
  return game?.yourTurn ? game.legal : [];
}

function render(): void {
  if (game === null) return;
  const g = game;
  $('title').textContent = `${g.scenario.title} - you: ${g.scenario.sides[g.human]?.name ?? ''}`;
  $('status').textContent = g.board.status;
  const over = $('over');
  over.hidden = g.over === null;
  over.textContent = g.over ?? '';
  const err = $('error');
  err.hidden = g.error === null;
  err.textContent = g.error ?? '';
  ($('undo') as HTMLButtonElement).disabled = g.thinking !== null || busy;
  const th = $('thinking');
  th.hidden = g.thinking === null;
  if (g.thinking !== null) showThinking();
  drawMap();
  renderOffMap();
  renderSelection();
  renderActions();
  renderCommandBox();
  renderLog();
  renderWhy();
}

function drawMap(): void {
  const g = game!;
  const b = g.board;
  const geo = geometry(b);
  const svg = $('map') as unknown as SVGSVGElement;
  const key = `${g.id}:${b.width}x${b.height}`;
  if (fitted !== key) {
    fitted = key;
    view = { x: -10, y: -10, w: geo.width + 20, h: geo.height + 20 };
  }
  svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  svg.replaceChildren();
  const defs = el('defs', {}, svg);
  for (const [id, color] of [
    ['arrow', '#1846c0'],
    ['arrow-red', '#e01010'],
  ] as const) {
    const m = el(
      'marker',
      { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' },
      defs,
    );
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: color }, m);
  }
  const terrainLayer = el('g', {}, svg);
  const featureLayer = el('g', {}, svg);
  const hlLayer = el('g', { class: 'hl' }, svg);
  const objLayer = el('g', {}, svg);
  const unitLayer = el('g', {}, svg);
  const animLayer = el('g', {}, svg);
  const centers = new Map<number, [number, number]>();
  for (const h of b.hexes) {
    const [x, y] = geo.center(h.col, h.row);
    centers.set(h.hex, [x, y]);
    const poly = el(
      'polygon',
      { points: geo.corners(x, y), class: 'hex', fill: b.terrain[h.terrain] ?? '#ccc', 'data-hex': h.hex, 'data-label': h.label },
      terrainLayer,
    );
    if (h.elevation > 0)
      el(
        'polygon',
        { points: geo.corners(x, y, R - 1), fill: '#6b4a1e', opacity: Math.min(0.36, 0.11 * h.elevation), 'pointer-events': 'none' },
        terrainLayer,
      );
    else if (h.elevation < 0)
      el(
        'polygon',
        { points: geo.corners(x, y, R - 1), fill: '#1e3a6b', opacity: Math.min(0.36, -0.11 * h.elevation), 'pointer-events': 'none' },
        terrainLayer,
      );
    poly.addEventListener('click', () => clickHex(h.hex));
    poly.addEventListener('mouseenter', () => hoverHex(h));
    text(terrainLayer, x, y - R * 0.62, h.label, { class: 'hex-label' });
    if (h.elevation !== 0) text(terrainLayer, x - R * 0.62, y + 3, String(h.elevation), { class: 'elev' });
    for (const s of h.sides) {
      const a = geo.dirAngle(s.dir);
      const d = (R * Math.sqrt(3)) / 2;
      el('line', { x1: x, y1: y, x2: x + d * Math.cos(a), y2: y + d * Math.sin(a), class: s.feature }, featureLayer);
    }
    drawHexMarkers(featureLayer, h, x, y);
  }
  for (const o of b.objectives) {
    const c = centers.get(o.hex);
    if (!c) continue;
    const [x, y] = c;
    const star = el('g', { class: 'objective', transform: `translate(${x + R * 0.55},${y - R * 0.3})` }, objLayer);
    el(
      'polygon',
      {
        points: starPoints(11, 5),
        fill: o.controller >= 0 ? (SIDE_FILL[o.controller] ?? '#fff') : '#fff',
        stroke: '#a07000',
        'stroke-width': 2,
      },
      star,
    );
    text(star, 0, 4, String(o.vp), { 'font-size': 9, 'font-weight': 'bold' });
  }
  // Highlights: the selected unit's actions, or every acting hex when nothing is selected.
  const acts = myActions();
  const forSel = selected === null ? [] : acts.filter((a) => a.units.includes(selected!));
  const hl = (h: number, cls: string): void => {
    const c = centers.get(h);
    if (c) el('polygon', { points: geo.corners(c[0], c[1], R - 2), class: cls, 'data-hl': cls }, hlLayer);
  };
  if (selected !== null) {
    for (const a of acts) if (a.units.length === 0 && a.target >= 0) hl(a.target, a.kind === 'assault' ? 'hl-assault' : 'hl-fire');
    for (const a of forSel) {
      if (a.kind === 'move' && a.to >= 0) hl(a.to, 'hl-move');
      if (a.target >= 0) hl(a.target, a.kind === 'assault' ? 'hl-assault' : 'hl-fire');
    }
  } else {
    const from = new Set<number>();
    for (const a of acts) if (a.from >= 0) from.add(a.from);
    for (const h of from) hl(h, 'hl-act');
    for (const a of acts) if (a.target >= 0 && a.units.length === 0) hl(a.target, a.kind === 'assault' ? 'hl-assault' : 'hl-fire');
  }
  // The other side's actions since the player's last decision stay marked.
  for (let k = log.length - 1; k >= 0 && log[k]!.seat !== game!.human; k--) {
    const p = log[k]!.place;
    for (const h of [p.from, p.to, p.target]) if (h >= 0) hl(h, 'hl-last');
  }
  drawUnits(unitLayer, centers);
  drawRecent(animLayer, centers);
  mapCenters = centers;
  const overlay = $('anim');
  overlay.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  void runAnimations();
}

/** The computer at work: elapsed time and the search iterations its worker reported so far. */
function showThinking(): void {
  const t = game!.thinking!;
  const side = game!.scenario.sides[t.seat];
  const secs = ((performance.now() - thinkingSince) / 1000).toFixed(1);
  const box = $('thinking-text');
  box.textContent = `${side?.name ?? 'the computer'} (${game!.ai}) is thinking... ${secs} s${
    t.iterations > 0 ? `, ${t.iterations.toLocaleString('en')} iterations` : ''
  }`;
  box.dataset.iterations = String(t.iterations);
}

function starPoints(r: number, points: number): string {
  const out: string[] = [];
  for (let k = 0; k < points * 2; k++) {
    const rr = k % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI * k) / points - Math.PI / 2;
    out.push(`${(rr * Math.cos(a)).toFixed(1)},${(rr * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

const HEX_MARKERS: Record<string, [string, string]> = {
  smoke: ['#8d8d8d', 'SMOKE'],
  mines: ['#b02020', 'MINES'],
  wreck: ['#333', 'WRECK'],
  entrenchment: ['#6b4a1e', 'ENTR'],
  foxholes: ['#6b4a1e', 'FOX'],
  wire: ['#555', 'WIRE'],
  fortification: ['#444', 'FORT'],
  'heavy building': ['#7a5b3b', 'HVY'],
  'AT ditch': ['#5b3b1b', 'DITCH'],
  cleared: ['#2a7a2a', 'CLEARED'],
  barrage: ['#a0521e', 'BARR'],
  drumfire: ['#a0521e', 'DRUM'],
};

function drawHexMarkers(layer: Element, h: BoardHex, x: number, y: number): void {
  let k = 0;
  for (const m of h.markers) {
    if (m === 'smoke') {
      el('circle', { cx: x, cy: y, r: R * 0.75, fill: '#9a9a9a', opacity: 0.55, 'pointer-events': 'none' }, layer);
    }
    const [color, label] = HEX_MARKERS[m] ?? ['#444', m.toUpperCase().slice(0, 6)];
    const yy = y + R * 0.62 - k * 10;
    el('rect', { x: x - 16, y: yy - 7, width: 32, height: 9, rx: 2, fill: color, opacity: 0.9, 'pointer-events': 'none' }, layer);
    text(layer, x, yy, label, { 'font-size': 6.5, fill: '#fff', 'pointer-events': 'none', 'font-weight': 'bold' });
    k++;
  }
}

const MARKER_STYLE: Record<string, [string, string, string]> = {
  disrupted: ['D', '#f0c000', '#000'],
  demoralized: ['DM', '#c00000', '#fff'],
  moved: ['M', '#2050c0', '#fff'],
  fired: ['F', '#c04000', '#fff'],
  spent: ['S', '#555', '#fff'],
  'dug in': ['DI', '#6b4a1e', '#fff'],
  digging: ['dg', '#a08060', '#fff'],
  entrenched: ['E', '#6b4a1e', '#fff'],
  'tank leader': ['TL', '#000', '#ff0'],
  hidden: ['H', '#333', '#9f9'],
  spotted: ['SP', '#fff', '#000'],
  activating: ['A', '#0a0', '#fff'],
  limbered: ['L', '#666', '#fff'],
  packed: ['P', '#666', '#fff'],
  carried: ['C', '#666', '#fff'],
  immobile: ['IM', '#800', '#fff'],
};

function drawUnits(layer: Element, centers: Map<number, [number, number]>): void {
  const g = game!;
  const byHex = new Map<number, BoardUnit[]>();
  for (const u of g.board.units) {
    if (u.hex < 0) continue;
    const list = byHex.get(u.hex) ?? [];
    list.push(u);
    byHex.set(u.hex, list);
  }
  const size = R * 0.95;
  for (const [h, units] of byHex) {
    const c = centers.get(h);
    if (!c) continue;
    // The selected unit on top; the others stacked beneath, fanned out on hover.
    units.sort((a, b) => Number(a.unit === selected) - Number(b.unit === selected) || Number(b.leader) - Number(a.leader));
    const stack = el('g', { class: 'stack', 'data-stack': h }, layer);
    const n = units.length;
    const counters: SVGGElement[] = [];
    units.forEach((u, k) => {
      const off = (k - (n - 1)) * 4;
      const cg = el(
        'g',
        {
          class: 'counter',
          'data-unit': u.unit,
          'data-side': u.side,
          transform: `translate(${c[0] - size / 2 + off},${c[1] - size / 2 + off + 2})`,
        },
        stack,
      );
      counters.push(cg);
      drawCounter(cg, u, size);
      cg.addEventListener('click', (ev) => {
        ev.stopPropagation();
        clickUnit(u);
      });
      cg.addEventListener('mouseenter', () => hoverUnit(u));
    });
    if (n > 1) {
      stack.addEventListener('mouseenter', () => {
        counters.forEach((cg, k) => {
          const dx = (k - (n - 1) / 2) * (size + 3);
          cg.setAttribute('transform', `translate(${c[0] - size / 2 + dx},${c[1] - size * 1.6})`);
        });
        if (layer.lastChild !== stack) layer.appendChild(stack);
      });
      stack.addEventListener('mouseleave', () => {
        counters.forEach((cg, k) => {
          const off = (k - (n - 1)) * 4;
          cg.setAttribute('transform', `translate(${c[0] - size / 2 + off},${c[1] - size / 2 + off + 2})`);
        });
      });
    }
  }
}

function drawCounter(cg: SVGGElement, u: BoardUnit, size: number): void {
  const fill = SIDE_FILL[u.side] ?? '#ddd';
  const ink = SIDE_TEXT[u.side] ?? '#000';
  if (u.markers.includes('spent')) cg.classList.add('spent');
  if (u.unit === selected) cg.classList.add('selected');
  el('rect', { class: 'body', width: size, height: size, rx: u.leader ? size / 2 : 3, fill }, cg);
  if (u.reduced) el('rect', { x: 0, y: 0, width: size, height: 5, fill: '#fff', opacity: 0.85 }, cg);
  const name = u.name.length > 14 ? `${u.name.slice(0, 13)}.` : u.name;
  text(cg, size / 2, 11, name, {
    'font-size': 6,
    fill: ink,
    ...(name.length > 10 ? { textLength: size - 6, lengthAdjust: 'spacingAndGlyphs' } : {}),
  });
  drawSymbol(cg, u, size, ink);
  const long = u.values.length > 9;
  text(cg, size / 2, size - 4, u.values, {
    'font-size': long ? 7 : 8.5,
    'font-weight': 'bold',
    fill: ink,
    ...(long ? { textLength: size - 4, lengthAdjust: 'spacingAndGlyphs' } : {}),
  });
  // Status markers: small tags on the right edge.
  let k = 0;
  for (const m of u.markers) {
    const st = MARKER_STYLE[m];
    if (!st || m === 'spent') continue;
    const tg = el('g', { transform: `translate(${size - 9},${-4 + k * 10})`, 'data-marker': m }, cg);
    el('rect', { width: 13, height: 9, rx: 1.5, fill: st[1], stroke: '#000', 'stroke-width': 0.4 }, tg);
    text(tg, 6.5, 7, st[0], { 'font-size': 6.5, 'font-weight': 'bold', fill: st[2] });
    k++;
  }
}

/** The counter style: a NATO-like symbol by unit type (any system's types fall back to a plain box). */
function drawSymbol(cg: SVGGElement, u: BoardUnit, size: number, ink: string): void {
  const w = size * 0.5;
  const h = size * 0.3;
  const x = (size - w) / 2;
  const y = size * 0.34;
  const t = u.type.toLowerCase();
  if (u.leader) {
    text(cg, size / 2, y + h * 0.8, '\u2605', { 'font-size': 13, fill: ink });
    return;
  }
  el('rect', { x, y, width: w, height: h, fill: 'none', stroke: ink, 'stroke-width': 1.2 }, cg);
  const line = (x1: number, y1: number, x2: number, y2: number) => el('line', { x1, y1, x2, y2, stroke: ink, 'stroke-width': 1.1 }, cg);
  if (/inf|rifle|leg|engineer|cav|sub|pio|para|guard/.test(t)) {
    line(x, y, x + w, y + h);
    line(x, y + h, x + w, y);
  }
  if (/tank|afv|armou?r|spg|assault|td|sp/.test(t))
    el('ellipse', { cx: x + w / 2, cy: y + h / 2, rx: w * 0.35, ry: h * 0.3, fill: 'none', stroke: ink, 'stroke-width': 1.1 }, cg);
  if (/hmg|mg|machine/.test(t)) line(x + w / 2, y + h, x + w / 2, y + 2);
  if (/gun|art|howitzer|at|mortar|flak/.test(t) && !/tank|assault/.test(t))
    el('circle', { cx: x + w / 2, cy: y + h / 2, r: 2.2, fill: ink }, cg);
  if (/truck|wagon|transport|halftrack|apc|carrier/.test(t))
    el('circle', { cx: x + w / 2, cy: y + h + 3, r: 1.8, fill: 'none', stroke: ink }, cg);
}

/** Combats of the last this many log entries keep their result drawn at their hex. */
const RESULTS_KEPT = 16;

/**
 * What happened lately stays drawn: the other side's move arrows and fire lines since the player's last decision
 * (once animated), and the result of each recent combat at its target hex.
 */
function drawRecent(layer: Element, centers: Map<number, [number, number]>): void {
  const human = game!.human;
  let k = log.length;
  while (k > 0 && log[k - 1]!.seat !== human) k--;
  const shown = (e: LogEntry) => e.seq <= animatedSeq;
  for (const e of log.slice(k).filter(shown)) {
    const line = pathLine(e, centers);
    if (line) el('line', { ...line, class: e.place.kind === 'move' ? 'anim-move' : 'anim-fire', 'data-seq': e.seq }, layer);
  }
  // The last combat at each hex, with what later entries narrate about that hex (a result resolved afterwards,
  // e.g. an assault at the end of the activation).
  const results = new Map<number, { entry: LogEntry; lines: string[] }>();
  for (const e of log.slice(-RESULTS_KEPT).filter(shown)) {
    if (e.place.target >= 0 && (e.place.kind === 'fire' || e.place.kind === 'assault')) {
      results.set(e.place.target, { entry: e, lines: [...e.narration] });
      continue;
    }
    if (e.place.target >= 0 || e.place.to >= 0) continue;
    for (const [hex, r] of results) {
      const label = game!.board.hexes[hex]?.label;
      if (label === undefined) continue;
      const mentions = new RegExp(`(^|\\D)${label}(\\D|$)`);
      if (e.narration.some((l) => mentions.test(l))) r.lines.push(...e.narration);
    }
  }
  for (const [hex, r] of results) {
    const c = centers.get(hex);
    if (c) resultTag(layer, r.entry, r.lines, c[0], c[1]);
  }
}

/** The line an action is drawn with: from its units' hex to where they moved, fired or assaulted. */
function pathLine(e: LogEntry, centers: Map<number, [number, number]>): { x1: number; y1: number; x2: number; y2: number } | null {
  const p = e.place;
  const a = centers.get(p.from);
  const b = centers.get(p.kind === 'move' || (p.kind === 'assault' && p.to >= 0) ? p.to : p.target);
  if (!a || !b || (a[0] === b[0] && a[1] === b[1])) return null;
  return { x1: a[0], y1: a[1], x2: b[0], y2: b[1] };
}

/**
 * The outcome of a combat in a few words per narration line: what it is (before the first colon) and how it
 * ended (after the last one), rule ids left out.
 */
function resultLines(narration: readonly string[]): string[] {
  return narration
    .map((l) => l.replace(/\s*\[[^\]]*\]/g, '').trim())
    .map((l) => {
      const first = l.indexOf(': ');
      const last = l.lastIndexOf(': ');
      const short = first < 0 ? l : first === last ? l : `${l.slice(0, first)} \u2026 ${l.slice(last + 2)}`;
      return short.length > 46 ? `${short.slice(0, 45)}\u2026` : short;
    })
    .filter((l) => l.length > 0);
}

function resultTag(layer: Element, e: LogEntry, narration: readonly string[], x: number, y: number): void {
  const all = resultLines(narration);
  if (all.length === 0) return;
  const shown = all.length > 5 ? [...all.slice(0, 4), `(${all.length - 4} more in the log)`] : all;
  const w = Math.max(...shown.map((l) => l.length)) * 3.6 + 10;
  const h = shown.length * 8.5 + 5;
  const g = el(
    'g',
    { class: `result ${e.place.kind}`, 'data-result': e.seq, transform: `translate(${x - w / 2},${y - R * 0.95 - h})` },
    layer,
  );
  el('rect', { width: w, height: h, rx: 3 }, g);
  shown.forEach((l, k) => {
    text(g, w / 2, 9.5 + k * 8.5, l, { 'font-size': 6.8 });
  });
}

let mapCenters = new Map<number, [number, number]>();

/** Plays the computer's new actions on the map one after another: a counter along its move, a fire line and its result. */
async function runAnimations(): Promise<void> {
  if (animating || animQueue.length === 0 || game === null) return;
  animating = true;
  try {
    while (animQueue.length > 0) {
      const e = animQueue.shift()!;
      if (e.seat !== game.human) await animateOne(e);
      animatedSeq = e.seq;
      markCurrent(e.seq);
      drawMap();
    }
  } finally {
    animating = false;
    markCurrent(-1);
  }
}

/** The log entry being animated, highlighted in the log. */
let currentSeq = -1;

function markCurrent(seq: number): void {
  currentSeq = seq;
  for (const li of document.querySelectorAll('#log li.current')) li.classList.remove('current');
  if (seq >= 0) document.querySelector(`#log li[value="${seq}"]`)?.classList.add('current');
}

function animateOne(e: LogEntry): Promise<void> {
  const overlay = $('anim') as unknown as SVGSVGElement;
  const line = pathLine(e, mapCenters);
  if (line === null) return new Promise((resolve) => setTimeout(resolve, ANIM_MS / 4));
  markCurrent(e.seq);
  const layer = el('g', { 'data-animating': e.seq }, overlay);
  const len = Math.hypot(line.x2 - line.x1, line.y2 - line.y1);
  const kind = e.place.kind;
  const path = el('line', { ...line, class: kind === 'move' ? 'anim-move' : 'anim-fire' }, layer);
  path.animate(
    [{ strokeDashoffset: len }, { strokeDashoffset: 0 }].map((f, k) => ({ ...f, strokeDasharray: `${len} ${len}`, offset: k })),
    {
      duration: ANIM_MS * 0.6,
      fill: 'forwards',
    },
  );
  if (kind === 'move' || kind === 'assault') {
    const unit = game!.board.units.find((u) => e.place.units.includes(u.unit));
    const size = R * 0.8;
    const ghost = el('g', { class: 'ghost' }, layer);
    el('rect', { x: -size / 2, y: -size / 2, width: size, height: size, rx: 3, fill: SIDE_FILL[e.seat] ?? '#ddd', stroke: '#000' }, ghost);
    text(ghost, 0, 3, (unit?.name ?? '').slice(0, 12), { 'font-size': 6.5 });
    const b = kind === 'move' ? [line.x2, line.y2] : [(line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2];
    ghost.animate([{ transform: `translate(${line.x1}px,${line.y1}px)` }, { transform: `translate(${b[0]}px,${b[1]}px)` }], {
      duration: ANIM_MS * 0.8,
      fill: 'forwards',
      easing: 'ease-in-out',
    });
  }
  if (kind !== 'move') {
    const burst = el('circle', { cx: line.x2, cy: line.y2, r: R * 0.5, class: 'burst' }, layer);
    burst.animate(
      [
        { opacity: 0, r: R * 0.2 },
        { opacity: 0.9, r: R * 0.7 },
        { opacity: 0, r: R * 0.9 },
      ],
      { duration: ANIM_MS, delay: ANIM_MS * 0.5 },
    );
    resultTag(layer, e, e.narration, line.x2, line.y2);
  }
  const hold = kind === 'move' ? ANIM_MS : ANIM_MS * 1.8;
  return new Promise((resolve) =>
    setTimeout(() => {
      layer.remove();
      resolve();
    }, hold),
  );
}

// ---------- panels ----------

function unitName(n: number): string {
  const u = game?.board.units.find((x) => x.unit === n);
  return u ? u.name : `unit ${n}`;
}

function renderSelection(): void {
  const box = $('selection');
  if (game === null || selected === null) {
    box.textContent = game?.yourTurn ? 'Your decision: click a unit (highlighted hexes can act), or pick below.' : '';
    return;
  }
  const u = game.board.units.find((x) => x.unit === selected);
  box.innerHTML = '';
  if (!u) return;
  const b = document.createElement('b');
  b.textContent = `${u.name} (${u.values})`;
  box.append(b, document.createElement('br'), `${u.details}${u.markers.length ? `; ${u.markers.join(', ')}` : ''}`);
}

/** Units not on the map: reinforcements to come, off-board artillery, eliminated or exited units. */
function renderOffMap(): void {
  const off = game!.board.units.filter((u) => u.hex < 0);
  $('offmap').hidden = off.length === 0;
  $('offmap-title').textContent = `Off the map (${off.length})`;
  $('offmap-list').replaceChildren(
    ...off.map((u) => {
      const li = document.createElement('li');
      li.textContent = `${game!.scenario.sides[u.side]?.id ?? u.side}: ${u.name} (${u.values}): ${u.where}`;
      return li;
    }),
  );
}

const GROUP_TITLES: Record<string, string> = {
  activate: 'Activate',
  declare: 'Declare',
  move: 'Move',
  fire: 'Fire',
  assault: 'Assault',
  decide: 'Decide',
  other: 'Other',
  pass: 'Pass',
  end: 'End',
};

function renderActions(): void {
  const box = $('actions');
  box.replaceChildren();
  const acts = myActions();
  if (acts.length === 0) return;
  // With no unit selected, the moves, fire and assaults of units wait for a click on one (they may be hundreds).
  const perUnit = (a: LegalAction): boolean => a.units.length > 0 && (a.kind === 'move' || a.kind === 'fire' || a.kind === 'assault');
  const shown =
    pending ?? (selected === null ? acts.filter((a) => !perUnit(a)) : acts.filter((a) => a.units.includes(selected!) || !perUnit(a)));
  if (pending === null && selected === null) {
    const waiting = acts.filter(perUnit);
    if (waiting.length > 0) {
      const units = new Set(waiting.flatMap((a) => a.units));
      const hint = document.createElement('p');
      hint.textContent = `${waiting.length} moves and attacks by ${units.size} unit(s): click a highlighted unit to see its own.`;
      box.appendChild(hint);
    }
  }
  const groups = new Map<string, LegalAction[]>();
  for (const a of shown) {
    const list = groups.get(a.kind) ?? [];
    list.push(a);
    groups.set(a.kind, list);
  }
  const order = ['decide', 'declare', 'activate', 'fire', 'assault', 'move', 'other', 'end', 'pass'];
  for (const kind of order) {
    const list = groups.get(kind);
    if (!list) continue;
    const div = document.createElement('div');
    div.className = 'group';
    const title = document.createElement('b');
    title.textContent = `${GROUP_TITLES[kind] ?? kind} (${list.length})`;
    div.appendChild(title);
    for (const a of list.slice(0, 40)) {
      const btn = document.createElement('button');
      btn.textContent = a.label + (a.combat ? ' \u2026' : '');
      btn.dataset.action = a.key;
      btn.dataset.kind = a.kind;
      if (kind === 'pass' || kind === 'end') btn.className = 'main';
      btn.disabled = busy;
      btn.onclick = () => void offer([a]);
      div.appendChild(btn);
    }
    if (list.length > 40) div.append(`and ${list.length - 40} more: select a unit to see its own`);
    box.appendChild(div);
  }
  if (pending !== null) {
    const c = document.createElement('button');
    c.textContent = 'Cancel';
    c.onclick = () => {
      pending = null;
      render();
    };
    box.appendChild(c);
  }
}

/** The command box: on the player's decision, with the system's commands listed under it. */
function renderCommandBox(): void {
  $('command-box').hidden = !(game?.yourTurn ?? false);
  ($('command-go') as HTMLButtonElement).disabled = busy;
  const help = game === null ? '' : game.scenario.commands.join('\n');
  const lines = $('command-lines');
  if (lines.textContent !== help) lines.textContent = help;
}

/** The rules of the game's system, for the log's links (the page knows no system: it asks for the one the game names). */
function loadRules(system: string): void {
  rulesOf = system;
  rules = null;
  call('GET', `/api/rules/${encodeURIComponent(system)}`)
    .then((book: RuleBook) => {
      if (rulesOf !== system) return;
      rules = book;
      renderLog();
      renderWhy();
    })
    .catch(() => {
      // No rule notes for this system: the ids stay plain text.
    });
}

/** The rule a narration id resolves to: itself, else its parents ("7.61" -> "7.6" -> "7"). */
function ruleOf(id: string): RuleInfo | undefined {
  for (let k = id; rules !== null && k.length > 0; k = k.slice(0, -1).replace(/\.$/, '')) {
    const r = rules.rules[k];
    if (r !== undefined) return r;
  }
  return undefined;
}

/** A line with its rule references ("[SYS 8.2]": the prefix the rule notes give, then ids) as links to the rule notes the server ships. */
function ruleSpans(line: string, into: HTMLElement): void {
  const parts = line.split(/(\[[^\]]+\])/);
  for (const p of parts) {
    if (!/^\[.*\]$/.test(p)) {
      into.append(p);
      continue;
    }
    const s = document.createElement('span');
    s.className = 'rule';
    const inner = p.slice(1, -1);
    const space = inner.indexOf(' ');
    if (rules === null || space < 0 || inner.slice(0, space) !== rules.prefix) {
      s.textContent = p;
      s.title = `rule ${inner}`;
      into.appendChild(s);
      continue;
    }
    s.append(`[${rules.prefix} `);
    for (const piece of inner.slice(space + 1).split(/(\s*[/,]\s*)/)) {
      const r = ruleOf(piece.trim());
      if (r === undefined) {
        s.append(piece);
        continue;
      }
      const a = document.createElement('a');
      a.href = `/rules/${encodeURIComponent(rules.system)}#r-${r.id}`;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = piece;
      a.title = `${rules.prefix} ${r.id}${r.title ? ` ${r.title}` : ''}${r.status ? ` (${r.status})` : ''}${r.rulings.length ? `; ${r.rulings.length} ruling(s)` : ''}`;
      s.appendChild(a);
    }
    s.append(']');
    into.appendChild(s);
  }
}

/** The computer's last searched decision: its best candidates with their values and visits ("why"). */
function renderWhy(): void {
  const box = $('why');
  const body = $('why-body');
  if (game === null) return;
  const e = [...log].reverse().find((x) => x.seat !== game!.human && x.why !== undefined && x.why.length > 0);
  box.hidden = e === undefined;
  if (e === undefined) return;
  body.replaceChildren();
  const head = document.createElement('p');
  ruleSpans(
    `T${e.turn}: ${e.text}${e.ms !== undefined ? ` (${(e.ms / 1000).toFixed(1)} s${e.iterations ? `, ${e.iterations.toLocaleString('en')} iterations` : ''})` : ''}`,
    head,
  );
  body.appendChild(head);
  const withPrior = e.why!.some((w) => w.prior !== undefined);
  const table = document.createElement('table');
  const tr = (cells: string[], tag = 'td'): HTMLTableRowElement => {
    const row = document.createElement('tr');
    for (const c of cells) {
      const cell = document.createElement(tag);
      cell.textContent = c;
      row.appendChild(cell);
    }
    return row;
  };
  table.appendChild(tr(['candidate', 'value', 'visits', ...(withPrior ? ['prior'] : [])], 'th'));
  for (const w of e.why!) {
    const row = tr([
      w.label,
      w.value.toFixed(2),
      String(w.visits),
      ...(withPrior ? [w.prior === undefined ? '' : w.prior.toFixed(2)] : []),
    ]);
    if (w.label === e.text) row.className = 'chosen';
    table.appendChild(row);
    if (w.line !== undefined && w.line.length > 0) {
      const more = document.createElement('tr');
      const cell = document.createElement('td');
      cell.colSpan = withPrior ? 4 : 3;
      cell.className = 'line';
      cell.textContent = `then: ${w.line.join(' \u2192 ')}`;
      more.appendChild(cell);
      table.appendChild(more);
    }
  }
  body.appendChild(table);
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent =
    'value: the mean result the search found for the computer (-1 a sure loss, +1 a sure win); visits: how often it tried it.';
  body.appendChild(note);
}

function renderLog(): void {
  const ol = $('log') as HTMLOListElement;
  ol.replaceChildren();
  const g = game!;
  for (const e of log.slice(-200).reverse()) {
    const li = document.createElement('li');
    li.value = e.seq;
    li.className = `${e.seat === g.human ? 'you' : 'ai'}${e.seq === currentSeq ? ' current' : ''}`;
    const who = e.seat === g.human ? 'you' : (g.scenario.sides[e.seat]?.id ?? 'ai');
    ruleSpans(
      `T${e.turn} ${who}: ${e.text}${e.ms !== undefined ? ` (${(e.ms / 1000).toFixed(1)} s${e.iterations ? `, ${e.iterations} iterations` : ''})` : ''}`,
      li,
    );
    if (e.narration.length > 0) {
      const ul = document.createElement('ul');
      ul.className = 'narration';
      for (const n of e.narration) {
        const item = document.createElement('li');
        ruleSpans(n, item);
        ul.appendChild(item);
      }
      li.appendChild(ul);
    }
    if (e.why && e.why.length > 0) {
      const d = document.createElement('details');
      const s = document.createElement('summary');
      s.textContent = 'why';
      d.appendChild(s);
      for (const w of e.why) d.append(`${w.label}: value ${w.value.toFixed(2)} (${w.visits} visits)`, document.createElement('br'));
      li.appendChild(d);
    }
    ol.appendChild(li);
  }
}

// ---------- clicks ----------

function hoverHex(h: BoardHex): void {
  const units = game?.board.units.filter((u) => u.hex === h.hex) ?? [];
  const obj = game?.board.objectives.find((o) => o.hex === h.hex);
  $('hover').textContent =
    `${h.label}: ${h.terrain}${h.elevation ? `, elevation ${h.elevation}` : ''}${h.sides.length ? `, ${[...new Set(h.sides.map((s) => s.feature))].join(', ')}` : ''}` +
    `${h.markers.length ? `; ${h.markers.join(', ')}` : ''}${obj ? `; objective ${obj.vp} VP (${game!.scenario.sides[obj.controller]?.id ?? 'nobody'})` : ''}` +
    `${units.length ? `; ${units.map((u) => u.name).join(', ')}` : ''}`;
}

function hoverUnit(u: BoardUnit): void {
  $('hover').textContent = `${u.name} [${u.type}] ${u.values}: ${u.details}${u.markers.length ? `; ${u.markers.join(', ')}` : ''}`;
}

function clickUnit(u: BoardUnit): void {
  if (game === null) return;
  const acts = myActions();
  // A unit of the other side: a click on it is a click on its hex (a target).
  if (u.side !== game.human) {
    clickHex(u.hex);
    return;
  }
  if (selected !== null && selected !== u.unit) {
    const here = acts.filter((a) => a.units.includes(selected!) && (a.to === u.hex || a.target === u.hex));
    if (here.length > 0) return void offer(here);
  }
  selected = selected === u.unit ? null : u.unit;
  pending = null;
  $('odds').hidden = true;
  const mine = acts.filter((a) => a.units.includes(u.unit));
  if (!game.yourTurn) setMessage(game.over ? 'The game is over.' : 'Wait: it is not your decision.', true);
  else if (selected !== null && mine.length === 0) setMessage(`${u.name} has nothing to do in this decision (${game.board.status}).`);
  else setMessage('');
  render();
}

function clickHex(h: number): void {
  if (game === null) return;
  const acts = myActions();
  const label = game.board.hexes[h]?.label ?? String(h);
  if (!game.yourTurn) {
    setMessage(game.over ? 'The game is over.' : 'Wait: it is not your decision.', true);
    return;
  }
  // Actions with no acting unit of their own (an assault of a hex, off-board artillery) are there whatever is selected.
  const pool = acts.filter((a) => a.units.length === 0 || (selected !== null && a.units.includes(selected)));
  const here = pool.filter((a) => (a.kind === 'move' && a.to === h) || a.target === h);
  if (here.length > 0) {
    void offer(here);
    return;
  }
  // Not a destination or target: select the player's unit standing there, if any.
  const own = game.board.units.find((u) => u.hex === h && u.side === game!.human);
  if (own) {
    clickUnit(own);
    return;
  }
  if (selected !== null) {
    const moves = pool.filter((a) => a.kind === 'move' && a.to >= 0).map((a) => game!.board.hexes[a.to]?.label);
    setMessage(
      `${unitName(selected)} cannot act at ${label} now${moves.length ? ` (it may move to ${[...new Set(moves)].join(', ')})` : pool.length ? ` (its actions: ${pool.map((a) => a.label).join('; ')})` : ' (it has no action in this decision)'}.`,
    );
  } else setMessage(`Nothing to do at ${label}: click one of your units first.`);
}

// ---------- zoom and pan ----------

function setupZoom(): void {
  const svg = $('map') as unknown as SVGSVGElement;
  const apply = () => {
    for (const id of ['map', 'anim']) $(id).setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  };
  const zoom = (f: number, cx = view.x + view.w / 2, cy = view.y + view.h / 2) => {
    view = { x: cx - (cx - view.x) * f, y: cy - (cy - view.y) * f, w: view.w * f, h: view.h * f };
    apply();
  };
  svg.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const r = svg.getBoundingClientRect();
      const scale = Math.max(view.w / r.width, view.h / r.height);
      const cx = view.x + (ev.clientX - r.left) * scale;
      const cy = view.y + (ev.clientY - r.top) * scale;
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
    },
    { passive: false },
  );
  let drag: { x: number; y: number; vx: number; vy: number; moved: boolean } | null = null;
  svg.addEventListener('pointerdown', (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, moved: false };
  });
  window.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const scale = Math.max(view.w / r.width, view.h / r.height);
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (drag.moved) {
      view.x = drag.vx - dx * scale;
      view.y = drag.vy - dy * scale;
      apply();
    }
  });
  window.addEventListener('pointerup', () => {
    const moved = drag?.moved === true;
    drag = null;
    if (moved) {
      // Swallow the click that ends a drag.
      window.addEventListener('click', (e) => e.stopPropagation(), { capture: true, once: true });
    }
  });
  $('zoom-in').onclick = () => zoom(1 / 1.25);
  $('zoom-out').onclick = () => zoom(1.25);
  $('zoom-fit').onclick = () => {
    fitted = '';
    render();
  };
}

// ---------- toolbar ----------

function setupToolbar(): void {
  $('undo').onclick = async () => {
    if (game === null) return;
    try {
      receive((await call('POST', `/api/games/${game.id}/undo`)) as Payload, true);
      selected = null;
      setMessage('Undone.', true);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  $('download').onclick = async (ev) => {
    ev.preventDefault();
    if (game === null) return;
    try {
      const record = await call('GET', `/api/games/${game.id}/record`);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([`${JSON.stringify(record, null, 1)}\n`], { type: 'application/json' }));
      a.download = `${game.scenario.id}-${game.seed}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setMessage(`Record downloaded (${record.actions.length} actions): continue it with Load record, or tacsim play --load.`, true);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  $('new').onclick = async () => {
    const dlg = $('new-dialog') as HTMLDialogElement;
    const setup = (await call('GET', '/api/setup')) as Setup;
    const sel = $('new-scenario') as HTMLSelectElement;
    sel.replaceChildren(
      ...setup.scenarios.map((s) => {
        const o = document.createElement('option');
        o.value = s.id;
        o.textContent = `${s.id} (${s.system})`;
        return o;
      }),
    );
    sel.value = game?.scenario.id ?? setup.defaults.scenario ?? '';
    ($('new-side') as HTMLInputElement).value = game?.scenario.sides[game.human]?.id ?? setup.defaults.side ?? '';
    ($('new-ai') as HTMLInputElement).value = game?.ai ?? setup.defaults.ai ?? '';
    dlg.showModal();
  };
  $('new-start').onclick = async (ev) => {
    ev.preventDefault();
    ($('new-dialog') as HTMLDialogElement).close();
    try {
      await newGame({
        scenario: ($('new-scenario') as HTMLSelectElement).value,
        side: ($('new-side') as HTMLInputElement).value,
        ai: ($('new-ai') as HTMLInputElement).value,
        seed: ($('new-seed') as HTMLInputElement).value,
      });
      setMessage('New game started.', true);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  $('load').addEventListener('change', async () => {
    const input = $('load') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text()) as unknown;
      const p = (await call('POST', '/api/games', { record })) as Payload;
      sessionStorage.setItem(STORAGE, p.id);
      selected = null;
      pending = null;
      receive(p, true);
      setMessage(`Loaded ${file.name}: ${p.actions} actions.`, true);
    } catch (e) {
      setMessage(`Cannot load ${file.name}: ${(e as Error).message}`);
    }
    input.value = '';
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      selected = null;
      pending = null;
      $('odds').hidden = true;
      render();
    }
  });
  window.setInterval(() => {
    if (game?.thinking && thinkingSince > 0) showThinking();
  }, 100);
  // A typed command (as at the terminal's prompt): the way to the choices the buttons do not list.
  ($('command-form') as HTMLFormElement).onsubmit = async (ev) => {
    ev.preventDefault();
    const input = $<HTMLInputElement>('command');
    const command = input.value.trim();
    if (command !== '' && (await decide('command', { command }))) input.value = '';
  };
}

setupZoom();
setupToolbar();
resume().catch((e: unknown) => setMessage(`Cannot start: ${(e as Error).message}`));
