/** Curves on different x values: merge, common grid, linear interpolation. All x ascending. */

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))) return false;
  }
  return true;
}

/**
 * Both curves on one x axis for an overlay: the sorted union of their x values, each curve's
 * y where it has a point and null elsewhere (the chart spans the gaps).
 */
export function mergeOnUnion(
  xa: ArrayLike<number>,
  ya: ArrayLike<number>,
  xb: ArrayLike<number>,
  yb: ArrayLike<number>,
): { x: Float64Array; a: Array<number | null>; b: Array<number | null> } {
  if (sameValues(xa, xb)) return { x: Float64Array.from(xa), a: Array.from(ya), b: Array.from(yb) };
  const x: number[] = [];
  const a: Array<number | null> = [];
  const b: Array<number | null> = [];
  let i = 0;
  let j = 0;
  while (i < xa.length || j < xb.length) {
    const va = i < xa.length ? xa[i]! : Infinity;
    const vb = j < xb.length ? xb[j]! : Infinity;
    if (va === vb) {
      x.push(va);
      a.push(ya[i++]!);
      b.push(yb[j++]!);
    } else if (va < vb) {
      x.push(va);
      a.push(ya[i++]!);
      b.push(null);
    } else {
      x.push(vb);
      a.push(null);
      b.push(yb[j++]!);
    }
  }
  return { x: Float64Array.from(x), a, b };
}

/**
 * A grid both curves cover: their shared x values when they are the same, else the union of
 * their x values inside the overlap, thinned to an even grid when longer than `maxPoints`.
 * Empty when the ranges do not overlap.
 */
export function commonGrid(
  xa: ArrayLike<number>,
  xb: ArrayLike<number>,
  maxPoints = 5000,
): Float64Array {
  if (xa.length === 0 || xb.length === 0) return new Float64Array(0);
  if (sameValues(xa, xb)) return Float64Array.from(xa);
  const lo = Math.max(xa[0]!, xb[0]!);
  const hi = Math.min(xa[xa.length - 1]!, xb[xb.length - 1]!);
  if (!(lo <= hi)) return new Float64Array(0);
  const { x } = mergeOnUnion(xa, xa, xb, xb);
  const inside = x.filter((v) => v >= lo && v <= hi);
  if (inside.length <= maxPoints) return inside;
  return Float64Array.from({ length: maxPoints }, (_, i) => lo + ((hi - lo) * i) / (maxPoints - 1));
}

/** y(x) linearly interpolated at each `at` (which must lie inside the x range). */
export function interpolate(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  at: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(at.length);
  let j = 0;
  for (let k = 0; k < at.length; k++) {
    const t = at[k]!;
    while (j < x.length - 2 && x[j + 1]! < t) j++;
    const x0 = x[j]!;
    const x1 = x[Math.min(j + 1, x.length - 1)]!;
    const y0 = y[j]!;
    const y1 = y[Math.min(j + 1, y.length - 1)]!;
    out[k] = x1 === x0 ? (t === x1 ? y1 : y0) : y0 + ((y1 - y0) * (t - x0)) / (x1 - x0);
  }
  return out;
}
