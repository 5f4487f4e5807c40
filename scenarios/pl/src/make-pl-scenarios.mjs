#!/usr/bin/env node
/**
 * Builds the three shipped Panzer Leader scenarios (original situations, not the book's twenty): the
 * terrain is laid out with the hex kernel's neighbours (hills get a ring of slope around their hilltops),
 * and pl-mirror is made point-symmetric with HexGrid.rotate180: every hex, unit and objective of the
 * Allied half has its image on the German half.
 *
 *   npm run build && node scenarios/pl/src/make-pl-scenarios.mjs
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { HexGrid } = await import(resolve(here, '../../../dist/src/hex/grid.js'));
const LEGEND = { '.': 'clear', w: 'woods', t: 'town', s: 'slope', h: 'hilltop', '~': 'stream' };

/** A map drawn as terrain characters: hills as hilltop hexes ringed by slope. */
function makeMap(width, height, { woods = [], town = [], hills = [], streams = [] }) {
  const grid = new HexGrid(width, height);
  const t = Array.from({ length: height }, () => Array(width).fill('.'));
  const at = (label) => grid.parseLabel(label);
  const put = (h, ch) => {
    t[grid.row(h)][grid.col(h)] = ch;
  };
  for (const l of streams) put(at(l), '~');
  for (const l of woods) put(at(l), 'w');
  for (const l of town) put(at(l), 't');
  for (const l of hills) {
    const h = at(l);
    for (let d = 0; d < 6; d++) {
      const n = grid.neighbour(h, d);
      if (n >= 0 && t[grid.row(n)][grid.col(n)] === '.') put(n, 's');
    }
  }
  for (const l of hills) put(at(l), 'h');
  return { grid, rows: t.map((r) => r.join('')) };
}

function road(grid, from, to) {
  // A straight road along a row of hexes (flat layout: neighbours east-west alternate NE/SE).
  const a = grid.parseLabel(from);
  const b = grid.parseLabel(to);
  const out = [from];
  let h = a;
  while (h !== b) {
    let best = -1;
    let bestD = Infinity;
    for (let d = 0; d < 6; d++) {
      const n = grid.neighbour(h, d);
      if (n < 0) continue;
      const dist = grid.distance(n, b) * 10 + Math.abs(grid.row(n) - grid.row(b));
      if (dist < bestD) {
        bestD = dist;
        best = n;
      }
    }
    h = best;
    out.push(grid.label(h));
  }
  return out;
}

function scenario(id, title, description, width, height, features, roads, turns, sides, victory, counters = 'counters/reference.json') {
  const { grid, rows } = makeMap(width, height, features);
  const used = new Set(rows.join(''));
  const legend = Object.fromEntries(Object.entries(LEGEND).filter(([ch]) => used.has(ch)));
  return {
    format: 'tacsim-scenario/1',
    system: 'pl',
    id,
    title,
    description,
    charts: 'charts/reference.json',
    counters,
    map: { width, height, legend, terrain: rows, roads: roads.map(([a, b]) => road(grid, a, b)) },
    turns,
    sides,
    ...(features.bridges ? { bridges: features.bridges } : {}),
    victory,
  };
}

const write = (name, data) => writeFileSync(resolve(here, '..', `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);

write(
  'pl-tiny',
  scenario(
    'pl-tiny',
    'Crossroads hamlet (tiny PL test scenario)',
    'Fictional, autumn 1944. Two German rifle platoons in halftracks and a PzKw IV try to take a hamlet from an American rifle company with a Sherman and a mortar, in five turns. Kept small on purpose: for tests, benchmarks and a first game. Counters and charts are tacsim reference data: designed where the PL text gives no value, never official.',
    10,
    8,
    { woods: ['0501', '0601', '0502', '0207', '0108', '0208'], town: ['0304', '0404', '0305'], hills: ['0806'] },
    [['0105', '1005']],
    5,
    [
      {
        id: 'allied',
        name: 'American rifle company',
        units: [
          { counter: 'us-rifle', hex: '0304' },
          { counter: 'us-rifle', hex: '0404' },
          { counter: 'us-m4-75', hex: '0305' },
          { counter: 'us-81mm', hex: '0204' },
        ],
      },
      {
        id: 'german',
        name: 'German Kampfgruppe',
        units: [
          { counter: 'ger-halftrack', hex: '0903' },
          { counter: 'ger-rifle', hex: '0903', aboard: 0 },
          { counter: 'ger-halftrack', hex: '0905' },
          { counter: 'ger-rifle', hex: '0905', aboard: 2 },
          { counter: 'ger-pz4-ss', hex: '1004' },
          { counter: 'ger-81mm', hex: '1002' },
        ],
      },
    ],
    { objectives: [{ hex: '0304', vp: 2, heldBy: 'allied' }, { hex: '0404', vp: 2, heldBy: 'allied' }], vpPerUnit: 1, tactical: 2, decisive: 4 },
  ),
);

write(
  'pl-medium',
  scenario(
    'pl-medium',
    'Counter-attack at Hollerath (medium PL scenario)',
    'Fictional, December 1944. A German Kampfgruppe of Panthers, PzKw IVs and panzergrenadiers in halftracks, with a Wespe battery and 120 mm mortars firing on written orders, counter-attacks an American-held village on its hill across a stream bridged where the main road crosses it (vehicles cross there or go round the stream\'s southern end; infantry may wade); a second wave of panzergrenadiers in a halftrack comes up the road on turn 3. The Americans hold the village with riflemen, engineers, Shermans, an M10, a 57 mm gun, a 105 mm battery, mortars, a minefield, a road block and a P-47 from turn 3, and a Sherman arrives from the west on turn 4. Ten turns. Counters and charts are tacsim reference data: designed where the PL text gives no value, never official.',
    20,
    15,
    {
      woods: ['0912', '0913', '1013', '1012', '1103', '1203', '1104', '1402', '1502', '1610', '1611', '1711', '0510', '0511', '0411'],
      town: ['0707', '0807', '0708', '0808', '0908'],
      hills: ['0403', '0404', '1611'.replace('1611', '1413')],
      streams: ['1301', '1302', '1303', '1304', '1305', '1306', '1307', '1308', '1309', '1310', '1311'],
      bridges: ['1308'],
    },
    [
      ['0108', '2008'],
      ['0801', '0815'],
    ],
    10,
    [
      {
        id: 'allied',
        name: 'American task force',
        units: [
          { counter: 'us-rifle', hex: '0707' },
          { counter: 'us-rifle', hex: '0807' },
          { counter: 'us-rifle', hex: '0808' },
          { counter: 'us-rifle', hex: '0908' },
          { counter: 'us-engineer', hex: '0908' },
          { counter: 'us-mg', hex: '0807' },
          { counter: 'us-m4-75', hex: '0708' },
          { counter: 'us-m4-75', hex: '0909' },
          { counter: 'us-m10', hex: '0404' },
          { counter: 'us-57mm', hex: '0908' },
          { counter: 'us-105mm', hex: '0110' },
          { counter: 'us-81mm', hex: '0607' },
          // X.B (pre): the engineer platoon's equipment carrier.
          { counter: 'us-truck', hex: '0610', equipmentFor: 4 },
          { counter: 'us-m4-75', hex: '0108', enters: 4 },
        ],
        aircraft: [{ id: 'p47', name: 'P-47 Thunderbolt', ordnance: 'bombs', mg: { attack: 3, weapon: 'I' }, arrives: 3 }],
        mines: ['1107', '1109'],
        blocks: ['1008'],
      },
      {
        id: 'german',
        name: 'Kampfgruppe Reinhardt',
        units: [
          { counter: 'ger-panther', hex: '1907' },
          { counter: 'ger-panther', hex: '1908' },
          { counter: 'ger-pz4-ss', hex: '1905' },
          { counter: 'ger-engineer', hex: '1905', aboard: 2 },
          { counter: 'ger-pz4-ss', hex: '1910' },
          { counter: 'ger-smg', hex: '1910', aboard: 4 },
          { counter: 'ger-stug3', hex: '2009' },
          { counter: 'ger-halftrack', hex: '1806' },
          { counter: 'ger-rifle', hex: '1806', aboard: 7 },
          { counter: 'ger-halftrack', hex: '1809' },
          { counter: 'ger-rifle', hex: '1809', aboard: 9 },
          { counter: 'ger-halftrack', hex: '1804' },
          { counter: 'ger-rifle', hex: '1804', aboard: 11 },
          { counter: 'ger-wespe', hex: '2013' },
          { counter: 'ger-120mm', hex: '1914' },
          { counter: 'ger-20mm-quad', hex: '1812' },
          { counter: 'ger-halftrack', hex: '2008', enters: 3 },
          { counter: 'ger-rifle', hex: '2008', enters: 3, aboard: 16 },
        ],
      },
    ],
    {
      objectives: [
        { hex: '0707', vp: 3, heldBy: 'allied' },
        { hex: '0808', vp: 3, heldBy: 'allied' },
        { hex: '0908', vp: 3, heldBy: 'allied' },
        { hex: '0403', vp: 2, heldBy: 'allied' },
      ],
      vpPerUnit: 1,
      tactical: 5,
      decisive: 10,
    },
  ),
);

// pl-mirror: the Allied half is given, the German half is its image under the 180-degree rotation.
{
  const width = 13;
  const height = 9;
  const grid = new HexGrid(width, height);
  const img = (l) => grid.label(grid.rotate180(grid.parseLabel(l)));
  const woods = ['0302', '0402', '0608', '0508'];
  const town = ['0305', '0405'];
  const hills = ['0503'];
  const both = (xs) => [...new Set([...xs, ...xs.map(img)])];
  const allied = [
    { counter: 'us-rifle', hex: '0305' },
    { counter: 'us-rifle', hex: '0405' },
    { counter: 'us-m4-75', hex: '0304' },
    { counter: 'us-m4-75', hex: '0206' },
    { counter: 'us-81mm', hex: '0205' },
  ];
  const germanCounter = { 'us-rifle': 'mirror-ger-rifle', 'us-m4-75': 'mirror-ger-tank', 'us-81mm': 'mirror-ger-mortar' };
  const alliedCounter = { 'us-rifle': 'mirror-us-rifle', 'us-m4-75': 'mirror-us-tank', 'us-81mm': 'mirror-us-mortar' };
  const data = scenario(
    'pl-mirror',
    'Twin villages (point-symmetric PL scenario)',
    'Fictional. Two equal battlegroups, each holding a village, face each other across open ground; each side\'s position is the other\'s turned through 180 degrees, and the twin counters have equal factors, so only the Allied first segment (XIII) tells the sides apart. Eight turns. For balance tests of the agents. Counters and charts are tacsim reference data (designed), never official.',
    width,
    height,
    { woods: both(woods), town: both(town), hills: both(hills) },
    [['0107', '1303'].map((l, k) => (k === 0 ? l : img('0107')))],
    8,
    [
      { id: 'allied', name: 'Allied battlegroup', units: allied.map((u) => ({ ...u, counter: alliedCounter[u.counter] })) },
      { id: 'german', name: 'German battlegroup', units: allied.map((u) => ({ counter: germanCounter[u.counter], hex: img(u.hex) })) },
    ],
    {
      objectives: [
        { hex: '0305', vp: 2, heldBy: 'allied' },
        { hex: img('0305'), vp: 2, heldBy: 'german' },
      ],
      vpPerUnit: 1,
      tactical: 2,
      decisive: 4,
    },
    'counters/mirror.json',
  );
  write('pl-mirror', data);
}
