import { applyDiagonal, applyFlip, applyScale, applySwap } from './kernels';
import { applyMatrix, applyMatrix4 } from './kernels-matrix';
import { OP_DIAG, OP_FLIP, OP_MAT, OP_MAT4, OP_SWAP } from './plan';
import type { Pass } from './plan';
import { homeOf, runWasmOp, wasmParts } from './wasm/wasm-kernels';

/** A thread's buffer for gathered blocks. */
export interface Scratch {
  re: Float64Array;
  im: Float64Array;
}

/** In kernel memory where this runtime has the WebAssembly kernels (wasm/wasm-kernels.ts). */
export function newScratch(blockQubits: number): Scratch {
  const length = 2 ** blockQubits;
  return wasmParts(length) ?? { re: new Float64Array(length), im: new Float64Array(length) };
}

export function blockCount(pass: Pass): number {
  let n = 1;
  for (let m = pass.outer; m !== 0; m &= m - 1) n *= 2;
  return n;
}

/** The `k`-th block's values of the outer bits: k's bits spread over the mask. */
function deposit(k: number, mask: number): number {
  let out = 0;
  for (let m = mask, bit = 1; m !== 0; m &= m - 1, bit <<= 1) if (k & bit) out |= m & -m;
  return out;
}

/**
 * A block's indices as runs of consecutive amplitudes: the low local qubits make a run, the
 * other local qubits pick which runs, in ascending order, which is the order of the gathered
 * buffer. Copies the block to (`gather`) or back from the scratch buffer.
 */
function copyBlock(
  pass: Pass,
  base: number,
  re: Float64Array,
  im: Float64Array,
  s: Scratch,
  gather: boolean,
): void {
  let low = 0;
  while (pass.local[low] === low) low++;
  const run = 1 << low;
  const mask = pass.outer | (run - 1);
  const dim = re.length;
  const sre = s.re;
  const sim = s.im;
  for (let x = base, r = 0; x < dim; x = (((x | mask) + 1) & ~mask) | base, r += run) {
    // TypedArray.set is a memcpy: several times a loop's speed for runs this long.
    if (gather) {
      sre.set(re.subarray(x, x + run), r);
      sim.set(im.subarray(x, x + run), r);
    } else {
      re.set(sre.subarray(r, r + run), x);
      im.set(sim.subarray(r, r + run), x);
    }
  }
}

/** Every op of the pass on block `k` of the state. */
export function runBlock(
  pass: Pass,
  k: number,
  re: Float64Array,
  im: Float64Array,
  scratch: Scratch | null,
): void {
  const base = deposit(k, pass.outer);
  let are = re;
  let aim = im;
  let len = re.length;
  let fixed = pass.outer;
  let value = base;
  if (pass.gather) {
    if (!scratch) throw new Error('a gathered pass needs a scratch buffer');
    copyBlock(pass, base, re, im, scratch, true);
    are = scratch.re;
    aim = scratch.im;
    len = 1 << pass.local.length;
    fixed = 0;
    value = 0;
  }
  const home = homeOf(are);
  for (const op of pass.ops) {
    if ((base & op.nc) !== op.nc) continue;
    const f = fixed | op.lc;
    const v = value | op.lc;
    if (home && homeOf(aim) === home && runWasmOp(home, op, are, aim, len, f, v, base)) continue;
    switch (op.kind) {
      case OP_MAT:
        applyMatrix(are, aim, len, op.tb, f | op.tb, v, op.m);
        break;
      case OP_FLIP:
        applyFlip(are, aim, len, op.tb, f | op.tb, v);
        break;
      case OP_SWAP:
        applySwap(are, aim, len, op.tb, op.ob, f | op.tb | op.ob, v | op.tb);
        break;
      case OP_MAT4:
        applyMatrix4(are, aim, len, op.tb, op.ob, f | op.tb | op.ob, v, op.m);
        break;
      case OP_DIAG:
        if (op.tb !== 0) applyDiagonal(are, aim, len, op.tb, f, v, op.m);
        else if ((base & op.nt) !== 0) applyScale(are, aim, len, f, v, op.m[6]!, op.m[7]!);
        else applyScale(are, aim, len, f, v, op.m[0]!, op.m[1]!);
        break;
    }
  }
  if (pass.gather) copyBlock(pass, base, re, im, scratch!, false);
}
