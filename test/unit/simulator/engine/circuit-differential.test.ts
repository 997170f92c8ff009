import { describe, expect, it } from 'vitest';
import type { Circuit, Gate, GateName } from '../../../../src/shared/dialect/circuit';
import { compileGates } from '../../../../src/simulator/engine/circuits/ops';
import { runOps } from '../../../../src/simulator/engine/circuits/run-ops';
import type { CircuitOptions } from '../../../../src/simulator/engine/circuits/run-ops';
import {
  simulateCircuit,
  toStateVector,
  zeroState,
} from '../../../../src/simulator/engine/circuits/simulate';
import {
  homeOf,
  workspaceParts,
} from '../../../../src/simulator/engine/circuits/wasm/wasm-kernels';
import { inLaneMemory, newControl } from '../../../../src/simulator/engine/circuits/share';
import type { ShareTask } from '../../../../src/simulator/engine/circuits/share';
import { SparseState } from '../../../../src/simulator/engine/circuits/sparse-state';
import { referenceState } from '../../../support/reference-circuit';
import { StateVector } from '../../../../src/simulator/engine/physics/state-vector';
import { Work } from '../../../../src/simulator/engine/work';
import {
  maxDifference,
  maxProbabilityDifference,
  randomDialectCircuit,
} from './support/random-circuits';

/*
 * Every optimised path of the circuit engine against the textbook loop (reference-circuit.ts)
 * on random circuits over the whole dialect: the same amplitudes to 1e-12 (and so the same
 * probabilities). Each case turns on one optimisation at a time, then all of them.
 */

const NONE = new Map<string, number>();
const PLAIN: CircuitOptions = { fuse: false, sparse: false, threads: 1, blockQubits: 30 };

async function engine(circuit: Circuit, o: CircuitOptions): Promise<StateVector> {
  return toStateVector(await simulateCircuit(circuit, NONE, Work.root(), o));
}

async function expectSame(circuit: Circuit, o: CircuitOptions): Promise<void> {
  const expected = referenceState(circuit, NONE);
  const actual = await engine(circuit, o);
  expect(maxDifference(actual, expected)).toBeLessThan(1e-12);
  expect(maxProbabilityDifference(actual, expected)).toBeLessThan(1e-12);
}

/** The kernels in WebAssembly (the state in its memory) and in JavaScript (plain arrays). */
const KERNEL_SETS = [
  ['WebAssembly kernels', { ...PLAIN, wasm: true }],
  ['JavaScript kernels', { ...PLAIN, wasm: false }],
] as const;

describe('the state lives where its kernels run', () => {
  it('in a WebAssembly memory of its own from 14 qubits, or when asked; in plain arrays below', () => {
    const own = zeroState(14, PLAIN);
    expect(homeOf(own.re)).not.toBeNull();
    // The parts are not a power of two apart (their addresses would alias in the caches).
    expect(Number.isInteger(Math.log2(own.im.byteOffset - own.re.byteOffset))).toBe(false);
    expect(homeOf(zeroState(13, PLAIN).re)).toBeNull();
    expect(homeOf(zeroState(4, { ...PLAIN, wasm: true }).re)).not.toBeNull();
    expect(homeOf(zeroState(16, { ...PLAIN, wasm: false }).re)).toBeNull();
  });

  it('in plain arrays when the circuit is too short to pay for a WebAssembly memory', () => {
    expect(homeOf(zeroState(14, PLAIN, 15).re)).toBeNull();
    expect(homeOf(zeroState(14, PLAIN, 16).re)).not.toBeNull();
    expect(homeOf(zeroState(10, { ...PLAIN, wasm: true }, 1).re)).not.toBeNull();
  });

  it("runs states of 8 to 13 qubits in plain arrays in the thread's workspace", () => {
    const ws = workspaceParts(2 ** 13)!;
    expect(homeOf(ws.re)).not.toBeNull();
    expect(homeOf(ws.im)).toBe(homeOf(ws.re));
    expect(ws.im.byteOffset).toBeGreaterThanOrEqual(ws.re.byteOffset + ws.re.byteLength);
    expect(workspaceParts(2 ** 14)).toBeNull();
  });

  it('two runs that share the workspace between pauses each keep their own state', async () => {
    // Passes over blocks of 6 qubits (several passes), used in place; each run's first pass
    // ends in a pause (its Work is older than the yield interval), where the other run takes
    // the workspace. The workspace copy must go back to the run's own arrays before it pauses.
    const o: CircuitOptions = { ...PLAIN, blockQubits: 6, lowQubits: 4, inPlaceBits: 4 };
    const circuits = [1, 2].map((seed) => randomDialectCircuit(10, 150, 870 + seed));
    const expected = await Promise.all(circuits.map((c) => engine(c, { ...o, wasm: false })));
    const works = circuits.map(() => Work.root());
    const until = performance.now() + 30;
    while (performance.now() < until);
    const states = await Promise.all(
      circuits.map((c, k) => simulateCircuit(c, NONE, works[k]!, o)),
    );
    for (const [k, state] of states.entries()) {
      const sv = toStateVector(state);
      expect(homeOf(sv.re)).toBeNull();
      expect(Array.from(sv.re)).toEqual(Array.from(expected[k]!.re));
      expect(Array.from(sv.im)).toEqual(Array.from(expected[k]!.im));
      expect(maxDifference(sv, referenceState(circuits[k]!, NONE))).toBeLessThan(1e-12);
    }
  });

  it('both kernel sets give the same bits on random circuits', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const circuit = randomDialectCircuit(9, 200, 800 + seed, { controlled: 0.3 });
      const [a, b] = await Promise.all(KERNEL_SETS.map(([, o]) => engine(circuit, o)));
      expect(homeOf(a!.re)).not.toBeNull();
      expect(Array.from(a!.re)).toEqual(Array.from(b!.re));
      expect(Array.from(a!.im)).toEqual(Array.from(b!.im));
    }
  });

  it('and with fusion (4×4 matrices)', async () => {
    for (let seed = 1; seed <= 3; seed++) {
      const circuit = randomDialectCircuit(9, 200, 850 + seed, { controlled: 0.2 });
      const sets = KERNEL_SETS.map(([, o]) => engine(circuit, { ...o, fuse: true }));
      const [a, b] = await Promise.all(sets);
      expect(Array.from(a!.re)).toEqual(Array.from(b!.re));
      expect(Array.from(a!.im)).toEqual(Array.from(b!.im));
    }
  });
});

describe.each(KERNEL_SETS)('%s, one sweep per gate, agree with the textbook loop', (_, plain) => {
  it.each([1, 2, 3, 5, 8])(
    'on %i qubits: every gate on every qubit, controls below and above',
    async (n) => {
      for (let seed = 1; seed <= 6; seed++)
        await expectSame(randomDialectCircuit(n, 120, seed), plain);
    },
  );

  it('with many controls (Toffoli, Fredkin, doubly controlled rotations)', async () => {
    for (let seed = 1; seed <= 4; seed++)
      await expectSame(randomDialectCircuit(7, 150, 100 + seed, { controlled: 0.8 }), plain);
  });
});

describe.each(KERNEL_SETS)('%s: each kernel on every placement of its qubits', (_, plain) => {
  const N = 6;
  const angle = (v: number) => ({ kind: 'const' as const, value: v });
  /** A dense start: every amplitude non-zero, with its own phase. */
  const spread = (): Gate[] =>
    Array.from({ length: N }, (_, q) => ({
      name: 'U3' as const,
      qubits: [q],
      angles: [angle(0.7 + q / 5), angle(0.3 * q - 1), angle(1.1 - q / 7)],
      path: `spread[${q}]`,
    }));
  const gate = (name: GateName, qubits: number[], angles: number[], controls?: number[]): Gate => ({
    name,
    qubits,
    angles: angles.map(angle),
    path: 'g',
    ...(controls ? { controls } : {}),
  });
  const distinct = (k: number): number[][] => {
    const out: number[][] = [];
    const grow = (prefix: number[]) => {
      if (prefix.length === k) out.push(prefix);
      else for (let q = 0; q < N; q++) if (!prefix.includes(q)) grow([...prefix, q]);
    };
    grow([]);
    return out;
  };
  it.each([
    ['U3 (complex 2×2)', 1, (q: number[]) => gate('U3', q, [0.4, -0.9, 1.3])],
    ['RY (real 2×2)', 1, (q: number[]) => gate('RY', q, [0.8])],
    ['RZ (diagonal)', 1, (q: number[]) => gate('RZ', q, [1.7])],
    ['U1 (phase on half)', 1, (q: number[]) => gate('U1', q, [0.6])],
    ['X (flip)', 1, (q: number[]) => gate('X', q, [])],
    ['CNOT', 2, (q: number[]) => gate('CNOT', q, [])],
    ['CZ', 2, (q: number[]) => gate('CZ', q, [])],
    ['SWAP', 2, (q: number[]) => gate('SWAP', q, [])],
    ['CRY', 2, (q: number[]) => gate('CRY', q, [0.9])],
    ['CRZ', 2, (q: number[]) => gate('CRZ', q, [-1.2])],
    ['CU1', 2, (q: number[]) => gate('CU1', q, [2.1])],
    ['Toffoli', 3, (q: number[]) => gate('CNOT', q.slice(0, 2), [], [q[2]!])],
    ['Fredkin', 3, (q: number[]) => gate('SWAP', q.slice(0, 2), [], [q[2]!])],
    ['controlled U3', 2, (q: number[]) => gate('U3', [q[0]!], [1.1, 0.2, -0.5], [q[1]!])],
  ] as const)('%s', async (_label, width, make) => {
    const gates = [...spread(), ...distinct(width).map((q) => make(q))];
    await expectSame({ nqubits: N, gates, measured: [], ref: null as never }, plain);
  });
});

describe('fusing runs of one-qubit gates', () => {
  it('gives the same state', async () => {
    for (let seed = 1; seed <= 6; seed++)
      await expectSame(randomDialectCircuit(6, 200, 200 + seed, { twoQubit: 0.15 }), {
        ...PLAIN,
        fuse: true,
      });
  });
});

describe('passes over blocks held in cache', () => {
  it.each([
    ['gathered blocks', { blockQubits: 4, lowQubits: 1 }],
    ['gathered blocks, longer runs', { blockQubits: 6, lowQubits: 3 }],
    ['blocks used in place', { blockQubits: 7, lowQubits: 2, inPlaceBits: 0 }],
  ])('%s give the same state', async (_label, o) => {
    for (let seed = 1; seed <= 5; seed++)
      await expectSame(randomDialectCircuit(10, 150, 300 + seed), { ...PLAIN, ...o });
  });
});

describe('threads sharing the state', () => {
  it.each([
    [2, true],
    [3, true],
    [2, false],
  ])('%i threads give the same state (WebAssembly kernels: %s)', async (threads, wasm) => {
    for (let seed = 1; seed <= 3; seed++) {
      const circuit = randomDialectCircuit(11, 150, 400 + seed);
      const o: CircuitOptions = {
        ...PLAIN,
        wasm,
        threads,
        threadsFromQubits: 2,
        blockQubits: 6,
        lowQubits: 2,
      };
      const sv = zeroState(circuit.nqubits, o);
      expect(sv.re.buffer).toBeInstanceOf(SharedArrayBuffer);
      await runOps(sv.re, sv.im, compileGates(circuit.gates, NONE, null), Work.root(), o);
      const expected = referenceState(circuit, NONE);
      expect(maxDifference(sv, expected)).toBeLessThan(1e-12);
    }
  });
});

describe('a lane receiving a task over kernel memory', () => {
  it('runs its kernels on views of the same bytes', () => {
    const sv = zeroState(10, { ...PLAIN, wasm: true });
    const home = homeOf(sv.re)!;
    const sent: ShareTask = {
      control: newControl(1),
      re: sv.re,
      im: sv.im,
      passes: [],
      parties: 2,
      blockQubits: 6,
      memory: home.memory,
    };
    // What a lane receives: a structured clone (new buffer objects over the same memory).
    const received = structuredClone(sent);
    expect(homeOf(received.re)).toBeNull();
    const task = inLaneMemory(received);
    expect(homeOf(task.re)).not.toBeNull();
    expect(homeOf(task.im)).toBe(homeOf(task.re));
    task.im[5] = 0.25;
    expect(sv.im[5]).toBe(0.25);
    expect(task.re[0]).toBe(1);
  });
});

describe('the sparse state', () => {
  it('gives the same state while sparse and after it turns dense', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const circuit = randomDialectCircuit(12, 200, 500 + seed, { spreading: 0.08 });
      await expectSame(circuit, { ...PLAIN, sparse: true });
    }
  });

  it('stays sparse for GHZ at 30 qubits (2^30 amplitudes would need 16 GiB)', async () => {
    const gates = [{ name: 'H' as const, qubits: [0], angles: [], path: 'g' }];
    for (let q = 1; q < 30; q++)
      gates.push({ name: 'CNOT' as never, qubits: [q - 1, q], angles: [], path: 'g' });
    const state = await simulateCircuit(
      { nqubits: 30, gates, measured: [], ref: null as never },
      NONE,
      Work.root(),
    );
    expect(state).toBeInstanceOf(SparseState);
    const sparse = state as SparseState;
    expect(sparse.index.slice().sort((a, b) => a - b)).toEqual([0, 2 ** 30 - 1]);
    expect(sparse.re.map((r) => r * r)).toEqual([0.5000000000000001, 0.5000000000000001]);
  });
});

describe('all optimisations together', () => {
  it('give the same state on wide random circuits', async () => {
    for (let seed = 1; seed <= 3; seed++)
      await expectSame(randomDialectCircuit(12, 300, 600 + seed), {
        fuse: true,
        threads: 2,
        threadsFromQubits: 2,
        blockQubits: 7,
        lowQubits: 3,
      });
  });

  it('a density matrix (row and column ops) matches |ψ⟩⟨ψ| of the textbook state', async () => {
    const circuit = randomDialectCircuit(4, 80, 700);
    const psi = referenceState(circuit, NONE);
    const n = circuit.nqubits;
    const rho = StateVector.zero(2 * n);
    await runOps(rho.re, rho.im, compileGates(circuit.gates, NONE, n), Work.root(), {
      blockQubits: 5,
      lowQubits: 2,
      fuse: true,
    });
    for (let r = 0; r < psi.dim; r++)
      for (let c = 0; c < psi.dim; c++) {
        const k = r + c * psi.dim;
        // ρ[r, c] = ψ_r · conj(ψ_c)
        const er = psi.re[r]! * psi.re[c]! + psi.im[r]! * psi.im[c]!;
        const ei = psi.im[r]! * psi.re[c]! - psi.re[r]! * psi.im[c]!;
        expect(Math.abs(rho.re[k]! - er) + Math.abs(rho.im[k]! - ei)).toBeLessThan(1e-12);
      }
  });
});

describe.each(KERNEL_SETS)('%s: diagonals with one side the identity', (_, plain) => {
  it.each([
    ['diag(a, 1)', [0.6, 0.8, 0, 0, 0, 0, 1, 0]],
    ['diag(1, d)', [1, 0, 0, 0, 0, 0, -0.28, 0.96]],
    ['diag(a, d)', [0.6, 0.8, 0, 0, 0, 0, -0.28, 0.96]],
  ])('%s on every qubit, with and without a control', async (_label, m) => {
    const n = 5;
    for (let t = 0; t < n; t++) {
      for (const control of [-1, (t + 2) % n]) {
        const controls = control < 0 ? 0 : 1 << control;
        const sv = zeroState(n, plain);
        for (let i = 0; i < sv.dim; i++) [sv.re[i], sv.im[i]] = [1 + i, 0.5 - i];
        const expected = sv.clone();
        for (let i = 0; i < sv.dim; i++) {
          if ((i & controls) !== controls) continue;
          const [fr, fi] = (i >> t) & 1 ? [m[6]!, m[7]!] : [m[0]!, m[1]!];
          const [xr, xi] = [expected.re[i]!, expected.im[i]!];
          [expected.re[i], expected.im[i]] = [fr * xr - fi * xi, fr * xi + fi * xr];
        }
        const ops = [{ kind: 'diag' as const, target: t, other: -1, controls, m }];
        await runOps(sv.re, sv.im, ops, Work.root(), plain);
        expect(maxDifference(sv, expected)).toBeLessThan(1e-12);
      }
    }
  });
});
