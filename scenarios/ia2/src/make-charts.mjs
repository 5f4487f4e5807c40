// Writes scenarios/ia2/charts/reference.json: the tacsim reference chart pack for IA2. The IA2 text prints
// none of its tables (digest 4.29); the cells below are designed around the few the worked examples give
// (8.52, 12.15, 9.3), which are kept exactly and listed with "example" provenance.
//   node scenarios/ia2/src/make-charts.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROLLS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** How much harsher a low roll is (8.52, 12.15: lower rolls give harsher results). */
const ROLL_BONUS = { 2: 9, 3: 7, 4: 4, 5: 2, 6: 1, 7: 0, 8: -1, 9: -2, 10: -3, 11: -4, 12: -5 };
const fireResult = (s) => (s <= 8 ? '-' : s === 9 ? 'M' : s === 10 ? 'M1' : s === 11 ? 'M2' : s <= 14 ? 'X' : s <= 16 ? '2X' : '3X');
const assaultResult = (s) => (s <= 5 ? '-' : s === 6 ? 'M' : s === 7 ? 'M1' : s === 8 ? 'M2' : s <= 10 ? '1Z' : s <= 12 ? '2Z' : '3Z');
/** Weight of each column (index by default; the Direct Fire table's low columns closer together). */
function table(columns, offset, result, weight = (i) => i) {
  const rows = {};
  for (const r of ROLLS) rows[r] = columns.map((_, i) => result(weight(i) + ROLL_BONUS[r] + offset));
  return rows;
}
const DF_WEIGHT = [4, 5, 5, 6, 6, 7, 7, 7, 8, 9, 10, 11];
const designed = (note) => ({ source: 'designed', note });
const rule = (id, note) => ({ source: 'rule', rule: id, ...(note ? { note } : {}) });
const example = (id, note) => ({ source: 'example', rule: id, ...(note ? { note } : {}) });

const dfColumns = [1, 2, 3, 4, 5, 6, 7, 11, 16, 22, 30, 42];
const bombColumns = [1, 2, 4, 6, 8, 12, 16, 21, 30, 42, 56, 72];
const assaultColumns = [1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30];

const pack = {
  format: 'tacsim-ia2-charts/1',
  name: 'tacsim reference charts for Infantry Attacks 2nd edition (1914)',
  notice:
    'NOT the printed Infantry Attacks charts: the rules text prints none of its tables (digest 4.29). Values stated by the text are "rule", values recovered from its worked examples "example", the rest "designed" by tacsim to fit them. Replace any table with your own printed one (source "official"). See docs/formats/ia2.md.',
  terrain: {
    clear: { move: { foot: 1, horse: 1, gun: 1 }, limiting: false, blocksLos: false, clear: true, source: designed('Clear is the base terrain (2.22); costs designed (the TEC is missing, 4.29).') },
    fields: { move: { foot: 1, horse: 1, gun: 2 }, limiting: true, spotDistance: 3, blocksLos: false, source: rule('7.2', 'Fields are limiting terrain that does not block LOS; spotting distance the 7.21 default 3; costs designed.') },
    brush: { move: { foot: 1, horse: 2, gun: 2 }, limiting: true, spotDistance: 3, blocksLos: false, source: rule('7.2', 'Brush is limiting terrain that does not block LOS; costs designed.') },
    woods: { move: { foot: 2, horse: 3, gun: 99 }, limiting: true, spotDistance: 3, blocksLos: true, obstacleHeight: 1, assaultAttacker: -1, digIn: false, source: rule('7.2', 'Woods limit spotting and block LOS (7.2), 20 m (7.42), no digging in (15.2), a negative assault modifier for the attacker (11.31: value designed -1); costs designed.') },
    village: { move: { foot: 1, horse: 1, gun: 1 }, limiting: true, spotDistance: 3, blocksLos: true, obstacleHeight: 1, assaultAttacker: -1, digIn: false, source: designed('A village is told apart from a town only by 7.44 (no spotting bonus); blocks LOS like a town; assault -1 designed.') },
    town: { move: { foot: 1, horse: 1, gun: 1 }, limiting: true, spotDistance: 3, blocksLos: true, obstacleHeight: 1, viewerBonus: 1, assaultAttacker: -2, digIn: false, recoveryBonus: true, source: rule('11.31', 'Town: limiting, blocks LOS (7.2), spotted at 3 (7.3), +20 m to spot from (7.44), attacker -2 in assault (11.31 example), +1 recovery (13.45), no digging in (15.2); costs designed.') },
    swamp: { move: { foot: 3, horse: 4, gun: 99 }, limiting: false, blocksLos: false, source: designed('Swamp is named only in the 2.22 example; costs designed.') },
    stream: { move: { foot: 2, horse: 2, gun: 3 }, limiting: false, blocksLos: false, source: designed('A minor river hex (5.81) simplified to a costly hex; costs designed.') },
    'minor-river': { move: { foot: 3, horse: 3, gun: 4 }, limiting: false, blocksLos: false, digIn: false, river: 'minor', source: rule('5.81', 'A Minor River hex: entered at the River MP cost of the TEC, left across the river at the normal cost and then the move ends (5.81); a bridge at the road rate (5.3), a ford at the scenario cost (5.8). The River cost is designed (the TEC is missing, 4.29).') },
    'major-river': { move: { foot: 4, horse: 4, gun: 6 }, limiting: false, blocksLos: false, digIn: false, river: 'major', source: rule('5.82', 'A Major River hex: entered at the River MP cost, moved along at that cost, left on the bank entered from only; crossed at a bridge or ford (5.82); assaults across it -2 (5.83). The River cost is designed (the TEC is missing, 4.29).') },
    lake: { move: { foot: 99, horse: 99, gun: 99 }, limiting: false, blocksLos: false, digIn: false, source: rule('5.84', 'Units and leaders may not enter a hex with any lake in it.') },
  },
  roadCost: { value: 0.5, source: example('15.41', 'Entering by a road hex costs 1/2 MP for the first stack.') },
  directFire: {
    columns: dfColumns,
    rows: table(dfColumns, 0, fireResult, (i) => DF_WEIGHT[i]),
    source: designed('Column headings 6, 7, 11, 16, 22 in the order the 8.52 and 12.15 examples give (8.51 "12 column" cannot fit: ruling IA2-R01); results designed, harsher at low rolls.'),
    cells: [
      { column: 11, roll: 5, source: example('8.52', 'M') },
      { column: 16, roll: 5, source: example('8.52', 'M1') },
      { column: 22, roll: 5, source: example('8.52', 'M2') },
      { column: 16, roll: 6, source: example('12.15', 'M') },
    ],
  },
  bombardment: {
    columns: bombColumns,
    rows: table(bombColumns, 2, fireResult),
    source: designed('Headings 12, 16, 21, 30, 42 from 8.51 and 9.3 (a strength of 20 uses the 16 column); the rest and the results designed.'),
    cells: [
      { column: 30, roll: 8, source: example('9.3', 'M') },
      { column: 42, roll: 8, source: example('9.3', 'M1') },
    ],
  },
  assault: {
    columns: assaultColumns,
    rows: table(assaultColumns, 1, assaultResult),
    source: designed('The text gives no Assault Table data (digest 4.26); 2d6 per side (11.3), Z results (8.62) and morale results designed.'),
    cells: [],
  },
  modifiers: {
    perCompany: { value: 1, source: rule('4.2', '+1 per company in the target hex, at most +2') },
    mountedCavalry: { value: 1, source: rule('8.52', 'mounted cavalry target +1 (also 9.3, 12.15)') },
    fieldGunTarget: { value: 2, source: example('8.52', 'field gun target +2') },
    longRangeFrom: { value: 3, source: example('12.15', 'three or more hexes away') },
    longRange: { value: -1, source: example('12.15') },
    opportunityFire: { value: 1, source: example('12.15') },
    night: { value: -1, source: rule('1.2', 'night turn -1 on the Direct Fire Table') },
    entrenchment: { value: -2, source: rule('15.32', '-2 to all fire at units under the marker') },
    dugIn: { value: -1, source: designed('15.2 gives dug-in units column modifiers without their value') },
    shellShortfall: { value: -1, source: rule('15.7') },
    directFireLow: { value: -2, source: rule('10.3') },
    directFireHigh: { value: 3, source: rule('10.3') },
    leaderInAssault: { value: 1, source: designed('6.53 gives "a column shift" without its value; +1 as in PG3') },
    cavalryCharge: { value: 2, source: rule('11.7') },
    firerAbove: { value: 1, source: designed('7.41 gives units on higher elevation "combat advantages" on the fire tables the text lacks: +1 to direct fire from above (ruling IA2-R120)') },
    firerBelow: { value: -1, source: designed('7.41: the same advantage to the higher unit when fired at from below, -1 (ruling IA2-R120)') },
    smoke: { value: -1, source: rule('15.12', 'direct fire into or out of a Smoke hex -1') },
  },
  smoke: {
    placeAtOrBelow: { value: 8, source: rule('15.11') },
    sightInto: { value: 3, source: rule('15.12') },
    staysAtOrBelow: { value: 1, source: rule('15.13') },
    driftsAtOrBelow: { value: 2, source: rule('15.13') },
  },
  spotting: {
    dayRange: { value: 12, source: rule('7.1') },
    perLevelAbove: { value: 6, source: rule('7.43') },
  },
  fogOfWar: {
    endsTurnAt: { value: 15, source: rule('15.6') },
    nightBonus: { value: 1, source: rule('15.6') },
    shortageAtOrBelow: { value: 4, source: rule('15.7') },
  },
};
writeFileSync(join(here, '..', 'charts', 'reference.json'), `${JSON.stringify(pack, null, 2)}\n`);
