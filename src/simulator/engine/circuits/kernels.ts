import { next, walk } from './walk';

/*
 * The gate kernels: loops over a state (or a block of one) in two Float64Arrays, without a call
 * per index, four amplitudes per iteration where the fixed bits allow (walk.ts explains the
 * walk and its groups of four).
 *
 * This file: the kernels that move or scale amplitudes; kernels-matrix.ts: 2×2 and 4×4 matrices.
 */

/** X on pairs (i, i + tb): the amplitudes exchange places. `fixed` includes tb, clear in `value`. */
export function applyFlip(
  re: Float64Array,
  im: Float64Array,
  len: number,
  tb: number,
  fixed: number,
  value: number,
): void {
  // The visited i has tb clear, so its partner i + tb is i ^ tb.
  applyExchange(re, im, len, tb, fixed, value);
}

/** Every visited amplitude times s (a diagonal gate's factor on the amplitudes it picks out). */
export function applyScale(
  re: Float64Array,
  im: Float64Array,
  len: number,
  fixed: number,
  value: number,
  sr: number,
  si: number,
): void {
  if (sr === 1 && si === 0) return;
  const { l2, mask, start, offset, run, stride, a, b } = walk(len, fixed, value);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += stride) {
      if (a === 0) {
        for (let i = g, stop = g + run; i < stop; i++) {
          const xr = re[i]!;
          const xi = im[i]!;
          re[i] = sr * xr - si * xi;
          im[i] = sr * xi + si * xr;
        }
        continue;
      }
      for (let i0 = g, stop = g + run; i0 < stop; i0 += 2 * b) {
        const i1 = i0 + a, i2 = i0 + b, i3 = i2 + a; // prettier-ignore
        const r0 = re[i0]!, r1 = re[i1]!, r2 = re[i2]!, r3 = re[i3]!; // prettier-ignore
        const q0 = im[i0]!, q1 = im[i1]!, q2 = im[i2]!, q3 = im[i3]!; // prettier-ignore
        re[i0] = sr * r0 - si * q0;
        re[i1] = sr * r1 - si * q1;
        re[i2] = sr * r2 - si * q2;
        re[i3] = sr * r3 - si * q3;
        im[i0] = sr * q0 + si * r0;
        im[i1] = sr * q1 + si * r1;
        im[i2] = sr * q2 + si * r2;
        im[i3] = sr * q3 + si * r3;
      }
    }
  }
}

/**
 * diag(a, d) on the target bit tb: a on amplitudes whose bit is clear, d where it is set. With
 * a = 1 (a phase gate, CZ, CU1) only the second half is touched. `fixed`/`value` hold the
 * controls and block bits, not tb.
 */
export function applyDiagonal(
  re: Float64Array,
  im: Float64Array,
  len: number,
  tb: number,
  fixed: number,
  value: number,
  m: ArrayLike<number>,
): void {
  const ar = m[0]!;
  const ai = m[1]!;
  const dr = m[6]!;
  const di = m[7]!;
  if (ar === 1 && ai === 0) {
    applyScale(re, im, len, fixed | tb, value | tb, dr, di);
    return;
  }
  if (dr === 1 && di === 0) {
    applyScale(re, im, len, fixed | tb, value, ar, ai);
    return;
  }
  const { l2, mask, start, offset, run, stride, a, b } = walk(len, fixed | tb, value);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += stride) {
      if (a === 0) {
        for (let i = g, stop = g + run; i < stop; i++) {
          const j = i + tb;
          const xr = re[i]!;
          const xi = im[i]!;
          const yr = re[j]!;
          const yi = im[j]!;
          re[i] = ar * xr - ai * xi;
          im[i] = ar * xi + ai * xr;
          re[j] = dr * yr - di * yi;
          im[j] = dr * yi + di * yr;
        }
        continue;
      }
      for (let i0 = g, stop = g + run; i0 < stop; i0 += 2 * b) {
        const i1 = i0 + a, i2 = i0 + b, i3 = i2 + a; // prettier-ignore
        const j0 = i0 + tb, j1 = i1 + tb, j2 = i2 + tb, j3 = i3 + tb; // prettier-ignore
        const r0 = re[i0]!, r1 = re[i1]!, r2 = re[i2]!, r3 = re[i3]!; // prettier-ignore
        const q0 = im[i0]!, q1 = im[i1]!, q2 = im[i2]!, q3 = im[i3]!; // prettier-ignore
        const s0 = re[j0]!, s1 = re[j1]!, s2 = re[j2]!, s3 = re[j3]!; // prettier-ignore
        const t0 = im[j0]!, t1 = im[j1]!, t2 = im[j2]!, t3 = im[j3]!; // prettier-ignore
        re[i0] = ar * r0 - ai * q0;
        re[i1] = ar * r1 - ai * q1;
        re[i2] = ar * r2 - ai * q2;
        re[i3] = ar * r3 - ai * q3;
        im[i0] = ar * q0 + ai * r0;
        im[i1] = ar * q1 + ai * r1;
        im[i2] = ar * q2 + ai * r2;
        im[i3] = ar * q3 + ai * r3;
        re[j0] = dr * s0 - di * t0;
        re[j1] = dr * s1 - di * t1;
        re[j2] = dr * s2 - di * t2;
        re[j3] = dr * s3 - di * t3;
        im[j0] = dr * t0 + di * s0;
        im[j1] = dr * t1 + di * s1;
        im[j2] = dr * t2 + di * s2;
        im[j3] = dr * t3 + di * s3;
      }
    }
  }
}

/**
 * SWAP of bits ab and bb: each visited i (ab set, bb clear) exchanges with i ^ ab ^ bb.
 * `fixed` includes both bits, `value` ab.
 */
export function applySwap(
  re: Float64Array,
  im: Float64Array,
  len: number,
  ab: number,
  bb: number,
  fixed: number,
  value: number,
): void {
  applyExchange(re, im, len, ab ^ bb, fixed, value);
}

/** Each visited i exchanges its amplitude with i ^ d (a flip's or a swap's partner). */
function applyExchange(
  re: Float64Array,
  im: Float64Array,
  len: number,
  d: number,
  fixed: number,
  value: number,
): void {
  const { l2, mask, start, offset, run, stride, a, b } = walk(len, fixed, value);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += stride) {
      if (a === 0) {
        for (let i = g, stop = g + run; i < stop; i++) {
          const j = i ^ d;
          const tr = re[i]!;
          const ti = im[i]!;
          re[i] = re[j]!;
          im[i] = im[j]!;
          re[j] = tr;
          im[j] = ti;
        }
        continue;
      }
      for (let i0 = g, stop = g + run; i0 < stop; i0 += 2 * b) {
        const i1 = i0 + a, i2 = i0 + b, i3 = i2 + a; // prettier-ignore
        const j0 = i0 ^ d, j1 = i1 ^ d, j2 = i2 ^ d, j3 = i3 ^ d; // prettier-ignore
        const r0 = re[i0]!, r1 = re[i1]!, r2 = re[i2]!, r3 = re[i3]!; // prettier-ignore
        const q0 = im[i0]!, q1 = im[i1]!, q2 = im[i2]!, q3 = im[i3]!; // prettier-ignore
        re[i0] = re[j0]!;
        re[i1] = re[j1]!;
        re[i2] = re[j2]!;
        re[i3] = re[j3]!;
        im[i0] = im[j0]!;
        im[i1] = im[j1]!;
        im[i2] = im[j2]!;
        im[i3] = im[j3]!;
        re[j0] = r0;
        re[j1] = r1;
        re[j2] = r2;
        re[j3] = r3;
        im[j0] = q0;
        im[j1] = q1;
        im[j2] = q2;
        im[j3] = q3;
      }
    }
  }
}
