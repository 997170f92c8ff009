/**
 * The vector loops of a Taylor step (taylor.ts): the next term from the groups' H_g·φ, the
 * accumulation of recorded times, and the truncation rule.
 */

export interface Vec {
  re: Float64Array;
  im: Float64Array;
}

export const vec = (dim: number): Vec => ({
  re: new Float64Array(dim),
  im: new Float64Array(dim),
});

/**
 * Whether a series whose last two terms have norms `last` and `before` may stop at `order`:
 * past h·(Λ_A + h·Λ_B) = rho ≤ (order + 1)/2 every further term is at most half the larger of
 * the two before it, so the rest sums to at most 2·max(last, before) ≤ 2·goal.
 */
export function truncated(
  rho: number,
  order: number,
  last: number,
  before: number,
  goal: number,
): boolean {
  return rho / (order + 1) <= 0.5 && Math.max(last, before) <= goal;
}

/**
 * The next term from this order's H_g·φ_k (outs) and B·φ_{k−1} (bTerm, then replaced by
 * B·φ_k): term = −i·c·(Σ a_g·outs_g + h·bTerm), added to acc. Returns ‖term‖². The loops
 * keep every array in a local; more than two groups are folded into two first.
 */
export function combine(
  outs: readonly Vec[],
  a: readonly number[],
  b: readonly number[],
  bTerm: Vec | null,
  h: number,
  c: number,
  term: Vec,
  acc: Vec,
): number {
  const { re: tr, im: ti } = term;
  const { re: ar, im: ai } = acc;
  const dim = tr.length;
  let e2 = 0;
  if (!bTerm) {
    // One group, constant coefficient: term = −i·c·a·(H·φ).
    const { re: ur, im: ui } = outs[0]!;
    const ca = c * a[0]!;
    for (let i = 0; i < dim; i++) {
      const nr = ca * ui[i]!;
      const ni = -ca * ur[i]!;
      tr[i] = nr;
      ti[i] = ni;
      ar[i] = ar[i]! + nr;
      ai[i] = ai[i]! + ni;
      e2 += nr * nr + ni * ni;
    }
    return e2;
  }
  if (outs.length > 2) {
    // Three or more groups: A·φ_k into the first output, B·φ_k into the second, then as two.
    foldGroups(outs, a, b);
    return combine(outs.slice(0, 2), [1, 0], [0, 1], bTerm, h, c, term, acc);
  }
  const { re: br, im: bi } = bTerm;
  const { re: ur, im: ui } = outs[0]!;
  // A missing second group reads the first with weight 0.
  const { re: vr, im: vi } = outs[1] ?? outs[0]!;
  const [a0, a1, b0, b1] = [a[0]!, a[1] ?? 0, b[0]!, b[1] ?? 0];
  for (let i = 0; i < dim; i++) {
    const u0 = ur[i]!;
    const u1 = ui[i]!;
    const v0 = vr[i]!;
    const v1 = vi[i]!;
    const sr = a0 * u0 + a1 * v0 + h * br[i]!;
    const si = a0 * u1 + a1 * v1 + h * bi[i]!;
    br[i] = b0 * u0 + b1 * v0;
    bi[i] = b0 * u1 + b1 * v1;
    const nr = c * si;
    const ni = -c * sr;
    tr[i] = nr;
    ti[i] = ni;
    ar[i] = ar[i]! + nr;
    ai[i] = ai[i]! + ni;
    e2 += nr * nr + ni * ni;
  }
  return e2;
}

/** outs[0] = Σ a_g·outs_g and outs[1] = Σ b_g·outs_g, in place. */
function foldGroups(outs: readonly Vec[], a: readonly number[], b: readonly number[]): void {
  const res = outs.map((o) => o.re);
  const ims = outs.map((o) => o.im);
  for (let i = 0; i < res[0]!.length; i++) {
    let sr = 0;
    let si = 0;
    let br = 0;
    let bi = 0;
    for (let s = 0; s < res.length; s++) {
      const u0 = res[s]![i]!;
      const u1 = ims[s]![i]!;
      sr += a[s]! * u0;
      si += a[s]! * u1;
      br += b[s]! * u0;
      bi += b[s]! * u1;
    }
    res[0]![i] = sr;
    ims[0]![i] = si;
    res[1]![i] = br;
    ims[1]![i] = bi;
  }
}

export function axpy(w: number, x: Vec, y: Vec): void {
  const { re: xr, im: xi } = x;
  const { re: yr, im: yi } = y;
  for (let i = 0; i < xr.length; i++) {
    yr[i] = yr[i]! + w * xr[i]!;
    yi[i] = yi[i]! + w * xi[i]!;
  }
}

export function norm2(re: Float64Array, im: Float64Array): number {
  let s = 0;
  for (let i = 0; i < re.length; i++) s += re[i]! * re[i]! + im[i]! * im[i]!;
  return s;
}
