/**
 * Quantiles of samples sorted ascending, by linear interpolation between the two nearest ranks
 * (the "type 7" rule of R and NumPy's default): q = 0 is the smallest sample, q = 1 the largest,
 * q = 0.5 the median. `from` skips the first samples (a suffix of a sorted list is sorted).
 */
export function sortedQuantile(sorted: ArrayLike<number>, q: number, from = 0): number {
  const n = sorted.length - from;
  if (n <= 0) return Number.NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(h);
  const below = sorted[from + lo]!;
  if (lo === n - 1) return below;
  return below + (h - lo) * (sorted[from + lo + 1]! - below);
}

/** The index of the first sample strictly greater than `x` in an ascending list. */
export function firstAbove(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
