import { describe, expect, it } from 'vitest';
import {
  sweepLabel,
  sweepOrder,
  sweepRank,
  sweepValue,
} from '../../../../../../src/renderer/features/job-monitor/batches/sweep-choices';
import { numericNodes } from '../../../../../../src/shared/sweeps/numeric-nodes';
import { memberName, memberNameParts } from '../../../../../../src/shared/sweeps/sweep-spec';

const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 500
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !RY {qubit: 1, theta: 0.5}
        - !CNOT {control: 0, target: 1}
`;

describe('what the Sweep dialog offers first (issue 25: qubit indices came first)', () => {
  it('angles, then shots, then times, then the rest, qubit indices and widths last', () => {
    const order = sweepOrder(numericNodes(DOC), null).map((n) =>
      n.path.replace(/^.*circuit\./, ''),
    );
    expect(order).toEqual([
      'gates[1].theta',
      'sampling_payload.sampling.nshots',
      'nqubits',
      'gates[0].qubit',
      'gates[1].qubit',
      'gates[2].control',
      'gates[2].target',
    ]);
    expect(sweepRank('x.rabi_experiment.drive_pulse_duration[3]')).toBe(2);
    expect(sweepRank('x.schedule.T')).toBe(2);
    expect(sweepRank('x.phi.value')).toBe(0);
  });

  it('puts the number under the cursor before all of them', () => {
    const target = DOC.indexOf('target: 1') + 'target: '.length;
    expect(sweepOrder(numericNodes(DOC), target)[0]?.path).toMatch(/gates\[2\]\.target$/);
    // A cursor on no number changes nothing.
    expect(sweepOrder(numericNodes(DOC), 0)[0]?.path).toMatch(/theta$/);
  });

  it('heads a column with the key and where it is, and shows values to six digits', () => {
    expect(sweepLabel('sampling_payload.sampling.circuit.gates[1].theta')).toEqual({
      key: 'theta',
      where: 'gates #2',
    });
    expect(sweepLabel('sampling_payload.sampling.nshots')).toEqual({
      key: 'nshots',
      where: 'sampling',
    });
    expect(sweepValue(Math.PI / 3)).toBe('1.0472');
    expect(sweepValue(2000)).toBe('2000');
  });
});

describe('a sweep member’s name', () => {
  it('splits into its batch and its place, so a narrow column keeps the place', () => {
    expect(memberNameParts(memberName('RY rotation sweep 14:05', 3, 9))).toEqual({
      batch: 'RY rotation sweep 14:05',
      place: '[3/9]',
    });
    expect(memberNameParts('bell [draft]')).toBeNull();
    expect(memberNameParts('plain name')).toBeNull();
  });
});
