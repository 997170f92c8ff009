import { next, preRead, preReads } from './kernels';

/*
 * The matrix kernels (the walk and its pre-reads are explained in kernels.ts). A 2×2 has a loop
 * of its own for pairs of neighbours (target 0 with nothing fixed below it).
 */

/**
 * [[a, b], [c, d]] on pairs (i, i + tb): every visited i has the target bit tb clear.
 * `fixed` includes tb.
 */
export function applyMatrix(
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
  const br = m[2]!;
  const bi = m[3]!;
  const cr = m[4]!;
  const ci = m[5]!;
  const dr = m[6]!;
  const di = m[7]!;
  if (ai === 0 && bi === 0 && ci === 0 && di === 0) {
    applyRealMatrix(re, im, len, tb, fixed, value, ar, br, cr, dr);
    return;
  }
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const ahead = preReads(l1, len);
  for (let x = start; x < len; x = next(x, mask, start)) {
    if (l1 === 1) {
      for (let i = x + offset, end = x + l2; i < end; i += 2) {
        const j = i + tb;
        const xr = re[i]!;
        const xi = im[i]!;
        const yr = re[j]!;
        const yi = im[j]!;
        re[i] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j] = cr * xi + ci * xr + dr * yi + di * yr;
      }
      continue;
    }
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      if (ahead) {
        preRead(re, im, g, g + l1);
        preRead(re, im, g + tb, g + tb + l1);
      }
      for (let i = g, stop = g + l1; i < stop; i++) {
        const j = i + tb;
        const xr = re[i]!;
        const xi = im[i]!;
        const yr = re[j]!;
        const yi = im[j]!;
        re[i] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j] = cr * xi + ci * xr + dr * yi + di * yr;
      }
    }
  }
}

/** A real matrix (RY, H): half the multiplications of a complex one. */
function applyRealMatrix(
  re: Float64Array,
  im: Float64Array,
  len: number,
  tb: number,
  fixed: number,
  value: number,
  ar: number,
  br: number,
  cr: number,
  dr: number,
): void {
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const ahead = preReads(l1, len);
  for (let x = start; x < len; x = next(x, mask, start)) {
    if (l1 === 1) {
      for (let i = x + offset, end = x + l2; i < end; i += 2) {
        const j = i + tb;
        const xr = re[i]!;
        const xi = im[i]!;
        const yr = re[j]!;
        const yi = im[j]!;
        re[i] = ar * xr + br * yr;
        im[i] = ar * xi + br * yi;
        re[j] = cr * xr + dr * yr;
        im[j] = cr * xi + dr * yi;
      }
      continue;
    }
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      if (ahead) {
        preRead(re, im, g, g + l1);
        preRead(re, im, g + tb, g + tb + l1);
      }
      for (let i = g, stop = g + l1; i < stop; i++) {
        const j = i + tb;
        const xr = re[i]!;
        const xi = im[i]!;
        const yr = re[j]!;
        const yi = im[j]!;
        re[i] = ar * xr + br * yr;
        im[i] = ar * xi + br * yi;
        re[j] = cr * xr + dr * yr;
        im[j] = cr * xi + dr * yi;
      }
    }
  }
}

/**
 * A 4×4 matrix on the quads (i, i + ab, i + bb, i + ab + bb): every visited i has both bits
 * clear; row-major [re, im] pairs over that order. `fixed` includes ab and bb.
 */
export function applyMatrix4(
  re: Float64Array,
  im: Float64Array,
  len: number,
  ab: number,
  bb: number,
  fixed: number,
  value: number,
  m: ArrayLike<number>,
): void {
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const m00r = m[0]!, m00i = m[1]!, m01r = m[2]!, m01i = m[3]!; // prettier-ignore
  const m02r = m[4]!, m02i = m[5]!, m03r = m[6]!, m03i = m[7]!; // prettier-ignore
  const m10r = m[8]!, m10i = m[9]!, m11r = m[10]!, m11i = m[11]!; // prettier-ignore
  const m12r = m[12]!, m12i = m[13]!, m13r = m[14]!, m13i = m[15]!; // prettier-ignore
  const m20r = m[16]!, m20i = m[17]!, m21r = m[18]!, m21i = m[19]!; // prettier-ignore
  const m22r = m[20]!, m22i = m[21]!, m23r = m[22]!, m23i = m[23]!; // prettier-ignore
  const m30r = m[24]!, m30i = m[25]!, m31r = m[26]!, m31i = m[27]!; // prettier-ignore
  const m32r = m[28]!, m32i = m[29]!, m33r = m[30]!, m33i = m[31]!; // prettier-ignore
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      for (let i0 = g, stop = g + l1; i0 < stop; i0++) {
        const i1 = i0 + ab;
        const i2 = i0 + bb;
        const i3 = i1 + bb;
        const r0 = re[i0]!, q0 = im[i0]!, r1 = re[i1]!, q1 = im[i1]!; // prettier-ignore
        const r2 = re[i2]!, q2 = im[i2]!, r3 = re[i3]!, q3 = im[i3]!; // prettier-ignore
        re[i0] = m00r * r0 - m00i * q0 + m01r * r1 - m01i * q1 + m02r * r2 - m02i * q2 + m03r * r3 - m03i * q3; // prettier-ignore
        im[i0] = m00r * q0 + m00i * r0 + m01r * q1 + m01i * r1 + m02r * q2 + m02i * r2 + m03r * q3 + m03i * r3; // prettier-ignore
        re[i1] = m10r * r0 - m10i * q0 + m11r * r1 - m11i * q1 + m12r * r2 - m12i * q2 + m13r * r3 - m13i * q3; // prettier-ignore
        im[i1] = m10r * q0 + m10i * r0 + m11r * q1 + m11i * r1 + m12r * q2 + m12i * r2 + m13r * q3 + m13i * r3; // prettier-ignore
        re[i2] = m20r * r0 - m20i * q0 + m21r * r1 - m21i * q1 + m22r * r2 - m22i * q2 + m23r * r3 - m23i * q3; // prettier-ignore
        im[i2] = m20r * q0 + m20i * r0 + m21r * q1 + m21i * r1 + m22r * q2 + m22i * r2 + m23r * q3 + m23i * r3; // prettier-ignore
        re[i3] = m30r * r0 - m30i * q0 + m31r * r1 - m31i * q1 + m32r * r2 - m32i * q2 + m33r * r3 - m33i * q3; // prettier-ignore
        im[i3] = m30r * q0 + m30i * r0 + m31r * q1 + m31i * r1 + m32r * q2 + m32i * r2 + m33r * q3 + m33i * r3; // prettier-ignore
      }
    }
  }
}
