/*
 * How every kernel walks the state (kernels.ts, kernels-matrix.ts). Which indices a kernel
 * visits is given by fixed bits: index x is visited when (x & fixed) === value. The fixed bits
 * hold the targets (0 for the first amplitude of a pair), the controls (1) and, when the state
 * is split into blocks, the bits outside the block.
 *
 * The lowest fixed bit l1 and the next one l2 cut the indices into segments of l2 indices; the
 * next segment is found with one increment that carries through the fixed bits:
 * (((x | mask) + 1) & ~mask) | value. Inside a segment the visited indices come in groups of
 * four, i, i + a, i + b, i + a + b, each group 2b after the last:
 *
 * - l1 ≥ 4: runs of l1 consecutive indices, 2·l1 apart (a = 1, b = 2);
 * - l1 = 1: every other index (a = 2, b = 4); l1 = 2: two in, two out (a = 1, b = 4); the whole
 *   segment is one run, when it holds at least eight indices;
 * - otherwise (two fixed bits among the lowest three) one index at a time (a = 0).
 *
 * Four amplitudes per iteration is what brings a kernel near the memory's speed: with one per
 * iteration the loop's own work (bounds checks, the counter, the branch) cost more than the
 * memory, on every qubit, and far more on short runs with gaps (CZ on qubits 3 and 4, runs of
 * one cache line in four, ran 3.6 times as long as a copy of the whole state).
 */

/** Next segment start after x (`mask` = the fixed bits above l1, and every bit below l2). */
export function next(x: number, mask: number, value: number): number {
  return (((x | mask) + 1) & ~mask) | value;
}

/** The walk over the indices a kernel visits (see the top of this file). */
export interface Walk {
  /** The lowest fixed bit, and the next one (or the length when there is one fixed bit). */
  l1: number;
  l2: number;
  /** next()'s mask and value: the first segment starts at `start`. */
  mask: number;
  start: number;
  /** The first visited index of a segment, from its start. */
  offset: number;
  /** Indices from a run's start to its end, and from one run's start to the next. */
  run: number;
  stride: number;
  /** A group is i, i + a, i + b, i + a + b; a = 0: one index at a time, runs of l1. */
  a: number;
  b: number;
}

export function walk(len: number, fixed: number, value: number): Walk {
  const f = fixed;
  // Nothing fixed: one run of every index.
  const l1 = f === 0 ? len : f & -f;
  const above = f ^ l1;
  const l2 = above === 0 ? Math.max(len, 2 * l1) : above & -above;
  const mask = above | (l2 - 1);
  const start = value & ~l1;
  const offset = value & l1;
  if (l1 >= 4) return { l1, l2, mask, start, offset, run: l1, stride: 2 * l1, a: 1, b: 2 };
  if (l2 >= 8) {
    const a = l1 === 1 ? 2 : 1;
    return { l1, l2, mask, start, offset, run: l2 - offset, stride: l2, a, b: 4 };
  }
  return { l1, l2, mask, start, offset, run: l1, stride: 2 * l1, a: 0, b: 0 };
}
