import { describe, expect, it } from 'vitest';
import { combine, planSweep } from '../../../../src/shared/sweeps/plan-sweep';
import { documentToExecutePayload } from '../../../../src/shared/yaml/document-payload';

/**
 * A sweep's plan at its edges: no parameters, equal zipped lists counted once, a plan written
 * without checking, a member whose only problems are warnings, and a grid of one parameter.
 * Written from the mutation run's survivors.
 */

const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !RY {qubit: 0, theta: 0}
        - !RX {qubit: 1, theta: 0}
        - !M {qubits: [0, 1]}
`;
const gate = (i: number, key: string) => `sampling_payload.sampling.circuit.gates[${i}].${key}`;

describe('combine at its edges', () => {
  it('forms nothing from no parameters, in either mode', () => {
    expect(combine([], 'grid')).toEqual([]);
    expect(combine([], 'zip')).toEqual([]);
  });

  it('zips as many tuples as each list has, not their product', () => {
    expect(combine([2, 2], 'zip')).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});

describe('planSweep at its edges', () => {
  it('zips two lists of the same length into as many members, named out of that count', () => {
    const plan = planSweep(
      'B',
      DOC,
      {
        parameters: [
          { path: gate(0, 'theta'), values: '0, 0.5' },
          { path: gate(1, 'theta'), values: '1, 1.5' },
        ],
        combine: 'zip',
      },
      'Z',
    );
    expect(plan.problems).toEqual([]);
    expect(plan.members.map((m) => [m.name, m.values])).toEqual([
      ['Z [1/2]', [0, 1]],
      ['Z [2/2]', [0.5, 1.5]],
    ]);
  });

  it('writes members without checking them when asked not to validate', () => {
    const spec = {
      parameters: [{ path: gate(0, 'qubit'), values: '0, 5' }],
      combine: 'grid' as const,
    };
    const unchecked = planSweep('B', DOC, spec, 'U', { validate: false });
    expect(unchecked.members.map((m) => [m.errors, m.executeType])).toEqual([
      [[], null],
      [[], null],
    ]);
    const checked = planSweep('B', DOC, spec, 'U');
    expect(checked.members[0]!.executeType).toBe('sampling');
    expect(checked.members[1]!.errors.length).toBeGreaterThan(0);
  });

  it('keeps only errors as a member’s errors, not warnings', () => {
    // A code-bearing tag is a warning in the dialect, not an error.
    const code = DOC.replace('nshots: 100', 'nshots: !function "lambda: 100"');
    expect(
      documentToExecutePayload('B', code, {}, { dialect: true }).problems.map((p) => p.severity),
    ).toEqual(['warning']);
    const plan = planSweep(
      'B',
      code,
      { parameters: [{ path: gate(0, 'theta'), values: '0.25' }], combine: 'grid' },
      'C',
    );
    expect(plan.members.map((m) => m.errors)).toEqual([[]]);
  });
});
