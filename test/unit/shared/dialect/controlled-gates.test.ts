import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import { dialectCompletions } from '../../../../src/shared/dialect/completion';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import { makeJob } from '../../simulator/engine/support/devices';
import { expectOk, parseResult } from '../../simulator/engine/support/results';

/**
 * The controlled gates of issue 13: CRX, CRY, CRZ and CU1 as the SDK family names them, and
 * `!Controlled {control_qubits, basic_gate}` for any gate under any number of controls, as the
 * SDK's `Controlled(*control_qubits, basic_gate=...)` serialises.
 */

const payload = (gates: string[], nqubits = 3) => `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 40
    circuit: !Circuit
      nqubits: ${nqubits}
      gates:
${gates.map((g) => `        - ${g}`).join('\n')}
`;

function problems(gates: string[], nqubits = 3): string[] {
  return documentToExecutePayload('B', payload(gates, nqubits), {}, { dialect: true }).problems.map(
    (p) => `${p.line} ${p.message}`,
  );
}

async function samples(gates: string[], nqubits = 3): Promise<Record<string, unknown>> {
  const functionalYaml = `!Sampling\nnshots: 40\ncircuit: !Circuit\n  nqubits: ${nqubits}\n  gates:\n${gates.map((g) => `    - ${g}`).join('\n')}\n`;
  return parseResult(expectOk(await runJob(makeJob({ functionalYaml }))).yaml).samples as Record<
    string,
    unknown
  >;
}

describe('controlled rotations and the controlled phase', () => {
  it('act only where the control is 1', async () => {
    // CRY(π) moves |1⟩ on the target only with the control set; qubit 0 leftmost.
    expect(await samples(['!CRY {control: 0, target: 1, theta: 3.141592653589793}'])).toEqual({
      '000': 40,
    });
    expect(
      await samples(['!X {qubit: 0}', '!CRY {control: 0, target: 1, theta: 3.141592653589793}']),
    ).toEqual({ '110': 40 });
    expect(
      await samples(['!X {qubit: 2}', '!CRX {control: 2, target: 0, theta: 3.141592653589793}']),
    ).toEqual({ '101': 40 });
  });

  it('CU1 and CRZ are phases: H · CU1(π) · H flips the target when the control is 1', async () => {
    const hPhaseH = (gate: string) => ['!X {qubit: 0}', '!H {qubit: 1}', gate, '!H {qubit: 1}'];
    expect(await samples(hPhaseH('!CU1 {control: 0, target: 1, phi: 3.141592653589793}'))).toEqual({
      '110': 40,
    });
    // CRZ(π) = diag(−i, i) on the target: the same flip, up to a global phase.
    expect(await samples(hPhaseH('!CRZ {control: 0, target: 1, phi: 3.141592653589793}'))).toEqual({
      '110': 40,
    });
  });

  it('need their angle and two different qubits', () => {
    expect(
      problems(['!CU1 {control: 1, target: 1, phi: 0.5}', '!CRX {control: 0, target: 2}']),
    ).toEqual([
      '8 gate !CU1: control equals target; expected two different qubits',
      '9 gate !CRX: missing key "theta"; expected keys control, target, theta',
    ]);
  });
});

describe('!Controlled', () => {
  it('a Toffoli: X on qubit 2 where qubits 0 and 1 are both 1', async () => {
    const toffoli = '!Controlled {control_qubits: [0, 1], basic_gate: !X {qubit: 2}}';
    expect(await samples(['!X {qubit: 0}', toffoli])).toEqual({ '100': 40 });
    expect(await samples(['!X {qubit: 0}', '!X {qubit: 1}', toffoli])).toEqual({ '111': 40 });
  });

  it('adds its controls to a gate that has its own (a controlled CNOT) and nests', async () => {
    const gates = [
      '!X {qubit: 0}',
      '!X {qubit: 1}',
      '!X {qubit: 2}',
      '!Controlled {control_qubits: [0], basic_gate: !Controlled {control_qubits: [1], basic_gate: !CNOT {control: 2, target: 3}}}',
    ];
    expect(await samples(gates, 4)).toEqual({ '1111': 40 });
    expect(await samples(gates.slice(1), 4)).toEqual({ '0110': 40 });
  });

  it('a Fredkin: SWAP under a control', async () => {
    const fredkin = '!Controlled {control_qubits: [2], basic_gate: !SWAP {qubits: [0, 1]}}';
    expect(await samples(['!X {qubit: 0}', fredkin])).toEqual({ '100': 40 });
    expect(await samples(['!X {qubit: 0}', '!X {qubit: 2}', fredkin])).toEqual({ '011': 40 });
  });

  it('reports what is wrong with its controls and its gate, each in its place', () => {
    expect(
      problems([
        '!Controlled {control_qubits: [], basic_gate: !X {qubit: 2}}',
        '!Controlled {control_qubits: [0, 0], basic_gate: !X {qubit: 2}}',
        '!Controlled {control_qubits: [2], basic_gate: !X {qubit: 2}}',
        '!Controlled {control_qubits: [0], basic_gate: !M {qubits: [1]}}',
        '!Controlled {control_qubits: [7], basic_gate: !Hadamard {qubit: 1}}',
        '!Controlled {control_qubits: [0]}',
      ]),
    ).toEqual([
      '8 gate !Controlled: no control qubits',
      '9 gate !Controlled: control qubit 0 is listed twice',
      "10 gate !Controlled: qubit 2 is a control and a qubit the gate acts on; expected control qubits other than the gate's own qubits",
      "11 gate !M: a measurement cannot be controlled; put the !M in the circuit's gate list, after the last gate on its qubits",
      '12 gate !Controlled: qubit 7 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
      '12 gate !Hadamard: unknown gate tag !Hadamard; expected one of !I !X !Y !Z !H !S !T !RX !RY !RZ !U1 !U2 !U3 !CNOT !CZ !SWAP !CRX !CRY !CRZ !CU1 !Controlled !Adjoint !Exponential',
      '13 gate !Controlled: missing key "basic_gate"; expected keys control_qubits, basic_gate',
    ]);
  });

  it('counts its controls as used qubits: none may be measured before', () => {
    expect(
      problems([
        '!M {qubits: [0]}',
        '!Controlled {control_qubits: [0], basic_gate: !X {qubit: 1}}',
      ]),
    ).toEqual([
      '9 gate !Controlled: qubit 0 was already measured at sampling_payload.sampling.circuit.gates[0]; measurement is terminal in the simulator: move the !M after the last gate on that qubit',
    ]);
  });

  it('says how to write a controlled gate the dialect has no tag for', () => {
    expect(
      problems(['!CCX {a: 0}', '!CPhase {control: 0, target: 1, phi: 1}', '!Fredkin {}']),
    ).toEqual([
      '8 gate !CCX: unknown gate tag !CCX; a gate under controls is written !Controlled {control_qubits: [..], basic_gate: !X {qubit: ..}}',
      '9 gate !CPhase: unknown gate tag !CPhase; a controlled phase is !CU1 {control, target, phi}',
      '10 gate !Fredkin: unknown gate tag !Fredkin; a gate under controls is written !Controlled {control_qubits: [..], basic_gate: !SWAP {qubits: [..]}}',
    ]);
  });

  it('completes: the tag with its fields, then any gate but !M as the basic gate', () => {
    const text = payload(['!H {qubit: 0}', '|']);
    const offset = text.indexOf('|');
    const items = dialectCompletions('B', text.replace('|', ''), offset)?.items ?? [];
    expect(items.find((i) => i.label === '!Controlled')?.insertText).toBe(
      '!Controlled {control_qubits: ${1:[0]}, basic_gate: $2}',
    );
    const inner = payload(['!Controlled {control_qubits: [0], basic_gate: |}']);
    const labels = dialectCompletions('B', inner.replace('|', ''), inner.indexOf('|'))?.items.map(
      (i) => i.label,
    );
    expect(labels).toContain('!CU1');
    expect(labels).toContain('!Controlled');
    expect(labels).not.toContain('!M');
  });
});
