import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  scheduleSamples,
  scheduleViewOf,
} from '../../../../src/renderer/features/payload-views/schedule-model';

const template = (path: string) => readFileSync(`resources/templates/${path}`, 'utf8');

describe('scheduleViewOf', () => {
  it('Variant B time evolution: each coefficient, its Hamiltonian, the observables marked', () => {
    const read = scheduleViewOf('B', template('b/time-evolution.yaml'));
    expect(read.kind).toBe('view');
    if (read.kind !== 'view') return;
    const { view } = read;
    expect([view.T, view.dt]).toEqual([10, 0.5]);
    expect(view.observables).toEqual(['Z0', 'Z1', 'Z0 Z1']);
    expect(view.curves.map((c) => [c.label, c.interpolation, c.points])).toEqual([
      [
        'driver',
        'linear',
        [
          { t: 0, v: 1 },
          { t: 10, v: 0 },
        ],
      ],
      [
        'problem',
        'linear',
        [
          { t: 0, v: 0 },
          { t: 10, v: 1 },
        ],
      ],
    ]);
    expect(view.curves[1]!.terms).toEqual([
      { coefficient: '1', factors: 'Z0 Z1', observed: true },
      { coefficient: '0.5', factors: 'Z0', observed: true },
    ]);
    expect(view.curves[0]!.terms.map((t) => t.observed)).toEqual([false, false]);
  });

  it('Variant A analog evolution: a constant coefficient, the readout’s observables', () => {
    const read = scheduleViewOf('A', template('a/analog-two-qubit.yaml'));
    if (read.kind !== 'view') throw new Error(JSON.stringify(read));
    expect(read.view.curves.map((c) => c.points)).toEqual([[{ t: 0, v: 1 }]]);
    expect(read.view.observables).toEqual(['Z0', 'Z1']);
  });

  it('a step coefficient: held, with a jump at each point after the first', () => {
    const text = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 4
      dt: 1
      interpolation: step
      hamiltonians: {h: "Z0"}
      coefficients: {h: [[0, 0.5], [2, 1.5]]}
    observables: ["Z0"]
    nshots: 0
`;
    const read = scheduleViewOf('B', text);
    if (read.kind !== 'view') throw new Error(JSON.stringify(read));
    expect(read.view.curves[0]!.points).toEqual([
      { t: 0, v: 0.5 },
      { t: 2, v: 1.5 },
    ]);
    expect(scheduleSamples(read.view)).toEqual({ x: [0, 2, 2, 4], ys: [[0.5, 0.5, 1.5, 1.5]] });
  });

  it('other payloads have no schedule; an invalid text says where it fails', () => {
    expect(scheduleViewOf('B', template('b/bell.yaml')).kind).toBe('none');
    expect(scheduleViewOf('B', '').kind).toBe('none');
    const bad = scheduleViewOf('B', 'type: time_evolution\ntime_evolution_payload: [');
    expect(bad.kind).toBe('invalid');
    const badQubit = scheduleViewOf(
      'B',
      template('b/time-evolution.yaml').replace('driver: "X0 + X1"', 'driver: "X0 + Q1"'),
    );
    expect(badQubit).toEqual({ kind: 'invalid', reason: expect.stringMatching(/Q1|driver/) });
  });
});

describe('scheduleSamples', () => {
  it('samples 0, every point and T with the values at those times', () => {
    const read = scheduleViewOf('B', template('b/time-evolution.yaml'));
    if (read.kind !== 'view') throw new Error('no view');
    expect(scheduleSamples(read.view)).toEqual({
      x: [0, 10],
      ys: [
        [1, 0],
        [0, 1],
      ],
    });
  });
});
