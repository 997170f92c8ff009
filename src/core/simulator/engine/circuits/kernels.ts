/*
 * The gate kernels: loops over a state (or a block of one) in two Float64Arrays, without a call
 * per index. Which indices a kernel visits is given by fixed bits: index x is visited when
 * (x & fixed) === value. The fixed bits hold the target (0 for the first amplitude of a pair),
 * the controls (1) and, when the state is split into blocks, the bits outside the block.
 *
 * The next visited index after x is (((x | fixed) + 1) & ~fixed) | value: setting the fixed bits
 * makes the increment carry straight through them. Kernels walk runs of consecutive indices
 * below the lowest fixed bit, so a gate whose fixed bits are all high runs as plain loops, and
 * the lowest qubits (a pair inside 2 or 4 neighbouring amplitudes) have loops of their own.
 */

/** Next start of a run of `run` consecutive visited indices (`mask` = fixed | (run - 1)). */
function next(x: number, mask: number, value: number): number {
  return (((x | mask) + 1) & ~mask) | value;
}

/** Length of the runs of consecutive visited indices: the lowest fixed bit (len if none). */
function runLength(fixed: number, len: number): number {
  return fixed === 0 ? len : fixed & -fixed;
}

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
  if ((fixed & (tb - 1)) === 0) {
    // Nothing fixed below the target: segments of whole 2·tb groups.
    const above = fixed & ~(2 * tb - 1);
    const seg = runLength(above, len);
    const mask = above | (seg - 1);
    for (let x = value; x < len; x = next(x, mask, value)) {
      if (tb === 1) {
        for (let i = x, end = x + seg; i < end; i += 2) {
          const xr = re[i]!;
          const xi = im[i]!;
          const yr = re[i + 1]!;
          const yi = im[i + 1]!;
          re[i] = ar * xr - ai * xi + br * yr - bi * yi;
          im[i] = ar * xi + ai * xr + br * yi + bi * yr;
          re[i + 1] = cr * xr - ci * xi + dr * yr - di * yi;
          im[i + 1] = cr * xi + ci * xr + dr * yi + di * yr;
        }
      } else {
        for (let base = x, end = x + seg; base < end; base += 2 * tb) {
          for (let i = base, stop = base + tb; i < stop; i++) {
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
    return;
  }
  const run = fixed & -fixed;
  const mask = fixed | (run - 1);
  for (let x = value; x < len; x = next(x, mask, value)) {
    for (let i = x, end = x + run; i < end; i++) {
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

/** X on pairs (i, i + tb): the amplitudes exchange places. `fixed` includes tb. */
export function applyFlip(
  re: Float64Array,
  im: Float64Array,
  len: number,
  tb: number,
  fixed: number,
  value: number,
): void {
  if ((fixed & (tb - 1)) === 0) {
    const above = fixed & ~(2 * tb - 1);
    const seg = runLength(above, len);
    const mask = above | (seg - 1);
    for (let x = value; x < len; x = next(x, mask, value)) {
      for (let base = x, end = x + seg; base < end; base += 2 * tb) {
        for (let i = base, stop = base + tb; i < stop; i++) {
          const j = i + tb;
          const tr = re[i]!;
          const ti = im[i]!;
          re[i] = re[j]!;
          im[i] = im[j]!;
          re[j] = tr;
          im[j] = ti;
        }
      }
    }
    return;
  }
  const run = fixed & -fixed;
  const mask = fixed | (run - 1);
  for (let x = value; x < len; x = next(x, mask, value)) {
    for (let i = x, end = x + run; i < end; i++) {
      const j = i + tb;
      const tr = re[i]!;
      const ti = im[i]!;
      re[i] = re[j]!;
      im[i] = im[j]!;
      re[j] = tr;
      im[j] = ti;
    }
  }
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
  const run = runLength(fixed, len);
  const mask = fixed | (run - 1);
  if (sr === -1 && si === 0) {
    for (let x = value; x < len; x = next(x, mask, value)) {
      for (let i = x, end = x + run; i < end; i++) {
        re[i] = -re[i]!;
        im[i] = -im[i]!;
      }
    }
    return;
  }
  for (let x = value; x < len; x = next(x, mask, value)) {
    for (let i = x, end = x + run; i < end; i++) {
      const xr = re[i]!;
      const xi = im[i]!;
      re[i] = sr * xr - si * xi;
      im[i] = sr * xi + si * xr;
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
  const f = fixed | tb;
  const run = f & -f;
  const mask = f | (run - 1);
  for (let x = value; x < len; x = next(x, mask, value)) {
    for (let i = x, end = x + run; i < end; i++) {
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
  const run = fixed & -fixed;
  const mask = fixed | (run - 1);
  const flip = ab ^ bb;
  for (let x = value; x < len; x = next(x, mask, value)) {
    for (let i = x, end = x + run; i < end; i++) {
      const j = i ^ flip;
      const tr = re[i]!;
      const ti = im[i]!;
      re[i] = re[j]!;
      im[i] = im[j]!;
      re[j] = tr;
      im[j] = ti;
    }
  }
}
