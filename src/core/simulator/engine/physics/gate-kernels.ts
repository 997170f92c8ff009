/**
 * In-place gate kernels over pairs of amplitudes. A 2x2 matrix is [ar, ai, br, bi, cr, ci, dr, di]
 * for [[a, b], [c, d]] acting on (|0⟩, |1⟩) of one qubit.
 */
export type Mat2 = Float64Array;

export function applyMat2(re: Float64Array, im: Float64Array, q: number, m: Mat2): void {
  const [ar, ai, br, bi, cr, ci, dr, di] = m as unknown as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const stride = 1 << q;
  const dim = re.length;
  if (br === 0 && bi === 0 && cr === 0 && ci === 0) {
    applyDiagonal(re, im, stride, dim, ar, ai, dr, di);
    return;
  }
  for (let base = 0; base < dim; base += stride << 1) {
    for (let i = base; i < base + stride; i++) {
      const j = i + stride;
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

function applyDiagonal(
  re: Float64Array,
  im: Float64Array,
  stride: number,
  dim: number,
  ar: number,
  ai: number,
  dr: number,
  di: number,
): void {
  const touch0 = !(ar === 1 && ai === 0);
  for (let base = 0; base < dim; base += stride << 1) {
    for (let i = base; i < base + stride; i++) {
      if (touch0) {
        const xr = re[i]!;
        const xi = im[i]!;
        re[i] = ar * xr - ai * xi;
        im[i] = ar * xi + ai * xr;
      }
      const j = i + stride;
      const yr = re[j]!;
      const yi = im[j]!;
      re[j] = dr * yr - di * yi;
      im[j] = dr * yi + di * yr;
    }
  }
}

/**
 * Calls `visit(i)` for every index whose bits a and b are both 0: a quarter of the space,
 * walked as three nested strided loops instead of testing every index.
 */
function forEachWithBitsClear(dim: number, a: number, b: number, visit: (i: number) => void): void {
  const lo = 1 << Math.min(a, b);
  const hi = 1 << Math.max(a, b);
  for (let outer = 0; outer < dim; outer += hi << 1) {
    for (let middle = outer; middle < outer + hi; middle += lo << 1) {
      for (let i = middle; i < middle + lo; i++) visit(i);
    }
  }
}

/** CNOT: swap the target's amplitude pair wherever the control bit is 1. */
export function applyCnot(
  re: Float64Array,
  im: Float64Array,
  control: number,
  target: number,
): void {
  const c = 1 << control;
  const t = 1 << target;
  forEachWithBitsClear(re.length, control, target, (i) => swap(re, im, i | c, i | c | t));
}

/** CZ: a sign on |11⟩ of the two qubits. */
export function applyCz(re: Float64Array, im: Float64Array, a: number, b: number): void {
  const both = (1 << a) | (1 << b);
  forEachWithBitsClear(re.length, a, b, (i) => {
    re[i | both] = -re[i | both]!;
    im[i | both] = -im[i | both]!;
  });
}

export function applySwap(re: Float64Array, im: Float64Array, a: number, b: number): void {
  const ma = 1 << a;
  const mb = 1 << b;
  forEachWithBitsClear(re.length, a, b, (i) => swap(re, im, i | ma, i | mb));
}

function swap(re: Float64Array, im: Float64Array, i: number, j: number): void {
  const tr = re[i]!;
  const ti = im[i]!;
  re[i] = re[j]!;
  im[i] = im[j]!;
  re[j] = tr;
  im[j] = ti;
}
