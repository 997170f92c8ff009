import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  sweepSummary,
  sweepViewOf,
} from '../../../../src/renderer/features/payload-views/sweep-model';

const template = (path: string) => readFileSync(`resources/templates/${path}`, 'utf8');

describe('sweepViewOf', () => {
  it('Variant B Rabi: the drive durations in order', () => {
    const view = sweepViewOf('B', template('b/rabi.yaml'))!;
    expect(view).toMatchObject({ experiment: 'rabi', qubit: 0 });
    expect(view.values).toEqual(Array.from({ length: 41 }, (_, i) => 25 * i));
    expect(sweepSummary(view)).toBe('41 drive pulse durations, 0 to 1000 ns, every 25 ns');
  });

  it('Variant A T1: the wait times', () => {
    const view = sweepViewOf('A', template('a/t1.yaml'))!;
    expect(view.experiment).toBe('t1');
    expect(view.quantity).toBe('wait time (ns)');
    expect(view.values.length).toBeGreaterThan(1);
  });

  it('no sweep for other payloads, an empty text, or one that does not read', () => {
    expect(sweepViewOf('B', template('b/bell.yaml'))).toBeNull();
    expect(sweepViewOf('B', '')).toBeNull();
    expect(sweepViewOf('B', 'type: rabi_experiment\nrabi_experiment_payload: [')).toBeNull();
  });

  it('says the step only when the grid is even', () => {
    const base = {
      experiment: 't1',
      qubit: 1,
      quantity: 'wait time (ns)',
      axis: 'wait (ns)',
    } as const;
    expect(sweepSummary({ ...base, values: [0, 10, 30, 70] })).toBe('4 wait times, 0 to 70 ns');
    expect(sweepSummary({ ...base, values: [5] })).toBe('1 wait time, 5 to 5 ns');
    expect(sweepSummary({ ...base, values: [0, 0.1, 0.2, 0.30000000000000004] })).toBe(
      '4 wait times, 0 to 0.30000000000000004 ns, every 0.1 ns',
    );
  });
});
