import { describe, expect, it } from 'vitest';
import {
  combine,
  describeInvalidMembers,
  planSweep,
} from '../../../../src/shared/sweeps/plan-sweep';

const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !RY {qubit: 0, theta: 0}
        - !M {qubits: [0, 1]}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';
const QUBIT = 'sampling_payload.sampling.circuit.gates[0].qubit';

describe('combine', () => {
  it('forms a grid with the first parameter slowest, or zips side by side', () => {
    expect(combine([2, 3], 'grid')).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(combine([3, 3], 'zip')).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('planSweep', () => {
  it('writes one valid payload per value, named after the batch', () => {
    const plan = planSweep(
      'B',
      DOC,
      { parameters: [{ path: THETA, values: '0:1:0.5' }], combine: 'grid' },
      'Angles',
    );
    expect(plan.problems).toEqual([]);
    expect(plan.members.map((m) => [m.index, m.name, m.values])).toEqual([
      [1, 'Angles [1/3]', [0]],
      [2, 'Angles [2/3]', [0.5]],
      [3, 'Angles [3/3]', [1]],
    ]);
    expect(plan.members[1]!.text).toBe(DOC.replace('theta: 0}', 'theta: 0.5}'));
    expect(plan.members.every((m) => m.errors.length === 0)).toBe(true);
  });

  it('combines two parameters as a grid and checks every member with the dialect', () => {
    const plan = planSweep(
      'B',
      DOC,
      {
        parameters: [
          { path: QUBIT, values: '0,1,2' },
          { path: THETA, values: '0,pi' },
        ],
        combine: 'grid',
      },
      'Q',
    );
    expect(plan.members).toHaveLength(6);
    const bad = plan.members.filter((m) => m.errors.length > 0);
    // Qubit 2 does not exist in a 2-qubit circuit.
    expect(bad.map((m) => m.values)).toEqual([
      [2, 0],
      [2, Math.PI],
    ]);
    expect(describeInvalidMembers(plan)[0]).toMatch(
      /^payload 5 \(sampling_payload\.sampling\.circuit\.gates\[0\]\.qubit=2, .*theta=0\): line 8, column \d+: /,
    );
  });

  it('refuses zipped lists of different lengths, and a path that is not there', () => {
    const zip = planSweep(
      'B',
      DOC,
      {
        parameters: [
          { path: QUBIT, values: '0,1' },
          { path: THETA, values: '0' },
        ],
        combine: 'zip',
      },
      'Z',
    );
    expect(zip.problems[0]).toMatch(/need as many values each; they have 2, 1/);
    const missing = planSweep(
      'B',
      DOC,
      { parameters: [{ path: 'sampling_payload.sampling.shots', values: '1' }], combine: 'grid' },
      'M',
    );
    expect(missing.problems).toEqual([
      "sampling_payload.sampling.shots: the payload has no 'shots' at sampling_payload.sampling",
    ]);
    const values = planSweep(
      'B',
      DOC,
      { parameters: [{ path: THETA, values: '0,x' }], combine: 'grid' },
      'V',
    );
    expect(values.problems).toEqual([
      `${THETA}: 'x' is not a number (write e.g. 0.5, 2*pi or pi/4)`,
    ]);
  });

  it('refuses a sweep larger than one batch', () => {
    const big = planSweep(
      'B',
      DOC,
      {
        parameters: [
          { path: QUBIT, values: '0:99' },
          { path: THETA, values: '0:10:1' },
        ],
        combine: 'grid',
      },
      'B',
    );
    expect(big.problems).toEqual(['the sweep makes 1100 payloads; one batch sends at most 1000']);
  });
});
