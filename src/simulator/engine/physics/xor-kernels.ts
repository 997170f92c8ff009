import type { SignTable } from './pauli-signs';

/**
 * The passes a Pauli sum is applied with, all without a branch per index. A Pauli string with
 * X/Y mask x moves amplitude i to i ⊕ x (one permutation per mask) times a factor that depends
 * on i only through its Z/Y bits; the kernels differ in where that factor comes from.
 */

/**
 * out[j] = d[j]·in[j] + Σ_b c_b·in[j ⊕ x_b] (out is overwritten): a group's Z-only strings as
 * one real diagonal d (or none) and its strings of X factors only (real coefficient c_b, mask
 * x_b), gathered per output so that each output is written once.
 */
export function gatherPass(
  d: Float64Array | null,
  masks: Int32Array,
  coefficients: Float64Array,
  inRe: Float64Array,
  inIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): void {
  const n = masks.length;
  const dim = inRe.length;
  if (d === null && n === 0) {
    outRe.fill(0);
    outIm.fill(0);
    return;
  }
  for (let j = 0; j < dim; j++) {
    let sr = 0;
    let si = 0;
    if (d !== null) {
      sr = d[j]! * inRe[j]!;
      si = d[j]! * inIm[j]!;
    }
    for (let b = 0; b < n; b++) {
      const i = j ^ masks[b]!;
      const c = coefficients[b]!;
      sr += c * inRe[i]!;
      si += c * inIm[i]!;
    }
    outRe[j] = sr;
    outIm[j] = si;
  }
}

/** out[i ⊕ x] += v[i] · in[i]: several strings of one mask, their factors summed into v. */
export function xorPhasePass(
  x: number,
  vr: Float64Array,
  vi: Float64Array,
  inRe: Float64Array,
  inIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): void {
  for (let i = 0; i < inRe.length; i++) {
    const j = i ^ x;
    const a = inRe[i]!;
    const b = inIm[i]!;
    const cr = vr[i]!;
    const ci = vi[i]!;
    outRe[j] = outRe[j]! + (cr * a - ci * b);
    outIm[j] = outIm[j]! + (cr * b + ci * a);
  }
}

/** out[i ⊕ x] += f · sign_z(i) · in[i]: one string, its sign from the split tables. */
export function xorSignedPass(
  x: number,
  fr: number,
  fi: number,
  table: SignTable,
  inRe: Float64Array,
  inIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): void {
  const { lo, hi } = table;
  const nLo = lo.length;
  for (let h = 0, i = 0; h < hi.length; h++) {
    const hr = fr * hi[h]!;
    const hiIm = fi * hi[h]!;
    for (let l = 0; l < nLo; l++, i++) {
      const s = lo[l]!;
      const cr = hr * s;
      const ci = hiIm * s;
      const a = inRe[i]!;
      const b = inIm[i]!;
      const j = i ^ x;
      outRe[j] = outRe[j]! + (cr * a - ci * b);
      outIm[j] = outIm[j]! + (cr * b + ci * a);
    }
  }
}
