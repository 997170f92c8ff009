import { matrixOp, qubitMask } from './ops';
import type { Op } from './ops';

const X = [0, 0, 1, 0, 1, 0, 0, 0];

function matrixOf(op: Op): number[] {
  return op.kind === 'flip' ? X : op.m;
}

/** a·b of 2×2 complex matrices ([re, im] pairs, row-major). */
function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(8);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) {
      let sr = 0;
      let si = 0;
      for (let k = 0; k < 2; k++) {
        const [xr, xi] = [a[4 * r + 2 * k]!, a[4 * r + 2 * k + 1]!];
        const [yr, yi] = [b[4 * k + 2 * c]!, b[4 * k + 2 * c + 1]!];
        sr += xr * yr - xi * yi;
        si += xr * yi + xi * yr;
      }
      out[4 * r + 2 * c] = sr;
      out[4 * r + 2 * c + 1] = si;
    }
  }
  return out;
}

/**
 * Gate fusion: consecutive uncontrolled one-qubit ops on the same qubit (RY then RZ, H then T)
 * become one 2×2, so they cost one sweep of the amplitudes instead of several. Ops on other
 * qubits in between commute with them; anything else on that qubit (a control, a swap) ends the
 * run.
 */
export function fuseOneQubitRuns(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  /** qubit → index in `out` of the op its run is collected in. */
  const open = new Map<number, number>();
  for (const op of ops) {
    const single = op.kind !== 'swap' && op.controls === 0;
    const at = single ? open.get(op.target) : undefined;
    if (at !== undefined) {
      out[at] = matrixOp(op.target, 0, multiply(matrixOf(op), matrixOf(out[at]!)));
      continue;
    }
    for (let mask = qubitMask(op), q = 0; mask !== 0; mask >>>= 1, q++)
      if (mask & 1) open.delete(q);
    out.push(op);
    if (single) open.set(op.target, out.length - 1);
  }
  return out;
}
