import { describe, expect, it } from 'vitest';
import { driftRunOf } from '../../../../src/shared/drift';
import { t1Points } from '../../renderer/features/result-viewers/fixtures';
import { experimentJobA, rabiJobB, samplingJobB, t1JobB } from './drift-details';

/** A finished job as a drift run: which experiment, on which qubit, when, and its fit. */
describe('a stored job as a calibration drift run', () => {
  it('reads a Variant B T1 job: qubit from the payload, T1 fitted with its sigma', () => {
    const run = driftRunOf('B', t1JobB({ id: 3, minute: 5, qubit: 2, t1Ns: 40_000 }));
    expect(run).toMatchObject({ jobId: 3, name: 'job 3', quantity: 't1', qubit: 2, reason: null });
    expect(run!.at).toBe('2026-01-01T10:05:00.000Z');
    expect(run!.valueNs).toBeGreaterThan(36_000);
    expect(run!.valueNs).toBeLessThan(44_000);
    expect(run!.sigmaNs).toBeGreaterThan(0);
    expect(run!.sigmaNs).toBeLessThan(4_000);
  });

  it('follows the T1 the data were drawn with', () => {
    const short = driftRunOf('B', t1JobB({ id: 1, minute: 1, t1Ns: 20_000 }))!.valueNs!;
    const long = driftRunOf('B', t1JobB({ id: 2, minute: 2, t1Ns: 60_000 }))!.valueNs!;
    expect(short).toBeLessThan(long / 2);
  });

  it('reads a Variant B Rabi job as a π-pulse', () => {
    const run = driftRunOf('B', rabiJobB({ id: 4, minute: 1, qubit: 1 }))!;
    expect(run).toMatchObject({ quantity: 'piPulse', qubit: 1, reason: null });
    // rabiB oscillates at 6.2 MHz: a π pulse of 1 / (2 · 6.2 MHz) ≈ 80.6 ns.
    expect(run.valueNs!).toBeCloseTo(80.6, 0);
  });

  it('tells Variant A experiments apart by their payload tag, qubit from the payload', () => {
    const t1 = driftRunOf('A', experimentJobA({ id: 5, minute: 1, experiment: 't1', qubit: 3 }))!;
    expect(t1).toMatchObject({ quantity: 't1', qubit: 3, reason: null });
    expect(t1.valueNs!).toBeGreaterThan(50_000);
    expect(t1.valueNs!).toBeLessThan(72_000);
    const rabi = driftRunOf('A', experimentJobA({ id: 6, minute: 1, experiment: 'rabi' }))!;
    expect(rabi).toMatchObject({ quantity: 'piPulse', reason: null });
  });

  it('falls back to the result for the kind and the qubit when the payload is not kept', () => {
    const run = driftRunOf(
      'A',
      experimentJobA({ id: 7, minute: 1, experiment: 'rabi', payload: false }),
    )!;
    // rabiA says qubit 1 in its result.
    expect(run).toMatchObject({ quantity: 'piPulse', qubit: 1, reason: null });
  });

  it('is not a run: other execute types, unfinished and failed jobs', () => {
    expect(driftRunOf('B', samplingJobB({ id: 8, minute: 1 }))).toBeNull();
    expect(driftRunOf('B', t1JobB({ id: 9, minute: 1, status: 'running' }))).toBeNull();
    expect(driftRunOf('B', t1JobB({ id: 10, minute: 1, status: 'error' }))).toBeNull();
    // A Variant B job read as Variant A: no such execute type there.
    expect(driftRunOf('A', t1JobB({ id: 11, minute: 1 }))).toBeNull();
  });

  it('says why a run has no value', () => {
    const none = driftRunOf('B', t1JobB({ id: 12, minute: 1, result: null }))!;
    expect(none.valueNs).toBeNull();
    expect(none.reason).toMatch(/No result is kept/);

    const wrongTag = driftRunOf(
      'B',
      t1JobB({ id: 13, minute: 1, result: '!SamplingResult\nnshots: 1\n' }),
    )!;
    expect(wrongTag.reason).toMatch(/!SamplingResult, not !T1ExperimentResult/);

    const shape = driftRunOf(
      'B',
      t1JobB({ id: 14, minute: 1, result: '!T1ExperimentResult\nwait_times: [0, 1]\n' }),
    )!;
    expect(shape.reason).toMatch(/expected shape.*s21/);

    const flat = `!T1ExperimentResult\nwait_times: [0, 1, 2]\ns21:\n${[0, 0, 0]
      .map(() => '  - !complex {real: 0.5, imag: 0.5}')
      .join('\n')}\n`;
    const noFit = driftRunOf('B', t1JobB({ id: 15, minute: 1, result: flat }))!;
    expect(noFit.valueNs).toBeNull();
    expect(noFit.reason).toMatch(/No T1 decay could be fitted/);
  });

  it('fits a result of 200,000 points (binned to the fit limit)', () => {
    const n = 200_000;
    const waits = Array.from({ length: n }, (_, i) => i * 1);
    const result = `!T1ExperimentResult\nwait_times: [${waits.join(', ')}]\ns21:\n${t1Points(
      waits,
      50_000,
      9,
      0.01,
    )
      .map((p) => `  - ${p}`)
      .join('\n')}\n`;
    const run = driftRunOf('B', t1JobB({ id: 16, minute: 1, result }))!;
    expect(run.reason).toBeNull();
    expect(run.valueNs!).toBeGreaterThan(45_000);
    expect(run.valueNs!).toBeLessThan(55_000);
  });
});
