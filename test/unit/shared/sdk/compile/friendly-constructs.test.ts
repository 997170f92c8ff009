import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { readSdkYaml } from '../../../../../src/shared/sdk/yaml';
import type { SdkNode } from '../../../../../src/shared/sdk/node';
import { DIGITAL_CASES, requestOf, stringsOf } from '../../../../support/sdk-digital-corpus';

/*
 * The friendly dialect's constructs for the digital wire, written by hand as a person would, and
 * compiled: where the corpus has the case, to the SDK's very bytes.
 */

const corpus = (name: string, version = 'A-main') =>
  stringsOf(
    requestOf(DIGITAL_CASES.find((c) => c.name === name && c.version === version)!).payload,
  );

function compiled(variant: 'A' | 'B', text: string): Record<string, string> {
  const r = compilePayload(variant, text);
  expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return stringsOf(r.payload!);
}

function problemsOf(variant: 'A' | 'B', text: string): string[] {
  const r = compilePayload(variant, text);
  expect(r.payload).toBeNull();
  return r.problems.map((p) => `${p.line}:${p.column} ${p.message}`);
}

const digital = (circuit: string, readout: string) => `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: ${circuit}
  readout: ${readout}
`;

describe('written by hand, compiled to the SDK corpus bytes', () => {
  it('controlled gates (!CRY, !Controlled around X, SWAP, U3, Z, H)', () => {
    const text = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 1000
    circuit: !Circuit
      nqubits: 4
      gates:
        - !H {qubit: 0}
        - !H {qubit: 1}
        - !CRY {control: 0, target: 2, theta: 0.7}
        - !Controlled {control_qubits: [0, 1], basic_gate: !X {qubit: 3}}
        - !Controlled {control_qubits: [3], basic_gate: !SWAP {qubits: [1, 2]}}
        - !Controlled {control_qubits: [2], basic_gate: !U3 {qubit: 0, theta: 0.3, phi: -0.2, gamma: 0.9}}
        - !Controlled {control_qubits: [1, 2, 3], basic_gate: !Z {qubit: 0}}
        - !Controlled {control_qubits: [0], basic_gate: !H {qubit: 3}}
        - !M {qubits: [0, 1, 2, 3]}
`;
    expect(compiled('B', text)).toEqual(corpus('b_gates_controlled', 'B-0.1.6'));
  });

  it('!Adjoint and !Exponential (0.2.x)', () => {
    const text = digital(
      `!Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !Adjoint {basic_gate: !S {qubit: 0}}
        - !Adjoint {basic_gate: !T {qubit: 1}}
        - !Adjoint {basic_gate: !RX {qubit: 0, theta: 0.4}}
        - !Adjoint {basic_gate: !U3 {qubit: 1, theta: 0.2, phi: 0.3, gamma: 0.4}}
        - !Exponential {basic_gate: !Z {qubit: 0}}
        - !Exponential {basic_gate: !RY {qubit: 1, theta: 0.6}}
        - !M {qubits: [0, 1]}`,
      '!SamplingReadout {nshots: 1000}',
    );
    expect(compiled('A', text)).toEqual(corpus('a_gates_adjoint_exponential'));
  });

  it('!Parameter with bounds, one name used twice (one Parameter object)', () => {
    const text = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 500
    circuit: !Circuit
      nqubits: 2
      gates:
        - !RX {qubit: 0, theta: !Parameter {name: alpha, value: 0.3}}
        - !RY {qubit: 1, theta: !Parameter {name: beta, value: 1.2, bounds: [0.0, 3.141592653589793]}}
        - !RZ {qubit: 0, phi: !Parameter {name: gamma, value: -0.7}}
        - !U1 {qubit: 1, phi: !Parameter {name: delta, value: 0.9}}
        - !U2 {qubit: 0, phi: !Parameter {name: u2_phi, value: 0.1}, gamma: !Parameter {name: u2_gamma, value: 0.2}}
        - !U3 {qubit: 1, theta: !Parameter {name: u3_theta, value: 0.5}, phi: !Parameter {name: u3_phi, value: 0.6}, gamma: !Parameter {name: u3_gamma, value: 0.7}}
        - !RX {qubit: 1, theta: !Parameter {name: alpha, value: 0.3}}
        - !M {qubits: [0, 1]}
`;
    expect(compiled('B', text)).toEqual(corpus('b_gates_rotations_parameters', 'B-0.1.6'));
  });

  it('!HardwareEfficientAnsatz with a measurement added after it', () => {
    const text = digital(
      `!HardwareEfficientAnsatz
      nqubits: 3
      layers: 2
      connectivity: circular
      structure: interposed
      one_qubit_gate: U3
      two_qubit_gate: CNOT
      added_gates:
        - !M {qubits: [0, 1, 2]}`,
      '!SamplingReadout {nshots: 1000}',
    );
    expect(compiled('A', text)).toEqual(corpus('a_hardware_efficient_ansatz'));
  });

  it('readouts of every kind in one !Readout, observables sharing their Pauli objects', () => {
    const text = digital(
      `!Circuit {nqubits: 2, gates: [!H {qubit: 0}, !CNOT {control: 0, target: 1}]}`,
      `
    - !SamplingReadout {nshots: 500}
    - !ExpectationReadout {observables: ["Z0 Z1", "X0 X1"], nshots: 1000}
    - !StateTomographyReadout {method: exact}`,
    );
    expect(compiled('A', text)).toEqual(corpus('a_bell_all_readouts'));
  });

  it('expand_samples: false', () => {
    const text = digital(
      `!Circuit
      nqubits: 3
      gates: [!H {qubit: 0}, !CNOT {control: 0, target: 1}, !RY {qubit: 2, theta: 0.8}, !M {qubits: [0, 2]}]`,
      '!SamplingReadout {nshots: 800, expand_samples: false}',
    );
    expect(compiled('A', text)).toEqual(corpus('a_measure_subset'));
  });
});

/** The items of the first `!defaultdict` in a node: (factors, coefficient) pairs. */
function terms(node: SdkNode): Array<[string, string]> {
  if (node.kind === 'map' && node.tag === '!defaultdict') {
    const items = node.entries.find(([k]) => k.kind === 'str' && k.value === 'items')![1];
    if (items.kind !== 'map') throw new Error('items');
    return items.entries.map(([k, v]) => {
      const factors =
        k.kind === 'seq'
          ? k.items
              .map((p) => {
                const q = p.kind === 'map' ? p.entries[0]![1] : null;
                return `${p.tag!.slice(6)}${q?.kind === 'int' ? q.value : '?'}`;
              })
              .join(' ')
          : '?';
      const c =
        v.kind === 'map'
          ? Object.fromEntries(
              v.entries.map(([a, b]) => [
                (a as { value: string }).value,
                (b as { value: number }).value,
              ]),
            )
          : {};
      const real = c.real ?? NaN;
      const imag = c.imag ?? NaN;
      return [factors, `${real}${imag < 0 || Object.is(imag, -0) ? '-' : '+'}${Math.abs(imag)}j`];
    });
  }
  if (node.kind === 'map') {
    for (const [, v] of node.entries) {
      const found = terms(v);
      if (found.length) return found;
    }
  }
  if (node.kind === 'seq') {
    for (const v of node.items) {
      const found = terms(v);
      if (found.length) return found;
    }
  }
  return [];
}

describe("Pauli expressions compile with the SDK's arithmetic", () => {
  const observable = (expr: string) =>
    terms(
      readSdkYaml(
        compiled(
          'A',
          digital(
            '!Circuit {nqubits: 3, gates: [!H {qubit: 0}]}',
            `!ExpectationReadout {observables: ["${expr}"]}`,
          ),
        ).readout!,
      ).node!,
    );

  it('sorts a product by qubit, sums a repeated term in its first place, drops what cancels', () => {
    expect(observable('Z1 Z0 + X0 + 0.5 Z0 Z1 + Y2 - Y2')).toEqual([
      ['Z0 Z1', '1.5+0j'],
      ['X0', '1+0j'],
    ]);
  });

  it('keeps complex coefficients, and keys the identity (PauliI(0),)', () => {
    expect(observable('(0.5+0.25j) Z0 Z1 + 1j X0 - 0.75 Y2 + 2')).toEqual([
      ['Z0 Z1', '0.5+0.25j'],
      ['X0', '0+1j'],
      ['Y2', '-0.75+0j'],
      ['I0', '2+0j'],
    ]);
  });

  it('a !QTensor observable is a csr_matrix of its non-zero entries', () => {
    const readout = compiled(
      'A',
      digital(
        '!Circuit {nqubits: 2, gates: [!H {qubit: 0}]}',
        '!ExpectationReadout {observables: [!QTensor {matrix: [[1, 0, 0, 0], [0, -1, 0, 0], [0, 0, -1, 0], [0, 0, 0, 1]]}]}',
      ),
    ).readout!;
    expect(readout).toContain(`  data: !csr_matrix
      data:
      - !complex {imag: 0.0, real: 1.0}
      - !complex {imag: 0.0, real: -1.0}
      - !complex {imag: 0.0, real: -1.0}
      - !complex {imag: 0.0, real: 1.0}
      indices: [0, 1, 2, 3]
      indptr: [0, 1, 2, 3, 4]
      shape: !tuple [4, 4]`);
  });
});

describe('what the SDK would refuse, refused with its place', () => {
  it('a single Pauli operator in an ExpectationReadout (0.2.x takes Hamiltonians and QTensors)', () => {
    const text = digital(
      '!Circuit {nqubits: 2, gates: [!H {qubit: 0}]}',
      '!ExpectationReadout {observables: [!PauliZ {qubit: 1}]}',
    );
    expect(problemsOf('A', text)).toEqual([
      `5:47 compile: the SDK's ExpectationReadout takes Hamiltonians and QTensors, not a single Pauli operator: write "Z1" instead of !PauliZ`,
    ]);
  });

  it('trainable: false in Variant B (0.1.x has no frozen parameters)', () => {
    const text = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!RX {qubit: 0, theta: !Parameter {name: a, value: 0.1, trainable: false}}]}
`;
    expect(problemsOf('B', text)[0]).toContain('qilisdk 0.1.x has no frozen parameters');
  });

  it('an !Adjoint around a gate with controls', () => {
    const text = digital(
      '!Circuit {nqubits: 2, gates: [!Adjoint {basic_gate: !CNOT {control: 0, target: 1}}]}',
      '!SamplingReadout {nshots: 10}',
    );
    const r = compilePayload('A', text);
    expect(r.problems.map((p) => p.message)).toEqual([
      'gate !Adjoint: !Adjoint cannot wrap !CNOT; expected one of !I !X !Y !Z !H !S !T !RX !RY !RZ !U1 !U2 !U3 !SWAP; the SDK wraps a basic gate only; put the !Adjoint inside the !Controlled instead',
    ]);
  });

  it('an int angle stays an int (`theta: 1` is Python 1)', () => {
    const text = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!RX {qubit: 0, theta: 1}, !RY {qubit: 0, theta: 1.0}]}
`;
    const sampling = compiled('B', text).sampling!;
    expect(sampling).toContain('      _value: 1\n');
    expect(sampling).toContain('      _value: 1.0\n');
  });
});
