#!/usr/bin/env node
/**
 * Builds the point-symmetric SPG scenario from its half-specification: every hex, unit, road, obstacle,
 * objective and victory condition of the first side is copied to its image under the 180-degree rotation of
 * the hex kernel (HexGrid.rotate180), so the second side gets exactly the same position.
 *
 *   npm run build && node scenarios/spg/src/make-spg-mirror.mjs scenarios/spg/src/spg-mirror.half.json
 *
 * Half-specification ("tacsim-spg-symmetric-half/1"):
 *   out        output path, relative to the spec file
 *   scenario   every top-level scenario field except map, sides and victory's objectives and suddenDeath
 *   map        { width (odd), height, legend, clear (legend character of "clear"), terrain and elevation:
 *                the first ceil(height / 2) rows ("*" where the hex is the image of an earlier one),
 *                roads, and the first side's heavyBuildings, fortifications, foxholes, wire, mines, atDitches }
 *   sides      [{ id, name }, { id, name }]: the first is placed as given, the second gets the rotated copy
 *   force      the first side's data as in a scenario side, without id and name; "friendlyEdges" and
 *              reinforcement edges are turned (north <-> south, east <-> west)
 *   objectives [{ hex, vp, controlledBy: 0 | 1 }] (0 = first side); each also goes to its image, other side
 *   suddenDeath  the first side's conditions with winner/side 0 | 1; each is mirrored for the other side
 * Mines with "hiddenFrom": 0 | 1 are hidden from that side; their images are hidden from the other side
 * (an "area" of a hidden minefield is turned with it).
 * The bottom hex of each even-labelled column has no image: it is made clear and must hold nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { HexGrid } = await import(resolve(here, '../../../dist/src/hex/grid.js'));

function fail(msg) {
  console.error(`make-spg-mirror: ${msg}`);
  process.exit(1);
}

const [specPath, outArg] = process.argv.slice(2);
if (!specPath) fail('usage: node scenarios/spg/src/make-spg-mirror.mjs HALF-SPEC.json [OUT.json]');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
if (spec.format !== 'tacsim-spg-symmetric-half/1') fail('the spec\'s "format" must be "tacsim-spg-symmetric-half/1"');
const { width: W, height: H } = spec.map;
if (W % 2 === 0) fail(`the width must be odd for a 180-degree rotation onto the same board (got ${W})`);
const grid = new HexGrid(W, H);

const label = (h) => String(grid.col(h) + 1).padStart(2, '0') + String(grid.row(h) + 1).padStart(2, '0');
const parse = (l, where) => {
  const h = /^\d{4}$/.test(l) ? grid.at(Number(l.slice(0, 2)) - 1, Number(l.slice(2)) - 1) : -1;
  if (h < 0) fail(`${where}: "${l}" is not a hex of the ${W}x${H} map`);
  return h;
};
const turn = (l, where) => {
  const img = grid.rotate180(parse(l, where));
  if (img < 0) fail(`${where}: ${l} has no image on the board; leave it empty`);
  return label(img);
};
const EDGE_IMAGE = { north: 'south', south: 'north', east: 'west', west: 'east' };
const other = (i) => spec.sides[1 - i].id;

// ---- terrain and elevation: a hex whose image comes first is copied from it ----
const given = Math.ceil(H / 2);
function fill(rowsIn, what, offBoard) {
  if (!Array.isArray(rowsIn) || rowsIn.length !== given) fail(`map.${what} must give the first ${given} rows`);
  const out = new Array(grid.size);
  for (let h = 0; h < grid.size; h++) {
    const img = grid.rotate180(h);
    const written = grid.row(h) < given ? rowsIn[grid.row(h)][grid.col(h)] : '*';
    if (img < 0) out[h] = offBoard;
    else if (img < h) {
      out[h] = out[img];
      if (written !== '*' && written !== out[h]) fail(`map.${what} ${label(h)}: "${written}" but its image ${label(img)} is "${out[h]}" (write "*")`);
    } else {
      if (written === '*' || written === undefined) fail(`map.${what}: ${label(h)} must be given`);
      out[h] = written;
    }
  }
  return Array.from({ length: H }, (_, r) => out.slice(r * W, (r + 1) * W).join(''));
}
const terrain = fill(spec.map.terrain, 'terrain', spec.map.clear);
const elevation = spec.map.elevation ? fill(spec.map.elevation, 'elevation', '0') : undefined;

const both = (list, where) => list.flatMap((l) => [l, turn(l, where)]);
const roads = (spec.map.roads ?? []).flatMap((p, i) => {
  const img = p.map((l) => turn(l, `road ${i + 1}`));
  return [...img].reverse().join() === p.join() ? [p] : [p, img];
});
const features = {};
for (const key of ['heavyBuildings', 'fortifications', 'foxholes', 'wire', 'atDitches']) {
  if (spec.map[key]) features[key] = both(spec.map[key], `map.${key}`);
}
if (spec.map.mines) {
  features.mines = spec.map.mines.flatMap((m) => {
    const hidden = (i) => (m.hiddenFrom === undefined ? {} : { hiddenFrom: spec.sides[i].id });
    const area = (image) =>
      m.area === undefined
        ? {}
        : 'hexes' in m.area
          ? { area: { hexes: m.area.hexes.map((l) => (image ? turn(l, 'map.mines area') : l)) } }
          : { area: { near: image ? turn(m.area.near, 'map.mines area') : m.area.near, within: m.area.within } };
    return [
      { hex: m.hex, kind: m.kind, ...hidden(m.hiddenFrom), ...area(false) },
      { hex: turn(m.hex, 'map.mines'), kind: m.kind, ...hidden(1 - m.hiddenFrom), ...area(true) },
    ];
  });
}

// ---- sides ----
const entryImage = (e, where) => ('hex' in e ? { hex: turn(e.hex, where) }
  : 'hexes' in e ? { hexes: e.hexes.map((l) => turn(l, where)) }
  : { ...e, edge: EDGE_IMAGE[e.edge], ...(e.near ? { near: turn(e.near, where) } : {}) });
const f = spec.force;
const mirrored = {
  ...structuredClone(f),
  friendlyEdges: (f.friendlyEdges ?? []).map((e) => EDGE_IMAGE[e]),
  units: f.units.map((u) => ({ ...u, hex: turn(u.hex, 'units') })),
  reinforcements: (f.reinforcements ?? []).map((r, i) => ({ ...structuredClone(r), entry: entryImage(r.entry, `reinforcement ${i + 1}`) })),
  ...(f.exit ? { exit: { ...f.exit, hexes: f.exit.hexes.map((l) => turn(l, 'exit')) } } : {}),
};
const sides = [
  { id: spec.sides[0].id, name: spec.sides[0].name, ...structuredClone(f) },
  { id: spec.sides[1].id, name: spec.sides[1].name, ...mirrored },
];

// ---- victory ----
const objectives = (spec.objectives ?? []).flatMap((o) => [
  { hex: o.hex, vp: o.vp, controlledBy: spec.sides[o.controlledBy].id },
  { hex: turn(o.hex, 'objectives'), vp: o.vp, controlledBy: other(o.controlledBy) },
]);
const suddenDeath = (spec.suddenDeath ?? []).flatMap((d) => (d.kind === 'control'
  ? [{ ...d, winner: spec.sides[d.winner].id }, { ...d, winner: other(d.winner), hexes: d.hexes.map((l) => turn(l, 'suddenDeath')) }]
  : [{ ...d, winner: spec.sides[d.winner].id, side: spec.sides[d.side].id }, { ...d, winner: other(d.winner), side: other(d.side) }]));

// ---- the hexes without an image must stay empty ----
const used = new Set([
  ...sides.flatMap((s) => s.units.map((u) => u.hex)), ...roads.flat(), ...objectives.map((o) => o.hex),
  ...Object.values(features).flat().map((x) => (typeof x === 'string' ? x : x.hex)),
]);
for (let h = 0; h < grid.size; h++) if (grid.rotate180(h) < 0 && used.has(label(h))) fail(`${label(h)} has no image and must hold nothing`);

const scenario = {
  ...spec.scenario,
  map: { width: W, height: H, legend: spec.map.legend, terrain, ...(elevation ? { elevation } : {}), roads, ...features },
  sides,
  victory: { ...spec.scenario.victory, objectives, suddenDeath },
};
const out = outArg ? resolve(outArg) : resolve(dirname(specPath), spec.out ?? fail('no output path: give one or set "out"'));
writeFileSync(out, JSON.stringify(scenario, null, 2) + '\n');
console.log(`make-spg-mirror: wrote ${out} (${W}x${H}, ${f.units.length} placements a side, ${objectives.length} objectives)`);
