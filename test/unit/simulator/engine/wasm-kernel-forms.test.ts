import { describe, expect, it } from 'vitest';
import {
  OP_DIAG,
  OP_FLIP,
  OP_MAT,
  OP_MAT4,
  OP_SWAP,
} from '../../../../src/simulator/engine/circuits/plan';
import type { Pass, PassOp } from '../../../../src/simulator/engine/circuits/plan';
import { runBlock } from '../../../../src/simulator/engine/circuits/run-block';
import {
  homeOf,
  runWasmOp,
  wasmParts,
} from '../../../../src/simulator/engine/circuits/wasm/wasm-kernels';
import { seededRandom as seeded } from '../../../../src/simulator/random';

/*
 * Each WebAssembly kernel takes every placement of its qubits, qubit 0 (the lane inside a
 * vector) included, and gives the JavaScript kernel's bits. runWasmOp is called directly, so a
 * placement it declined (leaving it to the JavaScript kernels) fails here rather than passing
 * unseen through the fallback.
 */

const N = 6;
const DIM = 2 ** N;

function denseParts(seed: number): { re: Float64Array; im: Float64Array } {
  const random = seeded(seed);
  const re = new Float64Array(DIM);
  const im = new Float64Array(DIM);
  for (let i = 0; i < DIM; i++) {
    re[i] = random() - 0.5;
    im[i] = random() - 0.5;
  }
  return { re, im };
}

function op(kind: number, tb: number, ob: number, lc: number, m: number[]): PassOp {
  return { kind, tb, ob, lc, nc: 0, nt: 0, m };
}

/** Bits 0, 1, 2 and the top bit: below, inside and above a vector and a cache line. */
const BITS = [1, 2, 4, 2 ** (N - 1)];

/**
 * Every op kind on every placement of targets and at most one control among BITS; a 4×4 with a
 * target on qubit 0 is left to the JavaScript kernel (below).
 */
function placements(): { label: string; op: PassOp }[] {
  const random = seeded(11);
  const coefficients = () => Array.from({ length: 8 }, () => random() * 2 - 1);
  const out: { label: string; op: PassOp }[] = [];
  for (const tb of BITS)
    for (const lc of [0, ...BITS.filter((b) => b !== tb)]) {
      const at = `target ${tb}, control ${lc}`;
      out.push({ label: `matrix, ${at}`, op: op(OP_MAT, tb, 0, lc, coefficients()) });
      out.push({ label: `flip, ${at}`, op: op(OP_FLIP, tb, 0, lc, []) });
      out.push({ label: `diagonal, ${at}`, op: op(OP_DIAG, tb, 0, lc, coefficients()) });
      const upper = [1, 0, 0, 0, 0, 0, ...coefficients().slice(0, 2)];
      out.push({ label: `diagonal [1, d], ${at}`, op: op(OP_DIAG, tb, 0, lc, upper) });
      const lower = [...coefficients().slice(0, 2), 0, 0, 0, 0, 1, 0];
      out.push({ label: `diagonal [a, 1], ${at}`, op: op(OP_DIAG, tb, 0, lc, lower) });
      for (const ob of BITS.filter((b) => b !== tb && b !== lc)) {
        out.push({ label: `swap with ${ob}, ${at}`, op: op(OP_SWAP, tb, ob, lc, []) });
        const m4 = [...coefficients(), ...coefficients(), ...coefficients(), ...coefficients()];
        if (tb !== 1 && ob !== 1)
          out.push({ label: `4×4 with ${ob}, ${at}`, op: op(OP_MAT4, tb, ob, lc, m4) });
      }
    }
  return out;
}

describe('the WebAssembly kernels on every placement, qubit 0 included', () => {
  const pass = (o: PassOp): Pass => ({
    outer: 0,
    gather: false,
    local: Array.from({ length: N }, (_, q) => q),
    ops: [o],
  });

  it.each(placements())('$label', ({ op: o }) => {
    const start = denseParts(5);
    const plain = { re: start.re.slice(), im: start.im.slice() };
    runBlock(pass(o), 0, plain.re, plain.im, null);
    const wasm = wasmParts(DIM)!;
    wasm.re.set(start.re);
    wasm.im.set(start.im);
    const home = homeOf(wasm.re)!;
    const f = o.lc;
    expect(runWasmOp(home, o, wasm.re, wasm.im, DIM, f, f, 0)).toBe(true);
    expect(Array.from(wasm.re)).toEqual(Array.from(plain.re));
    expect(Array.from(wasm.im)).toEqual(Array.from(plain.im));
    // The op changed something (a kernel that did nothing would agree with one that did not run).
    expect(Array.from(wasm.re)).not.toEqual(Array.from(start.re));
  });
});

describe('what the WebAssembly kernels leave to the JavaScript ones', () => {
  it('a 4×4 matrix with a target on qubit 0', () => {
    const wasm = wasmParts(DIM)!;
    const m = Array.from({ length: 32 }, (_, k) => k / 32);
    for (const [tb, ob] of [
      [1, 4],
      [8, 1],
    ] as const)
      expect(
        runWasmOp(homeOf(wasm.re)!, op(OP_MAT4, tb, ob, 0, m), wasm.re, wasm.im, DIM, 0, 0, 0),
      ).toBe(false);
  });
});
