/*
 * The gate kernels: loops over a state (or a block of one) in two Float64Arrays, without a call
 * per index. Which indices a kernel visits is given by fixed bits: index x is visited when
 * (x & fixed) === value. The fixed bits hold the targets (0 for the first amplitude of a pair),
 * the controls (1) and, when the state is split into blocks, the bits outside the block.
 *
 * Every kernel walks the same way: the lowest fixed bit l1 and the next one l2 cut the indices
 * into segments of l2 indices, each a strided run (l1 indices visited, l1 skipped, …) walked by
 * two plain loops; the next segment is found with one increment that carries through the fixed
 * bits: (((x | mask) + 1) & ~mask) | value. A gate whose fixed bits are all high runs as long
 * plain loops; one with a low target or control still has no per-index bookkeeping.
 *
 * Runs of 64 to 1024 amplitudes with gaps between them (a gate on qubits 6 to 10 of a state
 * larger than the caches) defeat the hardware prefetcher, which follows sequential streams: such
 * a gate ran at 20–40 % of the memory's speed. There each group of runs is first read once in
 * order, one load per cache line, and then worked on in cache.
 *
 * This file: the kernels that move or scale amplitudes; kernels-matrix.ts: 2×2 and 4×4 matrices.
 */

/** States beyond this many amplitudes are not in a core's cache. */
const FROM_MEMORY = 1 << 18;

/** Where the pre-read sums go, so the compiler cannot drop the reads. */
const sink = new Float64Array(1);

/** Reads every cache line of [from, to) of both arrays once, in order. */
export function preRead(re: Float64Array, im: Float64Array, from: number, to: number): void {
  let s = 0;
  for (let k = from; k < to; k += 8) s += re[k]! + im[k]!;
  sink[0] = s;
}

/** Whether the runs of l1 amplitudes (and their partners) are read once in order first. */
export function preReads(l1: number, len: number): boolean {
  return len >= FROM_MEMORY && l1 >= 64 && l1 <= 1024;
}

/** Next segment start after x (`mask` = the fixed bits above l1, and every bit below l2). */
export function next(x: number, mask: number, value: number): number {
  return (((x | mask) + 1) & ~mask) | value;
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
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const ahead = preReads(l1, len);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      if (ahead) {
        preRead(re, im, g, g + l1);
        preRead(re, im, g + tb, g + tb + l1);
      }
      for (let i = g, stop = g + l1; i < stop; i++) {
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
  if (fixed === 0) {
    for (let i = 0; i < len; i++) {
      const xr = re[i]!;
      const xi = im[i]!;
      re[i] = sr * xr - si * xi;
      im[i] = sr * xi + si * xr;
    }
    return;
  }
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const ahead = preReads(l1, len);
  if (sr === -1 && si === 0) {
    for (let x = start; x < len; x = next(x, mask, start)) {
      for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
        if (ahead) preRead(re, im, g, g + l1);
        for (let i = g, stop = g + l1; i < stop; i++) {
          re[i] = -re[i]!;
          im[i] = -im[i]!;
        }
      }
    }
    return;
  }
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      if (ahead) preRead(re, im, g, g + l1);
      for (let i = g, stop = g + l1; i < stop; i++) {
        const xr = re[i]!;
        const xi = im[i]!;
        re[i] = sr * xr - si * xi;
        im[i] = sr * xi + si * xr;
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
  const f = fixed | tb;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  if (l1 === 1 && tb === 1) {
    // Neighbours (RZ on qubit 0): each amplitude in order, its factor by its lowest bit.
    for (let x = start; x < len; x = next(x, mask | 1, start)) {
      for (let i = x, end = x + l2; i < end; i += 2) {
        const xr = re[i]!;
        const xi = im[i]!;
        const yr = re[i + 1]!;
        const yi = im[i + 1]!;
        re[i] = ar * xr - ai * xi;
        im[i] = ar * xi + ai * xr;
        re[i + 1] = dr * yr - di * yi;
        im[i + 1] = dr * yi + di * yr;
      }
    }
    return;
  }
  const ahead = preReads(l1, len);
  for (let x = start; x < len; x = next(x, mask, start)) {
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
        re[i] = ar * xr - ai * xi;
        im[i] = ar * xi + ai * xr;
        re[j] = dr * yr - di * yi;
        im[j] = dr * yi + di * yr;
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
  const f = fixed;
  const l1 = f & -f;
  const l2 = (f ^ l1) === 0 ? len : (f ^ l1) & -(f ^ l1);
  const mask = (f ^ l1) | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  const flip = ab ^ bb;
  const ahead = preReads(l1, len);
  for (let x = start; x < len; x = next(x, mask, start)) {
    for (let g = x + offset, end = x + l2; g < end; g += 2 * l1) {
      if (ahead) {
        preRead(re, im, g, g + l1);
        preRead(re, im, g ^ flip, (g ^ flip) + l1);
      }
      for (let i = g, stop = g + l1; i < stop; i++) {
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
}
