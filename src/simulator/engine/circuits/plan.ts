import { mixingMask, qubitMask } from './ops';
import type { Op, OpKind } from './ops';

/*
 * Passes: the state goes through memory once per pass, however many ops the pass holds.
 *
 * A pass holds the state in blocks of 2^b amplitudes (b = blockQubits, 1 MiB at 16: a core's
 * L2): a block is every index with the same values of the bits outside the pass's `local`
 * qubits. Each block is brought into cache once and every op of the pass runs on it there. An
 * op fits a pass when the qubits whose bit it changes (a 2×2's target, a swap's two qubits) are
 * local; its controls and a diagonal's qubit may lie outside, as their bits are one value across
 * a block. Ops commute when they share no qubit, so an op may join a pass ahead of ops it does
 * not touch; the planner takes ops in order while they fit and nothing before them on their
 * qubits waits for a later pass.
 *
 * When the local qubits are spread out (a high qubit among them), the block is copied into a
 * contiguous buffer first: runs of it at large power-of-two strides would fall on the same cache
 * sets and evict each other. Blocks whose low IN_PLACE_BITS bits are all local are used in
 * place.
 */

export const OP_MAT = 0;
export const OP_DIAG = 1;
export const OP_FLIP = 2;
export const OP_SWAP = 3;
export const OP_MAT4 = 4;

const KIND: Record<OpKind, number> = {
  mat: OP_MAT,
  diag: OP_DIAG,
  flip: OP_FLIP,
  swap: OP_SWAP,
  mat4: OP_MAT4,
};

/** An op as a pass runs it, its bits in the pass's index space (see `Pass.gather`). */
export interface PassOp {
  kind: number;
  /** The target's bit; 0 when the target is outside the block (a diagonal only). */
  tb: number;
  /** A swap's or a 4×4's other bit, else 0. */
  ob: number;
  /** Controls inside the block. */
  lc: number;
  /** Controls outside the block (global bits): the op runs on blocks where all are 1. */
  nc: number;
  /** A diagonal's target outside the block (global bit), else 0. */
  nt: number;
  m: number[];
}

export interface Pass {
  /** Global bits fixed within a block; 0: the whole state is one block. */
  outer: number;
  /**
   * Each block is copied into a buffer of 2^local.length amplitudes, and bits of ops are
   * positions in `local`; otherwise ops run in place and their bits are global bits.
   */
  gather: boolean;
  /** The local qubits, ascending. */
  local: number[];
  ops: PassOp[];
}

export interface PlanOptions {
  /** Qubits in a block (the cache a pass works in). */
  blockQubits: number;
  /** The lowest qubits every block keeps, so blocks are made of runs this long at least. */
  lowQubits: number;
  /** Bits outside the block when the pass is one op, so threads can share it; 0 for one thread. */
  splitBits: number;
  /** Blocks are used in place when their lowest this many bits are local (default 14). */
  inPlaceBits?: number;
}

/**
 * Blocks whose lowest this many bits are local cover every set of a 2 MiB, 16-way L2 (and of
 * smaller ones): they are used in place.
 */
const IN_PLACE_BITS = 14;

const bitCount = (m: number) => {
  let c = 0;
  for (let x = m; x !== 0; x &= x - 1) c++;
  return c;
};

export function planPasses(ops: readonly Op[], nqubits: number, o: PlanOptions): Pass[] {
  const all = nqubits >= 31 ? -1 : (1 << nqubits) - 1;
  // A state that fits the cache is one block: every op in one pass.
  if (nqubits <= o.blockQubits) return ops.length ? [makePass(ops, all, 0, false)] : [];
  const passes: Pass[] = [];
  let remaining = ops.slice();
  const low = (1 << Math.min(o.lowQubits, o.blockQubits)) - 1;
  while (remaining.length > 0) {
    let local = low;
    let size = bitCount(low);
    let blocked = 0;
    const taken: Op[] = [];
    const rest: Op[] = [];
    for (let k = 0; k < remaining.length; k++) {
      const op = remaining[k]!;
      if (blocked === all) {
        for (let j = k; j < remaining.length; j++) rest.push(remaining[j]!);
        break;
      }
      const qubits = qubitMask(op);
      const need = mixingMask(op) & ~local;
      if ((qubits & blocked) === 0 && size + bitCount(need) <= o.blockQubits) {
        local |= need;
        size += bitCount(need);
        taken.push(op);
      } else {
        blocked |= qubits;
        rest.push(op);
      }
    }
    remaining = rest;
    if (taken.length === 1) {
      // One op gains nothing from blocks: run it over the whole state, split for the threads.
      const outer = splitOuter(mixingMask(taken[0]!), nqubits, o.splitBits);
      passes.push(makePass(taken, all & ~outer, outer, false));
      continue;
    }
    for (let q = 0; size < o.blockQubits && q < nqubits; q++) {
      if ((local >> q) & 1) continue;
      local |= 1 << q;
      size++;
    }
    const outer = all & ~local;
    const inPlace = (outer & ((1 << (o.inPlaceBits ?? IN_PLACE_BITS)) - 1)) === 0;
    passes.push(makePass(taken, local, outer, !inPlace));
  }
  return passes;
}

/** The `bits` highest qubits an op does not mix: blocks for threads to share one op. */
function splitOuter(mixing: number, nqubits: number, bits: number): number {
  let outer = 0;
  for (let q = nqubits - 1, n = 0; q >= 0 && n < bits; q--) {
    if ((mixing >> q) & 1) continue;
    outer |= 1 << q;
    n++;
  }
  return outer;
}

function makePass(ops: readonly Op[], local: number, outer: number, gather: boolean): Pass {
  const locals: number[] = [];
  // Gathered: bit q becomes the bit of q's rank among the local qubits. In place: unchanged.
  const bitOf = new Array<number>(32).fill(0);
  for (let q = 0; q < 31; q++) {
    if (((local >> q) & 1) === 0) continue;
    bitOf[q] = gather ? 1 << locals.length : 1 << q;
    locals.push(q);
  }
  const passOps: PassOp[] = [];
  for (const op of ops) {
    let lc = gather ? 0 : op.controls & local;
    if (gather)
      for (let m = op.controls & local; m !== 0; m &= m - 1) lc |= bitOf[31 - Math.clz32(m & -m)]!;
    const inside = (local >> op.target) & 1;
    passOps.push({
      kind: KIND[op.kind],
      tb: inside ? bitOf[op.target]! : 0,
      ob: op.other >= 0 ? bitOf[op.other]! : 0,
      lc,
      nc: op.controls & outer,
      nt: inside ? 0 : 1 << op.target,
      m: op.m,
    });
  }
  return { outer, gather, local: locals, ops: passOps };
}
