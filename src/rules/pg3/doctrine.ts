/** Placeholder replaced below. */
import type { Scenario } from './scenario.js';
import type { Pg3Game } from './game.js';
export class Pg3Doctrine { constructor(readonly sc: Scenario, readonly game: Pg3Game) {} }
