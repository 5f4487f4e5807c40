/**
 * Bradley-Terry ratings from pairwise results (round robins of agent specs), fitted with Hunter's
 * MM algorithm and shown on the Elo scale (400·log10 of the strength, centred on the mean).
 * Intervals: Fisher information (inverse of the observed information, default) or a parametric bootstrap.
 */
import { createRng } from '../core/rng.js';
import { Z95 } from './stats.js';

/** The games between two players. Draws count half a win to each side. */
export interface PairResult {
  readonly a: number;
  readonly b: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly draws?: number;
}

export interface BradleyTerryOptions {
  /**
   * Virtual drawn games added between every pair that played (0 = pure maximum likelihood).
   * A small prior keeps a player who won (or lost) every game at a finite rating.
   */
  prior?: number;
  maxIterations?: number;
  /** Stop when no log-strength moves more than this in an iteration. */
  tolerance?: number;
  interval?: 'fisher' | 'bootstrap';
  /** Bootstrap resamples (interval 'bootstrap'). */
  samples?: number;
  /** Seed of the bootstrap resampling. */
  seed?: string;
}

export interface Rating {
  readonly name: string;
  /** Bradley-Terry strength, geometric mean 1. */
  readonly strength: number;
  /** Elo-scale rating, mean 0. */
  readonly elo: number;
  /** 95% interval of the Elo rating (null bounds when the player has no games). */
  readonly ci95: [number | null, number | null];
  readonly games: number;
  /** Wins plus half the draws. */
  readonly score: number;
}

export const ELO_PER_NATURAL_LOG = 400 / Math.LN10;

/** Wins matrix w[i][j] = games i won against j (draws and prior split half and half). */
function winsMatrix(n: number, results: readonly PairResult[], prior: number): number[][] {
  const w = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const played = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const r of results) {
    if (r.a === r.b) throw new Error(`a player cannot play itself (${r.a})`);
    if (r.a < 0 || r.b < 0 || r.a >= n || r.b >= n) throw new Error(`player index out of range (${r.a}, ${r.b})`);
    const d = (r.draws ?? 0) / 2;
    w[r.a]![r.b]! += r.winsA + d;
    w[r.b]![r.a]! += r.winsB + d;
    if (r.winsA + r.winsB + (r.draws ?? 0) > 0) played[r.a]![r.b] = played[r.b]![r.a] = true;
  }
  if (prior > 0) {
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && played[i]![j]) w[i]![j]! += prior / 2;
  }
  return w;
}

/** MM iterations; returns log-strengths with mean 0 (players without games stay at 0). */
function fitLogStrengths(w: number[][], maxIterations: number, tolerance: number): number[] {
  const n = w.length;
  let p = new Array<number>(n).fill(1);
  const totalWins = w.map((row) => row.reduce((a, b) => a + b, 0));
  const games = (i: number, j: number) => w[i]![j]! + w[j]![i]!;
  for (let it = 0; it < maxIterations; it++) {
    const next = p.slice();
    for (let i = 0; i < n; i++) {
      let denom = 0;
      for (let j = 0; j < n; j++) if (j !== i && games(i, j) > 0) denom += games(i, j) / (p[i]! + p[j]!);
      if (denom === 0) continue;
      // A player with no wins tends to strength 0: keep it tiny but positive so logs stay finite.
      next[i] = Math.max(totalWins[i]! / denom, 1e-12);
    }
    // Normalise to geometric mean 1 over players that played.
    const active = next.map((_, i) => totalWins[i]! + w.reduce((s, row) => s + row[i]!, 0) > 0);
    const logMean = next.reduce((s, x, i) => s + (active[i] ? Math.log(x) : 0), 0) / Math.max(1, active.filter(Boolean).length);
    const scaled = next.map((x, i) => (active[i] ? x / Math.exp(logMean) : 1));
    let change = 0;
    for (let i = 0; i < n; i++) change = Math.max(change, Math.abs(Math.log(scaled[i]!) - Math.log(p[i]!)));
    p = scaled;
    if (change < tolerance) break;
  }
  return p.map((x) => Math.log(x));
}

/** Inverse of a small square matrix by Gauss-Jordan elimination with partial pivoting. */
export function invert(m: readonly (readonly number[])[]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    if (Math.abs(a[piv]![c]!) < 1e-300) throw new Error('singular matrix');
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    const d = a[c]![c]!;
    for (let k = 0; k < 2 * n; k++) a[c]![k]! /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f === 0) continue;
      for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * Standard errors of the log-strengths (sum-zero constraint) from the Fisher information, a weighted
 * graph Laplacian L; its pseudo-inverse is (L + J/n)^-1 - J/n for a connected comparison graph.
 */
function fisherStandardErrors(w: number[][], theta: number[]): (number | null)[] {
  const idx = theta.map((_, i) => i).filter((i) => w[i]!.some((x, j) => x + w[j]![i]! > 0));
  const k = idx.length;
  const out: (number | null)[] = theta.map(() => null);
  if (k < 2) return out;
  const L = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      if (a === b) continue;
      const i = idx[a]!;
      const j = idx[b]!;
      const nij = w[i]![j]! + w[j]![i]!;
      if (nij === 0) continue;
      const pi = Math.exp(theta[i]!);
      const pj = Math.exp(theta[j]!);
      const c = (nij * pi * pj) / (pi + pj) ** 2;
      L[a]![b]! -= c;
      L[a]![a]! += c;
    }
  }
  try {
    const inv = invert(L.map((row) => row.map((x) => x + 1 / k)));
    for (let a = 0; a < k; a++) out[idx[a]!] = Math.sqrt(Math.max(0, inv[a]![a]! - 1 / k));
  } catch {
    // Disconnected comparisons: no finite interval.
  }
  return out;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Fits Bradley-Terry strengths to pairwise results. `players` are names (or a count, named "0", "1", ...).
 * Returns one Rating per player, in the players' order.
 */
export function bradleyTerry(
  players: readonly string[] | number,
  results: readonly PairResult[],
  options: BradleyTerryOptions = {},
): Rating[] {
  const names = typeof players === 'number' ? Array.from({ length: players }, (_, i) => String(i)) : [...players];
  const n = names.length;
  const prior = options.prior ?? 0;
  const maxIt = options.maxIterations ?? 10_000;
  const tol = options.tolerance ?? 1e-10;
  const w = winsMatrix(n, results, prior);
  const theta = fitLogStrengths(w, maxIt, tol);
  const gamesOf = names.map((_, i) => results.reduce((s, r) => s + (r.a === i || r.b === i ? r.winsA + r.winsB + (r.draws ?? 0) : 0), 0));
  const scoreOf = names.map((_, i) =>
    results.reduce((s, r) => s + (r.a === i ? r.winsA + (r.draws ?? 0) / 2 : r.b === i ? r.winsB + (r.draws ?? 0) / 2 : 0), 0),
  );

  let ci: [number | null, number | null][];
  if ((options.interval ?? 'fisher') === 'fisher') {
    const se = fisherStandardErrors(w, theta);
    ci = theta.map((t, i) => {
      const s = se[i];
      if (s === null || s === undefined || gamesOf[i] === 0) return [null, null];
      return [ELO_PER_NATURAL_LOG * (t - Z95 * s), ELO_PER_NATURAL_LOG * (t + Z95 * s)];
    });
  } else {
    const rng = createRng(options.seed ?? 'bootstrap');
    const samples = options.samples ?? 500;
    const draws: number[][] = names.map(() => []);
    for (let s = 0; s < samples; s++) {
      const resampled = results.map((r) => {
        const total = r.winsA + r.winsB + (r.draws ?? 0);
        let a = 0;
        let b = 0;
        let d = 0;
        for (let g = 0; g < total; g++) {
          const u = rng.next() * total;
          if (u < r.winsA) a++;
          else if (u < r.winsA + r.winsB) b++;
          else d++;
        }
        return { a: r.a, b: r.b, winsA: a, winsB: b, draws: d };
      });
      const t = fitLogStrengths(winsMatrix(n, resampled, prior), maxIt, 1e-8);
      for (const [i, x] of t.entries()) draws[i]!.push(ELO_PER_NATURAL_LOG * x);
    }
    ci = draws.map((d, i) => {
      if (gamesOf[i] === 0) return [null, null];
      const sorted = d.sort((x, y) => x - y);
      return [quantile(sorted, 0.025), quantile(sorted, 0.975)];
    });
  }
  return names.map((name, i) => ({
    name,
    strength: Math.exp(theta[i]!),
    elo: ELO_PER_NATURAL_LOG * theta[i]!,
    ci95: ci[i]!,
    games: gamesOf[i]!,
    score: scoreOf[i]!,
  }));
}

/** Expected score of a player rated `a` against one rated `b` on the Elo scale. */
export function expectedScore(a: number, b: number): number {
  return 1 / (1 + 10 ** ((b - a) / 400));
}
