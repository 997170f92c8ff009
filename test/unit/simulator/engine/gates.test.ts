import { describe, expect, it } from 'vitest';
import type { Gate, GateName } from '../../../../src/shared/dialect/circuit';
import { applyGate } from '../../../../src/simulator/engine/circuits/circuit-runner';
import { singleQubitMatrix } from '../../../../src/simulator/engine/physics/gate-matrices';
import { StateVector } from '../../../../src/simulator/engine/physics/state-vector';
import { runJob } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';
import { expectOk, parseResult } from './support/results';

type C = [number, number];
const S = Math.SQRT1_2;
const none = new Map<string, number>();

function gate(name: GateName, qubits: number[], angles: number[] = []): Gate {
  return { name, qubits, angles: angles.map((value) => ({ kind: 'const', value })), path: 'test' };
}

/** Apply one gate to basis state |index⟩ of n qubits; return the amplitudes. */
function act(n: number, index: number, g: Gate): C[] {
  const sv = StateVector.zero(n);
  sv.re[0] = 0;
  sv.re[index] = 1;
  applyGate({ re: sv.re, im: sv.im, columnOffset: null }, g, none);
  return Array.from({ length: sv.dim }, (_, i) => [sv.re[i]!, sv.im[i]!]);
}

function expectAmps(actual: C[], expected: C[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach(([re, im], i) => {
    expect(re).toBeCloseTo(expected[i]![0], 12);
    expect(im).toBeCloseTo(expected[i]![1], 12);
  });
}

describe('single-qubit gates on basis states', () => {
  // prettier-ignore
  const cases: Array<[string, Gate, C[], C[]]> = [
    ['I', gate('I', [0]), [[1, 0], [0, 0]], [[0, 0], [1, 0]]],
    ['X', gate('X', [0]), [[0, 0], [1, 0]], [[1, 0], [0, 0]]],
    ['Y', gate('Y', [0]), [[0, 0], [0, 1]], [[0, -1], [0, 0]]],
    ['Z', gate('Z', [0]), [[1, 0], [0, 0]], [[0, 0], [-1, 0]]],
    ['H', gate('H', [0]), [[S, 0], [S, 0]], [[S, 0], [-S, 0]]],
    ['S', gate('S', [0]), [[1, 0], [0, 0]], [[0, 0], [0, 1]]],
    ['T', gate('T', [0]), [[1, 0], [0, 0]], [[0, 0], [S, S]]],
    ['RX(π)', gate('RX', [0], [Math.PI]), [[0, 0], [0, -1]], [[0, -1], [0, 0]]],
    ['RY(π/2)', gate('RY', [0], [Math.PI / 2]), [[S, 0], [S, 0]], [[-S, 0], [S, 0]]],
    ['RZ(π/2)', gate('RZ', [0], [Math.PI / 2]), [[S, -S], [0, 0]], [[0, 0], [S, S]]],
    ['U1(π/2)', gate('U1', [0], [Math.PI / 2]), [[1, 0], [0, 0]], [[0, 0], [0, 1]]],
    ['U2(0, π) = H', gate('U2', [0], [0, Math.PI]), [[S, 0], [S, 0]], [[S, 0], [-S, 0]]],
    ['U3(π, 0, π) = X', gate('U3', [0], [Math.PI, 0, Math.PI]), [[0, 0], [1, 0]], [[1, 0], [0, 0]]],
  ];
  it.each(cases)('%s maps |0⟩ and |1⟩ as its matrix says', (_name, g, from0, from1) => {
    expectAmps(act(1, 0, g), from0);
    expectAmps(act(1, 1, g), from1);
  });

  it('U3(θ, φ, γ) equals the generic unitary [[cos θ/2, −e^{iγ} sin θ/2], [e^{iφ} sin θ/2, e^{i(φ+γ)} cos θ/2]]', () => {
    const [th, ph, ga] = [0.7, -1.3, 2.1];
    const c = Math.cos(th / 2);
    const s = Math.sin(th / 2);
    const g = gate('U3', [0], [th, ph, ga]);
    expectAmps(act(1, 0, g), [
      [c, 0],
      [Math.cos(ph) * s, Math.sin(ph) * s],
    ]);
    expectAmps(act(1, 1, g), [
      [-Math.cos(ga) * s, -Math.sin(ga) * s],
      [Math.cos(ph + ga) * c, Math.sin(ph + ga) * c],
    ]);
  });

  it('RX, RY, RZ are exp(−iθσ/2) and U3 reproduces them up to a global phase', () => {
    const th = 0.9;
    const rx = singleQubitMatrix('RX', [th])!;
    const u3rx = singleQubitMatrix('U3', [th, -Math.PI / 2, Math.PI / 2])!;
    for (let k = 0; k < 8; k++) expect(rx[k]).toBeCloseTo(u3rx[k]!, 12);
    const ry = singleQubitMatrix('RY', [th])!;
    const u3ry = singleQubitMatrix('U3', [th, 0, 0])!;
    for (let k = 0; k < 8; k++) expect(ry[k]).toBeCloseTo(u3ry[k]!, 12);
    // RZ(φ) = e^{−iφ/2}·U1(φ)
    const rz = singleQubitMatrix('RZ', [th])!;
    const u1 = singleQubitMatrix('U1', [th])!;
    const [pr, pi] = [Math.cos(-th / 2), Math.sin(-th / 2)];
    for (let k = 0; k < 8; k += 2) {
      expect(rz[k]).toBeCloseTo(pr * u1[k]! - pi * u1[k + 1]!, 12);
      expect(rz[k + 1]).toBeCloseTo(pr * u1[k + 1]! + pi * u1[k]!, 12);
    }
  });

  it('every single-qubit matrix is unitary', () => {
    const names: GateName[] = [
      'I',
      'X',
      'Y',
      'Z',
      'H',
      'S',
      'T',
      'RX',
      'RY',
      'RZ',
      'U1',
      'U2',
      'U3',
    ];
    for (const name of names) {
      const m = singleQubitMatrix(name, [0.37, 1.1, -0.4])!;
      const [ar, ai, br, bi, cr, ci, dr, di] = Array.from(m);
      expect(ar! ** 2 + ai! ** 2 + cr! ** 2 + ci! ** 2).toBeCloseTo(1, 12);
      expect(br! ** 2 + bi! ** 2 + dr! ** 2 + di! ** 2).toBeCloseTo(1, 12);
      // first column · conj(second column) = 0
      expect(ar! * br! + ai! * bi! + cr! * dr! + ci! * di!).toBeCloseTo(0, 12);
    }
  });
});

describe('two-qubit gates: truth tables (engine index: qubit q is bit q)', () => {
  // |q1 q0⟩ as index = q0 + 2·q1
  it('CNOT(control 0, target 1) flips qubit 1 when qubit 0 is 1', () => {
    const table = [0, 1, 2, 3].map((i) =>
      act(2, i, gate('CNOT', [0, 1])).findIndex(([re]) => re === 1),
    );
    expect(table).toEqual([0, 3, 2, 1]);
  });
  it('CNOT(control 1, target 0) flips qubit 0 when qubit 1 is 1', () => {
    const table = [0, 1, 2, 3].map((i) =>
      act(2, i, gate('CNOT', [1, 0])).findIndex(([re]) => re === 1),
    );
    expect(table).toEqual([0, 1, 3, 2]);
  });
  it('CZ puts a sign on |11⟩ only', () => {
    const signs = [0, 1, 2, 3].map((i) => act(2, i, gate('CZ', [0, 1]))[i]![0]);
    expect(signs).toEqual([1, 1, 1, -1]);
  });
  it('SWAP exchanges |01⟩ and |10⟩', () => {
    const table = [0, 1, 2, 3].map((i) =>
      act(2, i, gate('SWAP', [0, 1])).findIndex(([re]) => re === 1),
    );
    expect(table).toEqual([0, 2, 1, 3]);
  });
  it('acts on non-adjacent qubits of a wider register', () => {
    // |q0=1, q1=0, q2=0⟩ = index 1 → CNOT(0, 2) → index 5
    expect(act(3, 1, gate('CNOT', [0, 2])).findIndex(([re]) => re === 1)).toBe(5);
  });
});

describe('bitstrings put qubit 0 leftmost', () => {
  async function samples(
    gates: string,
    nqubits: number,
    measure?: string,
  ): Promise<Record<string, unknown>> {
    const yaml = `!Sampling\nnshots: 50\ncircuit: !Circuit\n  nqubits: ${nqubits}\n  gates:\n${gates}${measure ?? ''}`;
    const parsed = parseResult(expectOk(await runJob(makeJob({ functionalYaml: yaml }))).yaml);
    return parsed.samples as Record<string, unknown>;
  }
  it('X on qubit 0 of 3 reads "100"', async () => {
    expect(await samples('    - !X {qubit: 0}\n', 3)).toEqual({ '100': 50 });
  });
  it('X on qubit 2 of 3 reads "001"', async () => {
    expect(await samples('    - !X {qubit: 2}\n', 3)).toEqual({ '001': 50 });
  });
  it('measuring a subset gives bitstrings of the measured qubits in ascending order', async () => {
    const s = await samples(
      '    - !X {qubit: 1}\n    - !X {qubit: 3}\n',
      4,
      '    - !M {qubits: [3, 1]}\n',
    );
    expect(s).toEqual({ '11': 50 });
    const t = await samples('    - !X {qubit: 3}\n', 4, '    - !M {qubits: [0, 3]}\n');
    expect(t).toEqual({ '01': 50 });
  });
  it('CNOT control 0 → target 1 on |10⟩ gives "11"', async () => {
    expect(await samples('    - !X {qubit: 0}\n    - !CNOT {control: 0, target: 1}\n', 2)).toEqual({
      '11': 50,
    });
  });
});
