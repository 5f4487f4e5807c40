/**
 * Counter formats the Panzer Grenadier family shares (PG3, SPG, IA2): one side of a counter carries a
 * direct fire, bombardment and anti-tank value, each a strength and a range, and a movement allowance.
 */
import { z } from 'zod';

/** A strength and range in hexes, as printed in one colour on a counter. */
export const fireValue = z.strictObject({
  strength: z.number().min(0, { message: 'must not be negative' }),
  range: z.number().int().min(0),
});

/** One side of a counter: black direct fire, white bombardment, red anti-tank values and the movement allowance. */
export const counterSide = z.strictObject({
  directFire: fireValue.optional(),
  bombardment: fireValue.optional(),
  antiTank: fireValue.optional(),
  movement: z.number().int().min(0),
});

/** The counter icons of the Panzer Grenadier family (PG3 2.1); a member adds its own (SPG: motorcycles, jeeps). */
export const pgUnitTypes = [
  'INF',
  'SMG',
  'HMG',
  'ENG',
  'CAV',
  'MORTAR',
  'AT',
  'ART',
  'AA',
  'TANK',
  'SPG',
  'AC',
  'APC',
  'TRUCK',
  'WAGON',
] as const;
