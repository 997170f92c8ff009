import { describe, expect, it } from 'vitest';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import { payloadDiagram } from '../../../../src/shared/circuit-layout';
import type { PayloadDiagram } from '../../../../src/shared/circuit-layout';

function diagramOf(text: string, variant: 'A' | 'B' = 'B'): PayloadDiagram {
  const { problems, read } = documentToExecutePayload(variant, text, {}, { dialect: true });
  return payloadDiagram(read, problems, text);
}

const circuit = (nqubits: number, gates: string[]) =>
  [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    `      nqubits: ${nqubits}`,
    '      gates:',
    ...gates.map((g) => `        - ${g}`),
    '',
  ].join('\n');

function circuitsOf(d: PayloadDiagram) {
  if (d.state !== 'circuits') throw new Error(`no circuits: ${JSON.stringify(d)}`);
  return d.circuits;
}

describe('payloadDiagram', () => {
  it('draws each gate in its column, on its line, named for a screen reader', () => {
    const text = circuit(3, [
      '!H {qubit: 0}',
      '!CNOT {control: 0, target: 1}',
      '!RX {qubit: 2, theta: !Parameter {name: theta, value: 0.5}}',
      '!SWAP {qubits: [0, 2]}',
      '!CZ {control: 1, target: 2}',
      '!Controlled {control_qubits: [0, 1], basic_gate: !X {qubit: 2}}',
      '!M {qubits: [0, 2]}',
    ]);
    const [c] = circuitsOf(diagramOf(text));
    expect(c?.nqubits).toBe(3);
    expect(c?.line).toBe(5);
    const rows = c?.items.map((i) => [
      i.kind,
      i.accessibleName,
      i.column,
      i.line,
      i.targets,
      i.controls,
    ]);
    expect(rows).toEqual([
      ['box', 'H, qubit 0', 0, 8, [0], []],
      ['not', 'CNOT, control 0, target 1', 1, 9, [1], [0]],
      ['box', 'RX(theta = 0.5), qubit 2', 0, 10, [2], []],
      ['swap', 'SWAP, qubits 0 and 2', 2, 11, [0, 2], []],
      ['box', 'CZ, control 1, target 2', 3, 12, [2], [1]],
      ['not', 'controlled X, controls 0 and 1, target 2', 4, 13, [2], [0, 1]],
      ['measure', 'Measurement, qubits 0 and 2', 5, 14, [0, 2], []],
    ]);
    expect(c?.columns).toBe(6);
    expect(c?.items[2]?.title).toBe('RX(theta = 0.5), qubit 2');
    expect(c?.items[2]?.angles).toEqual(['theta=0.5']);
    expect(c?.items[4]?.label).toBe('Z');
  });

  it('says angles to a screen reader as short as the box shows them; the tooltip has them whole', () => {
    const text = circuit(1, [
      '!RX {qubit: 0, theta: 1.0471975511965976}',
      '!RY {qubit: 0, theta: !Parameter {name: t, value: 0.123456789}}',
    ]);
    const [c] = circuitsOf(diagramOf(text));
    expect(c?.items.map((i) => [i.accessibleName, i.title])).toEqual([
      ['RX(1.05), qubit 0', 'RX(1.0471975511965976), qubit 0'],
      ['RY(t = 0.123), qubit 0', 'RY(t = 0.123456789), qubit 0'],
    ]);
  });

  it('keeps a circuit with an unreadable gate, that gate marked with its problem', () => {
    const text = circuit(2, [
      '!H {qubit: 0}',
      '!CNOT {control: 0, target: 5}',
      '!FOO {qubit: 1}',
      '!X {qubit: 1}',
    ]);
    const [c] = circuitsOf(diagramOf(text));
    const rows = c?.items.map((i) => [i.kind, i.name, i.column, i.line, i.lo, i.hi]);
    expect(rows).toEqual([
      ['box', 'H', 0, 8, 0, 0],
      ['unread', '!CNOT', 1, 9, 0, 1],
      ['unread', '!FOO', 2, 10, 0, 1],
      ['box', 'X', 3, 11, 1, 1],
    ]);
    expect(c?.items[1]?.problem).toMatch(/qubit 5 is outside the circuit/);
    expect(c?.items[2]?.problem).toMatch(/unknown gate tag !FOO/);
    expect(c?.items[0]?.problem).toBeUndefined();
  });

  it('has nothing to draw for a payload without a circuit', () => {
    const text = 'type: rabi_experiment\nrabi_experiment_payload: {}\n';
    expect(diagramOf(text)).toEqual({ state: 'none' });
  });

  it('places the gates of a long list, read compactly, on their own lines', () => {
    const gates = Array.from({ length: 500 }, (_, i) => `!RY {qubit: ${i % 4}, theta: 0.25}`);
    const [c] = circuitsOf(diagramOf(circuit(4, gates)));
    expect(c?.items).toHaveLength(500);
    expect(c?.items[499]?.line).toBe(8 + 499);
    expect(c?.items[499]?.column).toBe(124);
    expect(c?.items[7]?.label).toBe('RY');
    expect(c?.items[7]?.angles).toEqual(['0.25']);
  });
});
