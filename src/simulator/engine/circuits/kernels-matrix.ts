import { next, walk } from './walk';

/*
 * The matrix kernels (the walk, its groups of four and its tiles read ahead: walk.ts).
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
  const { l2, mask, start, offset, run, stride, a, b } = walk(len, fixed, value);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += stride) {
      if (a === 0) {
        for (let i = g, stop = g + run; i < stop; i++) {
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
      for (let i0 = g, stop = g + run; i0 < stop; i0 += 2 * b) {
        const i1 = i0 + a, i2 = i0 + b, i3 = i2 + a; // prettier-ignore
        const j0 = i0 + tb, j1 = i1 + tb, j2 = i2 + tb, j3 = i3 + tb; // prettier-ignore
        // Two pairs at a time: four would not fit the registers with the matrix.
        const x0 = re[i0]!, x1 = re[i1]!, u0 = im[i0]!, u1 = im[i1]!; // prettier-ignore
        const y0 = re[j0]!, y1 = re[j1]!, v0 = im[j0]!, v1 = im[j1]!; // prettier-ignore
        re[i0] = ar * x0 - ai * u0 + br * y0 - bi * v0;
        im[i0] = ar * u0 + ai * x0 + br * v0 + bi * y0;
        re[j0] = cr * x0 - ci * u0 + dr * y0 - di * v0;
        im[j0] = cr * u0 + ci * x0 + dr * v0 + di * y0;
        re[i1] = ar * x1 - ai * u1 + br * y1 - bi * v1;
        im[i1] = ar * u1 + ai * x1 + br * v1 + bi * y1;
        re[j1] = cr * x1 - ci * u1 + dr * y1 - di * v1;
        im[j1] = cr * u1 + ci * x1 + dr * v1 + di * y1;
        const x2 = re[i2]!, x3 = re[i3]!, u2 = im[i2]!, u3 = im[i3]!; // prettier-ignore
        const y2 = re[j2]!, y3 = re[j3]!, v2 = im[j2]!, v3 = im[j3]!; // prettier-ignore
        re[i2] = ar * x2 - ai * u2 + br * y2 - bi * v2;
        im[i2] = ar * u2 + ai * x2 + br * v2 + bi * y2;
        re[j2] = cr * x2 - ci * u2 + dr * y2 - di * v2;
        im[j2] = cr * u2 + ci * x2 + dr * v2 + di * y2;
        re[i3] = ar * x3 - ai * u3 + br * y3 - bi * v3;
        im[i3] = ar * u3 + ai * x3 + br * v3 + bi * y3;
        re[j3] = cr * x3 - ci * u3 + dr * y3 - di * v3;
        im[j3] = cr * u3 + ci * x3 + dr * v3 + di * y3;
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
  const { l2, mask, start, offset, run, stride, a, b } = walk(len, fixed, value);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += stride) {
      if (a === 0) {
        for (let i = g, stop = g + run; i < stop; i++) {
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
      for (let i0 = g, stop = g + run; i0 < stop; i0 += 2 * b) {
        const i1 = i0 + a, i2 = i0 + b, i3 = i2 + a; // prettier-ignore
        const j0 = i0 + tb, j1 = i1 + tb, j2 = i2 + tb, j3 = i3 + tb; // prettier-ignore
        const x0 = re[i0]!, x1 = re[i1]!, u0 = im[i0]!, u1 = im[i1]!; // prettier-ignore
        const y0 = re[j0]!, y1 = re[j1]!, v0 = im[j0]!, v1 = im[j1]!; // prettier-ignore
        re[i0] = ar * x0 + br * y0;
        im[i0] = ar * u0 + br * v0;
        re[j0] = cr * x0 + dr * y0;
        im[j0] = cr * u0 + dr * v0;
        re[i1] = ar * x1 + br * y1;
        im[i1] = ar * u1 + br * v1;
        re[j1] = cr * x1 + dr * y1;
        im[j1] = cr * u1 + dr * v1;
        const x2 = re[i2]!, x3 = re[i3]!, u2 = im[i2]!, u3 = im[i3]!; // prettier-ignore
        const y2 = re[j2]!, y3 = re[j3]!, v2 = im[j2]!, v3 = im[j3]!; // prettier-ignore
        re[i2] = ar * x2 + br * y2;
        im[i2] = ar * u2 + br * v2;
        re[j2] = cr * x2 + dr * y2;
        im[j2] = cr * u2 + dr * v2;
        re[i3] = ar * x3 + br * y3;
        im[i3] = ar * u3 + br * v3;
        re[j3] = cr * x3 + dr * y3;
        im[j3] = cr * u3 + dr * v3;
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
  // Sixteen complex products per amplitude: arithmetic, not memory, sets its speed.
  const { l1, l2, mask, start, offset } = walk(len, fixed, value);
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
        re[i0] =
          m00r * r0 -
          m00i * q0 +
          m01r * r1 -
          m01i * q1 +
          m02r * r2 -
          m02i * q2 +
          m03r * r3 -
          m03i * q3;
        im[i0] =
          m00r * q0 +
          m00i * r0 +
          m01r * q1 +
          m01i * r1 +
          m02r * q2 +
          m02i * r2 +
          m03r * q3 +
          m03i * r3;
        re[i1] =
          m10r * r0 -
          m10i * q0 +
          m11r * r1 -
          m11i * q1 +
          m12r * r2 -
          m12i * q2 +
          m13r * r3 -
          m13i * q3;
        im[i1] =
          m10r * q0 +
          m10i * r0 +
          m11r * q1 +
          m11i * r1 +
          m12r * q2 +
          m12i * r2 +
          m13r * q3 +
          m13i * r3;
        re[i2] =
          m20r * r0 -
          m20i * q0 +
          m21r * r1 -
          m21i * q1 +
          m22r * r2 -
          m22i * q2 +
          m23r * r3 -
          m23i * q3;
        im[i2] =
          m20r * q0 +
          m20i * r0 +
          m21r * q1 +
          m21i * r1 +
          m22r * q2 +
          m22i * r2 +
          m23r * q3 +
          m23i * r3;
        re[i3] =
          m30r * r0 -
          m30i * q0 +
          m31r * r1 -
          m31i * q1 +
          m32r * r2 -
          m32i * q2 +
          m33r * r3 -
          m33i * q3;
        im[i3] =
          m30r * q0 +
          m30i * r0 +
          m31r * q1 +
          m31i * r1 +
          m32r * q2 +
          m32i * r2 +
          m33r * q3 +
          m33i * r3;
      }
    }
  }
}
