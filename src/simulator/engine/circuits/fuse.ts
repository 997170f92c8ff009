import { matrixOp, qubitMask } from './ops';
import type { Op } from './ops';

/*
 * Gate fusion: fewer, fuller sweeps. A sweep's cost is mostly moving amplitudes through the
 * registers, not the arithmetic on them, so several gates applied in one sweep cost little more
 * than one.
 *
 * 1. Runs of uncontrolled one-qubit gates on a qubit (RY then RZ, H then T) become one 2×2.
 * 2. A gate on two qubits (CNOT, CZ, CRY, SWAP, a one-control !Controlled) takes in the
 *    one-qubit gates on its qubits just before it and every gate on those two qubits after it,
 *    until another gate touches either: one 4×4, when that is cheaper than its gates one by one
 *    (`SWEEP_COST`: a lone CNOT moves amplitudes without arithmetic, a 4×4 has 16 products
 *    per four amplitudes).
 *
 * Gates on other qubits in between commute with what is collected, as they share no qubit.
 */

/** [re, im] pairs, row-major, n×n. */
type Matrix = number[];

/**
 * What a sweep of each kind costs per amplitude, relative to a complex 2×2, measured on the
 * WebAssembly kernels in cache (the kernels a fused circuit runs on: fusion starts at 11 qubits,
 * the WebAssembly kernels at 10). A 4×4 has 16 complex products per amplitude against the 2×2's
 * two and costs about three 2×2 sweeps; a diagonal with two factors 0.57 of one, a phase (one
 * factor) 0.40, an X 0.44, a SWAP 0.32. The WebAssembly 2×2 is complex whatever its entries, so
 * a real one costs the same. Each control halves a sweep's cost.
 */
const SWEEP_COST = {
  mat: 1,
  realMat: 1,
  diag: 0.57,
  phase: 0.4,
  flip: 0.44,
  swap: 0.32,
  mat4: 3.1,
};

function sweepCost(op: Op): number {
  const m = op.m;
  let cost: number;
  if (op.kind === 'mat') cost = m[1] || m[3] || m[5] || m[7] ? SWEEP_COST.mat : SWEEP_COST.realMat;
  else if (op.kind === 'diag')
    cost =
      (m[0] === 1 && m[1] === 0) || (m[6] === 1 && m[7] === 0) ? SWEEP_COST.phase : SWEEP_COST.diag;
  else cost = SWEEP_COST[op.kind];
  for (let c = op.controls; c !== 0; c &= c - 1) cost /= 2;
  return cost;
}

const X2 = [0, 0, 1, 0, 1, 0, 0, 0];

/** a·b of n×n complex matrices. */
function multiply(a: Matrix, b: Matrix, n: number): Matrix {
  const out = new Array<number>(2 * n * n).fill(0);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let sr = 0;
      let si = 0;
      for (let k = 0; k < n; k++) {
        const xr = a[2 * (r * n + k)]!;
        const xi = a[2 * (r * n + k) + 1]!;
        const yr = b[2 * (k * n + c)]!;
        const yi = b[2 * (k * n + c) + 1]!;
        sr += xr * yr - xi * yi;
        si += xr * yi + xi * yr;
      }
      out[2 * (r * n + c)] = sr;
      out[2 * (r * n + c) + 1] = si;
    }
  }
  return out;
}

function matrix2(op: Op): Matrix {
  return op.kind === 'flip' ? X2 : op.m;
}

/**
 * A qubit's bit in a 4×4's index on (lo, hi). Module-level functions here, not closures: the
 * fusion runs per job, and a closure made per call costs more than the arithmetic it does.
 */
function bitIn(q: number, lo: number): number {
  return q === lo ? 1 : 2;
}

/** A 4×4 index with its two bits exchanged. */
function swapBits(k: number): number {
  return ((k & 1) << 1) | (k >> 1);
}

/**
 * The op as a 4×4 on qubits (lo, hi): index k of the 4×4 has lo's bit as bit 0 and hi's as
 * bit 1. The op's qubits must all be lo or hi (whichever is not lo is hi).
 */
function embed(op: Op, lo: number): Matrix {
  const out = new Array<number>(32).fill(0);
  if (op.kind === 'mat4') return op.target === lo ? op.m : swapQubits(op.m);
  if (op.kind === 'swap') {
    const control = op.controls ? bitIn(31 - Math.clz32(op.controls), lo) : 0;
    // Only the two qubits: a controlled swap here has its control among them, which is a no-op.
    for (let k = 0; k < 4; k++) {
      const swapped = control === 0 ? swapBits(k) : k;
      out[2 * (swapped * 4 + k)] = 1;
    }
    return out;
  }
  const t = bitIn(op.target, lo);
  const c = op.controls ? bitIn(31 - Math.clz32(op.controls), lo) : 0;
  const u = matrix2(op);
  for (let k = 0; k < 4; k++) {
    for (let l = 0; l < 4; l++) {
      const rest = (k & ~t) === (l & ~t);
      if (!rest) continue;
      if (c !== 0 && (k & c) === 0) {
        if (k === l) out[2 * (k * 4 + l)] = 1;
        continue;
      }
      const row = k & t ? 1 : 0;
      const col = l & t ? 1 : 0;
      out[2 * (k * 4 + l)] = u[2 * (row * 2 + col)]!;
      out[2 * (k * 4 + l) + 1] = u[2 * (row * 2 + col) + 1]!;
    }
  }
  return out;
}

/** The same 4×4 with the roles of its two qubits exchanged. */
function swapQubits(m: Matrix): Matrix {
  const out = new Array<number>(32);
  for (let k = 0; k < 4; k++) {
    for (let l = 0; l < 4; l++) {
      out[2 * (swapBits(k) * 4 + swapBits(l))] = m[2 * (k * 4 + l)]!;
      out[2 * (swapBits(k) * 4 + swapBits(l)) + 1] = m[2 * (k * 4 + l) + 1]!;
    }
  }
  return out;
}

/** Qubits a state can have (op masks are 32-bit). */
const MAX_QUBITS = 32;

/** Step 1: runs of uncontrolled one-qubit ops on a qubit become one 2×2. */
function fuseOneQubitRuns(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  /** qubit → index in `out` of the op its run is collected in, or -1. */
  const open = new Array<number>(MAX_QUBITS).fill(-1);
  for (const op of ops) {
    const single = op.other < 0 && op.controls === 0;
    const at = single ? open[op.target]! : -1;
    if (at >= 0) {
      out[at] = matrixOp(op.target, 0, multiply(matrix2(op), matrix2(out[at]!), 2));
      continue;
    }
    for (let m = qubitMask(op); m !== 0; m &= m - 1) open[31 - Math.clz32(m & -m)] = -1;
    out.push(op);
    if (single) open[op.target] = out.length - 1;
  }
  return out;
}

interface Group {
  lo: number;
  hi: number;
  /** Indices in the output of the ops it holds, in order. */
  members: number[];
  m: Matrix;
}

/** Per qubit: the group open on it, or the index of an uncontrolled one-qubit op still open. */
interface Open {
  group: (Group | null)[];
  single: number[];
}

/** Closes whatever is open on qubit q (a group closes on both its qubits). */
function closeOn(open: Open, q: number): void {
  const g = open.group[q];
  open.single[q] = -1;
  open.group[q] = null;
  if (!g) return;
  open.group[g.lo] = null;
  open.group[g.hi] = null;
  open.single[g.lo] = -1;
  open.single[g.hi] = -1;
}

/** The one-qubit op still open on r joins the group first; else whatever is open on r closes. */
function takeSingle(open: Open, out: readonly (Op | null)[], group: Group, r: number): void {
  const before = open.single[r]!;
  if (before < 0) {
    closeOn(open, r);
    return;
  }
  group.members.push(before);
  group.m = multiply(group.m, embed(out[before]!, group.lo), 4);
}

/** A new group on (p, q), p < q: the one-qubit ops still open on p and q first, then `op` at `index`. */
function openGroup(
  open: Open,
  out: readonly (Op | null)[],
  op: Op,
  index: number,
  p: number,
  q: number,
): Group {
  const group: Group = { lo: p, hi: q, members: [], m: embed(op, p) };
  takeSingle(open, out, group, p);
  takeSingle(open, out, group, q);
  if (group.members.length === 2 && group.members[0]! > group.members[1]!) group.members.reverse();
  group.members.push(index);
  open.group[p] = group;
  open.group[q] = group;
  open.single[p] = -1;
  open.single[q] = -1;
  return group;
}

/** Step 2: runs of ops on the same two qubits become one 4×4 (see the top of this file). */
function fuseTwoQubitRuns(ops: readonly Op[]): Op[] {
  const out: (Op | null)[] = [];
  const groups: Group[] = [];
  const open: Open = {
    group: new Array<Group | null>(MAX_QUBITS).fill(null),
    single: new Array<number>(MAX_QUBITS).fill(-1),
  };
  for (const op of ops) {
    const mask = qubitMask(op);
    const index = out.length;
    out.push(op);
    const p = 31 - Math.clz32(mask & -mask);
    const rest = mask & (mask - 1);
    if (rest === 0) {
      const g = open.group[p];
      if (g) {
        g.members.push(index);
        g.m = multiply(embed(op, g.lo), g.m, 4);
      } else open.single[p] = index;
      continue;
    }
    if ((rest & (rest - 1)) === 0) {
      const q = 31 - Math.clz32(rest);
      const g = open.group[p];
      if (g && g === open.group[q]) {
        g.members.push(index);
        g.m = multiply(embed(op, g.lo), g.m, 4);
        continue;
      }
      groups.push(openGroup(open, out, op, index, p, q));
      continue;
    }
    for (let m = mask; m !== 0; m &= m - 1) closeOn(open, 31 - Math.clz32(m & -m));
  }
  return emit(out, groups);
}

/** The ops with each group worth it replaced by its 4×4, at its last member's place. */
function emit(out: (Op | null)[], all: Group[]): Op[] {
  for (const g of all) {
    const separate = g.members.reduce((sum, k) => sum + sweepCost(out[k]!), 0);
    if (separate <= SWEEP_COST.mat4) continue;
    const last = g.members[g.members.length - 1]!;
    for (const k of g.members) out[k] = null;
    out[last] = { kind: 'mat4', target: g.lo, other: g.hi, controls: 0, m: g.m };
  }
  return out.filter((op): op is Op => op !== null);
}

/** Both steps. */
export function fuse(ops: readonly Op[]): Op[] {
  return fuseTwoQubitRuns(fuseOneQubitRuns(ops));
}
