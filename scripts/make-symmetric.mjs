#!/usr/bin/env node
/**
 * Builds a point-symmetric PG3 scenario (tacsim-scenario/1) from a half-specification, so that both
 * sides get exactly the same terrain, forces and objectives, rotated 180 degrees about the map centre.
 *
 *   node scripts/make-symmetric.mjs scenarios/pg3/src/pg3-mirror.half.json [out.json]
 *
 * Without an output path it writes the spec's "out" (relative to the spec file).
 *
 * The rotation is the one of src/hex/grid.ts (HexGrid.rotate180): cube coordinates negated about the
 * centre, so neighbours stay neighbours. The map width must be odd: then every hex has an image except the
 * bottom hex of each odd (0-based) column, i.e. of the columns labelled 02, 04, ...; those hexes are made
 * clear, level 0, and must hold nothing (no unit, road, objective or entry hex).
 *
 * Half-specification (JSON):
 *   format     "tacsim-symmetric-half/1"
 *   out        output path, relative to the spec file
 *   scenario   every top-level scenario field except "map" and "sides" (format, system, id, title,
 *              description, charts, counters, turns, visibility, nightTurns, rules, victory without objectives)
 *   map        { width, height, legend, clear (the legend character of clear terrain),
 *                terrain: rows, elevation: rows (optional), roads: hex paths }
 *              terrain/elevation give the first ceil(height / 2) rows; the script fills the rest. A hex whose
 *              image comes earlier (row-major) is copied from that image, so in the last given row the
 *              characters right of the centre and in odd columns are ignored: write "*" there, or the
 *              character the copy will produce (anything else is an error, to catch mistakes).
 *              Roads are given for the first side's half; each is copied with its rotation (a road that is
 *              its own rotation, e.g. one through the centre, is kept once).
 *   sides      [{ id, name }, { id, name }]: the first side is the one the spec places; the second gets the
 *              rotated copy.
 *   force      one side's data as in a scenario side, without id and name: nation, initiative,
 *              initiativeLossEvery, morale, armorEfficiency, tankLeaders, offboardArtillery, friendlyFirePlus,
 *              units, leaders, reinforcements, exit. Hexes are the first side's; the second side's are rotated.
 *   objectives [{ hex, vp, controlledBy: 0 | 1 }] for the first side's view (0 = first side, 1 = second);
 *              each is copied to its rotated hex with the other side as controller. A hex that is its own
 *              image exists only when (width - 1) / 2 is even and the height odd (e.g. 13x11: 0706); an
 *              objective there needs "controlledBy": null and is written as controlled by the first side,
 *              with a warning (the format needs a controller; mirrored pairs keep the symmetry exact). With
 *              15 columns the centre is the hexside between 0805 and 0806, which are each other's image.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function fail(msg) {
  console.error(`make-symmetric: ${msg}`);
  process.exit(1);
}

const [specPath, outArg] = process.argv.slice(2);
if (!specPath) fail('usage: node scripts/make-symmetric.mjs HALF-SPEC.json [OUT.json]');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
if (spec.format !== 'tacsim-symmetric-half/1') fail('the spec\'s "format" must be "tacsim-symmetric-half/1"');

const { width: W, height: H } = spec.map;
if (!Number.isInteger(W) || !Number.isInteger(H) || W < 3 || H < 2) fail('map width and height must be whole numbers (width >= 3)');
if (W % 2 === 0) fail(`the width must be odd for a 180-degree rotation onto the same board (got ${W})`);

// ---- hex geometry, as in src/hex/grid.ts ----
const at = (c, r) => (c >= 0 && r >= 0 && c < W && r < H ? r * W + c : -1);
const cube = (h) => {
  const c = h % W,
    r = Math.floor(h / W);
  return { x: c, z: r - ((c - (c & 1)) >> 1) };
};
const fromCube = (x, z) => at(x, z + ((x - (x & 1)) >> 1));
const K = H - 1 - ((W - 1) >> 1);
const rot = (h) => {
  const { x, z } = cube(h);
  return fromCube(W - 1 - x, K - z);
};
const label = (h) => String((h % W) + 1).padStart(2, '0') + String(Math.floor(h / W) + 1).padStart(2, '0');
const parse = (l, where) => {
  if (!/^\d{4}$/.test(l)) fail(`${where}: "${l}" is not a CCRR hex label`);
  const h = at(Number(l.slice(0, 2)) - 1, Number(l.slice(2)) - 1);
  if (h < 0) fail(`${where}: ${l} is off the ${W}x${H} map`);
  return h;
};
const rotLabel = (l, where) => {
  const h = rot(parse(l, where));
  if (h < 0) fail(`${where}: ${l} has no image on the board (bottom hex of an odd column); leave it empty`);
  return label(h);
};
const adjacent = (a, b) => {
  const p = cube(a),
    q = cube(b);
  const dx = p.x - q.x,
    dz = p.z - q.z;
  return Math.max(Math.abs(dx), Math.abs(dz), Math.abs(dx + dz)) === 1;
};

// ---- terrain and elevation ----
const given = Math.ceil(H / 2);
function fillGrid(rows, what, offImage) {
  if (!Array.isArray(rows) || rows.length !== given) fail(`map.${what} must give the first ${given} rows (ceil(${H} / 2))`);
  rows.forEach((row, r) => {
    if (row.length !== W) fail(`map.${what} row ${r + 1} has ${row.length} characters, the width is ${W}`);
  });
  const out = new Array(W * H).fill(undefined);
  for (let h = 0; h < W * H; h++) {
    const r = Math.floor(h / W),
      c = h % W;
    const img = rot(h);
    if (img < 0) {
      out[h] = offImage;
      continue;
    }
    if (img < h) {
      out[h] = out[img];
      const written = r < given ? rows[r][c] : '*';
      if (written !== '*' && written !== out[h]) {
        fail(`map.${what} row ${r + 1} column ${c + 1} (${label(h)}): "${written}" but its image ${label(img)} is "${out[h]}" (write "*")`);
      }
      continue;
    }
    if (r >= given) fail(`internal: hex ${label(h)} comes before its image but lies outside the given rows`);
    const ch = rows[r][c];
    if (ch === '*') fail(`map.${what}: hex ${label(h)} must be given (its image ${label(img)} is copied from it)`);
    out[h] = ch;
  }
  return Array.from({ length: H }, (_, r) => out.slice(r * W, (r + 1) * W).join(''));
}
const clearCh = spec.map.clear ?? '.';
if (spec.map.legend?.[clearCh] !== 'clear') fail(`map.clear ("${clearCh}") must be the legend character of "clear"`);
const terrain = fillGrid(spec.map.terrain, 'terrain', clearCh);
const elevation = spec.map.elevation ? fillGrid(spec.map.elevation, 'elevation', '0') : undefined;
for (const row of terrain) for (const ch of row) if (!(ch in spec.map.legend)) fail(`terrain character "${ch}" is not in the legend`);

// ---- roads ----
const roads = [];
const seenRoads = new Set();
(spec.map.roads ?? []).forEach((path, i) => {
  const hs = path.map((l) => parse(l, `road ${i + 1}`));
  hs.forEach((h, j) => {
    if (j > 0 && !adjacent(hs[j - 1], h)) fail(`road ${i + 1}: ${path[j - 1]} and ${path[j]} are not adjacent`);
  });
  const image = path.map((l) => rotLabel(l, `road ${i + 1}`));
  for (const p of [path, image]) {
    const key = p.join(' '),
      rkey = [...p].reverse().join(' ');
    if (seenRoads.has(key) || seenRoads.has(rkey)) continue;
    seenRoads.add(key);
    roads.push(p);
  }
});

// ---- sides ----
if (!Array.isArray(spec.sides) || spec.sides.length !== 2) fail('"sides" must name two sides: [{ id, name }, { id, name }]');
const f = spec.force;
const rotUnits = (units, where) => units.map((u) => (u.hex ? { ...u, hex: rotLabel(u.hex, where) } : { ...u }));
const mirrorForce = (force) => ({
  ...force,
  units: rotUnits(force.units ?? [], 'units'),
  leaders: (force.leaders ?? []).map((l) => ({ ...l, hex: rotLabel(l.hex, 'leaders') })),
  reinforcements: (force.reinforcements ?? []).map((rf, i) => ({
    ...rf,
    entry: rf.entry.map((l) => rotLabel(l, `reinforcement ${i + 1} entry`)),
    units: rotUnits(rf.units, `reinforcement ${i + 1}`),
  })),
  ...(force.exit ? { exit: { ...force.exit, hexes: force.exit.hexes.map((l) => rotLabel(l, 'exit')) } } : {}),
});
const sides = [
  { id: spec.sides[0].id, name: spec.sides[0].name, ...structuredClone(f) },
  { id: spec.sides[1].id, name: spec.sides[1].name, ...mirrorForce(structuredClone(f)) },
];
const used = new Map();
for (const s of sides) {
  for (const u of s.units) used.set(u.hex, `${s.id} ${u.counter}`);
  for (const l of s.leaders ?? []) used.set(l.hex, `${s.id} ${l.counter}`);
  for (const rf of s.reinforcements ?? []) for (const l of rf.entry) used.set(l, `${s.id} entry`);
  for (const l of s.exit?.hexes ?? []) used.set(l, `${s.id} exit`);
}

// ---- objectives ----
const objectives = [];
for (const [i, o] of (spec.objectives ?? []).entries()) {
  const h = parse(o.hex, `objective ${i + 1}`);
  const img = rot(h);
  if (img < 0) fail(`objective ${i + 1}: ${o.hex} has no image on the board`);
  if (img === h) {
    if (o.controlledBy !== null) fail(`objective ${i + 1}: ${o.hex} is its own image; give "controlledBy": null`);
    console.warn(
      `make-symmetric: warning: the centre objective ${o.hex} is written as controlled by "${sides[0].id}" (the format needs a controller)`,
    );
    objectives.push({ hex: o.hex, vp: o.vp, controlledBy: sides[0].id });
    continue;
  }
  if (o.controlledBy !== 0 && o.controlledBy !== 1) fail(`objective ${i + 1}: "controlledBy" must be 0 (first side) or 1 (second side)`);
  objectives.push({ hex: o.hex, vp: o.vp, controlledBy: sides[o.controlledBy].id });
  objectives.push({ hex: label(img), vp: o.vp, controlledBy: sides[1 - o.controlledBy].id });
}

// ---- the half-hexes without an image must be empty ----
for (let c = 1; c < W; c += 2) {
  const h = at(c, H - 1);
  const l = label(h);
  if (used.has(l)) fail(`${l} (bottom of an odd column, no image) is used by ${used.get(l)}`);
  if (roads.some((p) => p.includes(l))) fail(`${l} (bottom of an odd column, no image) is on a road`);
  if (objectives.some((o) => o.hex === l)) fail(`${l} (bottom of an odd column, no image) is an objective`);
}

// ---- write, then verify the symmetry of what was written ----
const victoryRest = { ...(spec.scenario.victory ?? {}) };
delete victoryRest.objectives;
const scenario = {
  ...spec.scenario,
  map: { width: W, height: H, legend: spec.map.legend, terrain, ...(elevation ? { elevation } : {}), roads },
  sides,
  victory: { ...victoryRest, objectives },
};
const cell = (rows, h) => rows[Math.floor(h / W)][h % W];
for (let h = 0; h < W * H; h++) {
  const img = rot(h);
  if (img < 0) continue;
  if (rot(img) !== h) fail(`internal: rotation is not an involution at ${label(h)}`);
  if (cell(terrain, h) !== cell(terrain, img) || (elevation && cell(elevation, h) !== cell(elevation, img))) {
    fail(`internal: ${label(h)} and ${label(img)} differ`);
  }
}
const out = outArg ? resolve(outArg) : resolve(dirname(specPath), spec.out ?? fail('no output path: give one or set "out" in the spec'));
writeFileSync(out, `${JSON.stringify(scenario, null, 2)}\n`);
console.log(
  `make-symmetric: wrote ${out} (${W}x${H}, ${sides[0].units.length} placements a side, ${objectives.length} objectives, ${roads.length} roads)`,
);
