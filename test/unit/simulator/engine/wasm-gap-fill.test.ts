import { describe, expect, it } from 'vitest';
import { OP_DIAG, OP_FLIP, OP_MAT, OP_SWAP } from '../../../../src/simulator/engine/circuits/plan';
import type { Pass, PassOp } from '../../../../src/simulator/engine/circuits/plan';
import { runBlock } from '../../../../src/simulator/engine/circuits/run-block';
import {
  gapToFill,
  homeOf,
  runWasmOp,
  wasmParts,
} from '../../../../src/simulator/engine/circuits/wasm/wasm-kernels';
import { seededRandom as seeded } from '../../../../src/simulator/random';

/*
 * The read-ahead of the WebAssembly kernels also reads short gaps between the runs it reads
 * (kernel-code.ts), when the kernel's runs are at least half the bytes around them
 * (`gapToFill`), on states larger than a core's cache. Those reads change nothing: the kernels
 * that fill gaps still give the JavaScript kernels' bits.
 */

/** 2^18 amplitudes: the smallest walk that fills gaps (`gapToFill`). */
const N = 18;
const DIM = 2 ** N;
const q = (k: number) => 2 ** k;

/** A walk of 2^22 amplitudes (a state that outgrows the caches; a small one never fills). */
const BIG = 2 ** 22;

describe('which walks fill their gaps', () => {
  it('a state within a core’s cache reads no gap', () => {
    expect(gapToFill(2 ** 16, q(5), 0, 0)).toBe(0);
    expect(gapToFill(2 ** 17, q(5) | q(4), q(4), 0)).toBe(0);
  });

  it('a control or a phase on qubit 5: half the bytes are the kernel’s, so gaps are read', () => {
    expect(gapToFill(BIG, q(5), 0, 0)).toBe(1024); // U1 on 5: one run of two
    expect(gapToFill(BIG, q(5) | q(4), q(4), 0)).toBe(1024); // CNOT 5 → 4: the run and its partner
    expect(gapToFill(BIG, q(5) | q(6), q(6), 0)).toBe(1024); // CRY 5 → 6
    expect(gapToFill(BIG, q(4) | q(5), q(5) - q(4), 0)).toBe(1024); // SWAP 4, 5
  });

  it('a quarter of the bytes (CZ on qubits 4 and 5), or a far partner alone, reads no gap', () => {
    expect(gapToFill(BIG, q(4) | q(5), 0, 0)).toBe(0); // CZ(5, 4): one run in four
    expect(gapToFill(BIG, q(3) | q(5) | q(6), q(6), 0)).toBe(0); // a Toffoli's controls 3, 5
  });
});

describe('kernels that fill gaps give the JavaScript kernels’ bits', () => {
  const random = seeded(21);
  const m = () => Array.from({ length: 8 }, () => random() * 2 - 1);
  const phase = [1, 0, 0, 0, 0, 0, 0.6, 0.8];
  // Each op, the controls fixed, and the walk its kernel takes: fixed bits and partner.
  const cases: { label: string; op: PassOp; fixed: number; walk: [number, number] }[] = [
    { label: 'phase on qubit 5', op: op(OP_DIAG, q(5), 0, 0, phase), fixed: 0, walk: [q(5), 0] },
    { label: 'phase on qubit 4', op: op(OP_DIAG, q(4), 0, 0, phase), fixed: 0, walk: [q(4), 0] },
    {
      label: 'CNOT, control 5, target 4',
      op: op(OP_FLIP, q(4), 0, q(5), []),
      fixed: q(5),
      walk: [q(5) | q(4), q(4)],
    },
    {
      label: 'CNOT, control 5, target 8',
      op: op(OP_FLIP, q(8), 0, q(5), []),
      fixed: q(5),
      walk: [q(5) | q(8), q(8)],
    },
    {
      label: 'CRY, control 5, target 6',
      op: op(OP_MAT, q(6), 0, q(5), m()),
      fixed: q(5),
      walk: [q(5) | q(6), q(6)],
    },
    { label: '2×2 on qubit 5', op: op(OP_MAT, q(5), 0, 0, m()), fixed: 0, walk: [q(5), q(5)] },
    {
      label: 'SWAP 4, 5',
      op: op(OP_SWAP, q(4), q(5), 0, []),
      fixed: 0,
      walk: [q(4) | q(5), q(5) - q(4)],
    },
    {
      label: 'SWAP 5, 4',
      op: op(OP_SWAP, q(5), q(4), 0, []),
      fixed: 0,
      walk: [q(4) | q(5), q(4) - q(5)],
    },
  ];

  it.each(cases)('$label', ({ op: o, fixed, walk }) => {
    const start = { re: new Float64Array(DIM), im: new Float64Array(DIM) };
    for (let i = 0; i < DIM; i++) {
      start.re[i] = random() - 0.5;
      start.im[i] = random() - 0.5;
    }
    const plain = { re: start.re.slice(), im: start.im.slice() };
    runBlock(pass(o), 0, plain.re, plain.im, null);
    const wasm = wasmParts(DIM)!;
    wasm.re.set(start.re);
    wasm.im.set(start.im);
    expect(runWasmOp(homeOf(wasm.re)!, o, wasm.re, wasm.im, DIM, fixed, fixed, 0)).toBe(true);
    // The kernel's walk (its fixed bits and partner) is one that fills its gaps.
    expect(gapToFill(DIM, walk[0], walk[1], 0)).toBe(1024);
    expect(differences(wasm.re, plain.re) + differences(wasm.im, plain.im)).toBe(0);
    expect(differences(wasm.re, start.re)).toBeGreaterThan(DIM / 8);
  });
});

function differences(a: Float64Array, b: Float64Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) n++;
  return n;
}

function op(kind: number, tb: number, ob: number, lc: number, m: number[]): PassOp {
  return { kind, tb, ob, lc, nc: 0, nt: 0, m };
}

function pass(o: PassOp): Pass {
  return { outer: 0, gather: false, local: Array.from({ length: N }, (_, k) => k), ops: [o] };
}
