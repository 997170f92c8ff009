import { describe, expect, it } from 'vitest';
import { numericNodes } from '../../../../src/shared/sweeps/numeric-nodes';
import { substituteNumbers } from '../../../../src/shared/sweeps/substitute';

const DOC = `# A rotation, sampled
type: sampling   # Variant B
sampling_payload:
  sampling: !Sampling
    nshots: 500   # shots
    circuit: !Circuit
      nqubits: 2
      gates:
        - !RY {qubit: 0, theta: 0.25}   # the angle
        - !RX
          qubit: 1
          theta: !Parameter {name: t, value: 1.0e-1}
        - !M {qubits: [0, 1]}
    label: "7"
    shared: &s 3
    again: *s
`;

describe('substituteNumbers', () => {
  it('changes only the characters of the swept number: every other byte stays as written', () => {
    const out = substituteNumbers(DOC, [
      {
        path: ['sampling_payload', 'sampling', 'circuit', 'gates', 0, 'theta'],
        value: 1.5707963267948966,
      },
    ]);
    expect(out).toBe(DOC.replace('theta: 0.25}', 'theta: 1.5707963267948966}'));
  });

  it('writes whole numbers without a point, and two paths at once', () => {
    const out = substituteNumbers(DOC, [
      { path: ['sampling_payload', 'sampling', 'nshots'], value: 2000 },
      { path: ['sampling_payload', 'sampling', 'circuit', 'gates', 0, 'qubit'], value: 1 },
    ]);
    expect(out).toBe(
      DOC.replace('nshots: 500', 'nshots: 2000').replace('{qubit: 0,', '{qubit: 1,'),
    );
  });

  it('sweeps a !Parameter through its value', () => {
    const out = substituteNumbers(DOC, [
      { path: ['sampling_payload', 'sampling', 'circuit', 'gates', 1, 'theta'], value: -0.5 },
    ]);
    expect(out).toBe(DOC.replace('value: 1.0e-1', 'value: -0.5'));
  });

  it('refuses what it cannot change as a number, saying why', () => {
    const at =
      (...path: (string | number)[]) =>
      () =>
        substituteNumbers(DOC, [{ path: ['sampling_payload', 'sampling', ...path], value: 1 }]);
    expect(at('label')).toThrow('is a quoted number ("7"); a sweep changes plain numbers only');
    expect(at('circuit')).toThrow('is a mapping, not a number');
    expect(at('again')).toThrow('is the alias *s: sweep the value where &s is defined');
    expect(at('circuit', 'gates', 7, 'theta')).toThrow(
      'the payload has no item [7] at sampling_payload.sampling.circuit.gates',
    );
    expect(at('nshot')).toThrow("the payload has no 'nshot' at sampling_payload.sampling");
    expect(() =>
      substituteNumbers(DOC, [
        { path: ['sampling_payload', 'sampling', 'nshots'], value: 1 },
        { path: ['sampling_payload', 'sampling', 'nshots'], value: 2 },
      ]),
    ).toThrow('are the same value; sweep it once');
  });
});

describe('numericNodes', () => {
  it('lists the plain numbers with their paths, the one under the cursor first', () => {
    const nodes = numericNodes(DOC);
    expect(nodes.map((n) => n.path)).toEqual([
      'sampling_payload.sampling.nshots',
      'sampling_payload.sampling.circuit.nqubits',
      'sampling_payload.sampling.circuit.gates[0].qubit',
      'sampling_payload.sampling.circuit.gates[0].theta',
      'sampling_payload.sampling.circuit.gates[1].qubit',
      'sampling_payload.sampling.circuit.gates[1].theta.value',
      'sampling_payload.sampling.circuit.gates[2].qubits[0]',
      'sampling_payload.sampling.circuit.gates[2].qubits[1]',
      'sampling_payload.sampling.shared',
    ]);
    const cursor = DOC.indexOf('0.25') + 2;
    expect(numericNodes(DOC, cursor)[0]).toMatchObject({
      path: 'sampling_payload.sampling.circuit.gates[0].theta',
      value: 0.25,
      source: '0.25',
    });
    expect(numericNodes('a: [')).toEqual([]);
  });
});
