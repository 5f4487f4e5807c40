/**
 * Statistics of a side-by-side comparison: two builds timed in alternating rounds, one pair of figures per
 * round. Each round gives a log-ratio ln(new / old); the rounds' mean log-ratio with a Student-t interval
 * gives the ratio new/old and its 95% interval. Pairing cancels what both builds of a round share (the
 * machine's load and speed at that moment), so the interval measures the builds' difference, not the drift.
 */

/** Two-sided 95% quantiles of Student's t (0.975 quantile) by degrees of freedom 1..30. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 0.975 quantile of Student's t with `df` degrees of freedom (interpolated in 1/df beyond 30). */
export function tQuantile975(df: number): number {
  if (!(df >= 1)) return NaN;
  if (df <= 30) return T975[Math.floor(df) - 1]!;
  // Beyond 30 the quantile is close to linear in 1/df between 2.042 (df 30) and 1.96 (df infinite).
  return 1.96 + (2.042 - 1.96) * (30 / df);
}

export type Verdict = 'slower' | 'faster' | 'within noise' | 'no clear change';

/**
 * Ratios within this distance of 1 are not called slower or faster even when the interval excludes 1:
 * a build compared with itself can differ by a percent or two for reasons that are not its code (where
 * its code and data land in memory, which build's modules loaded first), and a long enough run would
 * find that "significant". The same idea as Criterion's noise threshold.
 */
export const NOISE_BAND = 0.03;

export interface PairedRatio {
  /** Rounds used: with a finite, positive figure on both sides (and, in blocks, a complete block). */
  readonly rounds: number;
  /** Median of each side's per-round figures (units/s). */
  readonly oldMedian: number;
  readonly newMedian: number;
  /** exp(mean of per-round ln(new/old)): the geometric mean of the paired ratios. */
  readonly ratio: number;
  /** 95% interval of the ratio (t-interval on the mean log-ratio, exponentiated); NaN below 2 units. */
  readonly low: number;
  readonly high: number;
  /**
   * `slower` when the whole interval is below 1 and the ratio below 1 - noise band; `faster` likewise above;
   * `within noise` when the interval excludes 1 but the ratio is within the band; else `no clear change`.
   */
  readonly verdict: Verdict;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The ratio new/old of a figure measured in paired rounds (`pairs[i]` = the two builds' figures of round i,
 * higher is faster). Pairs where either side is missing, zero or not finite are left out.
 *
 * `blockSize` 2: rounds come in blocks of two whose order of the builds is swapped (a crossover: new
 * first, then old first). If going first shifts a figure, the mean log-ratio of a block
 * cancels that, so the interval is over blocks (n/2 units), and a block missing a round is left out.
 */
export function pairedRatio(
  pairs: readonly { readonly old: number; readonly new: number }[],
  noiseBand = NOISE_BAND,
  blockSize: 1 | 2 = 1,
): PairedRatio {
  const valid = (p: { old: number; new: number } | undefined): p is { old: number; new: number } =>
    p !== undefined && Number.isFinite(p.old) && Number.isFinite(p.new) && p.old > 0 && p.new > 0;
  const ok = pairs.filter(valid);
  const units: number[] = [];
  let rounds = 0;
  for (let i = 0; i + blockSize <= pairs.length; i += blockSize) {
    const block = pairs.slice(i, i + blockSize);
    if (!block.every(valid)) continue;
    units.push(block.reduce((a, p) => a + Math.log(p.new / p.old), 0) / blockSize);
    rounds += blockSize;
  }
  const n = units.length;
  const mean = n > 0 ? units.reduce((a, b) => a + b, 0) / n : NaN;
  let low = NaN;
  let high = NaN;
  if (n >= 2) {
    const variance = units.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
    const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
    low = Math.exp(mean - half);
    high = Math.exp(mean + half);
  }
  const ratio = Math.exp(mean);
  const outside = Math.abs(ratio - 1) > noiseBand;
  const verdict: Verdict = high < 1 || low > 1 ? (outside ? (high < 1 ? 'slower' : 'faster') : 'within noise') : 'no clear change';
  return {
    rounds,
    oldMedian: median(ok.map((p) => p.old)),
    newMedian: median(ok.map((p) => p.new)),
    ratio,
    low,
    high,
    verdict,
  };
}
