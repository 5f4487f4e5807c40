/**
 * Small statistics used by the harness: Wilson intervals for win rates, running means with a normal
 * 95% interval, and integer histograms for medians. Everything here keeps O(1) (or O(distinct values))
 * memory, so a 10,000-game run summarises without holding its rows.
 */

/** The two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion: `successes` out of `n` trials.
 * Returns [low, high] in [0, 1]; [0, 1] when n is 0. `successes` may be fractional (draws counted as half).
 */
export function wilson(successes: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, (centre - half) / denom), Math.min(1, (centre + half) / denom)];
}

/** Welford's running mean and variance. */
export class RunningStats {
  n = 0;
  mean = 0;
  private m2 = 0;
  add(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }
  /** Sample variance (n - 1 in the denominator); 0 with fewer than two values. */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : 0;
  }
  get sd(): number {
    return Math.sqrt(this.variance);
  }
  /** Normal-approximation 95% interval for the mean. */
  ci95(): [number, number] {
    if (this.n === 0) return [0, 0];
    const half = (Z95 * this.sd) / Math.sqrt(this.n);
    return [this.mean - half, this.mean + half];
  }
}

/** Counts of integer (or any numeric) values; memory grows with the number of distinct values only. */
export class Histogram {
  private readonly counts = new Map<number, number>();
  n = 0;
  add(x: number): void {
    this.counts.set(x, (this.counts.get(x) ?? 0) + 1);
    this.n++;
  }
  /** The median (mean of the two middle values for an even count); 0 when empty. */
  median(): number {
    if (this.n === 0) return 0;
    const keys = [...this.counts.keys()].sort((a, b) => a - b);
    const lowRank = Math.floor((this.n - 1) / 2);
    const highRank = Math.floor(this.n / 2);
    let seen = 0;
    let low: number | undefined;
    for (const k of keys) {
      seen += this.counts.get(k)!;
      if (low === undefined && seen > lowRank) low = k;
      if (seen > highRank) return (low! + k) / 2;
    }
    return low ?? 0;
  }
}

/** Rounds for display and JSON (keeps files readable and stable). */
export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
