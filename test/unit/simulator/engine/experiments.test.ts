import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import type { PhysicalDevice } from '../../../../src/simulator/engine';
import { fitRabi, fitT1, projectS21 } from '../../../../src/shared/analysis';
import { QPU_ANALOG, QPU_DIGITAL, QUBIT, SIMULATOR, makeJob } from './support/devices';
import { jobFromFixture } from './support/fixtures';
import { expectOk, parseResult } from './support/results';
import type { Parsed } from './support/results';

const PI_PULSE_NS = 500 / QUBIT.rabiRateMHz; // 40 ns
const T1_NS = QUBIT.t1Us * 1000;

/** The SDK's `data`: an (N, 2) array of I and Q per sweep point. */
function s21Of(points: unknown): Array<{ re: number; im: number }> {
  return (points as number[][]).map(([re, im]) => ({ re: re!, im: im! }));
}

/** The sweep of the result's first `!Dimension`. */
function sweepOf(r: Parsed): number[] {
  return (r.dims as Array<{ values: number[][] }>)[0]!.values[0]!;
}

describe('Rabi experiment', () => {
  it.each([
    ['exact simulator', SIMULATOR],
    ['noisy qpu.digital', QPU_DIGITAL],
  ] as Array<[string, PhysicalDevice]>)(
    'Variant B on the %s: fitRabi finds the π pulse within 2%%',
    async (_label, device) => {
      const out = expectOk(await runJob(jobFromFixture('b-rabi.yaml', device)));
      expect(out.resultField).toBe('rabi_experiment_result');
      const r = parseResult(out.yaml);
      expect(r.$tag).toBe('!RabiExperimentResult');
      expect(Object.keys(r).sort()).toEqual(['$tag', 'data', 'dims', 'qubit']);
      const durations = sweepOf(r);
      const signal = projectS21(s21Of(r.data));
      const fit = fitRabi(durations, signal);
      expect(Math.abs(fit.piPulseNs - PI_PULSE_NS) / PI_PULSE_NS).toBeLessThan(0.02);
      expect(fit.rabiFrequencyMHz).toBeCloseTo(QUBIT.rabiRateMHz, 0);
    },
  );

  it('Variant A: data, dims and averages; the signal follows sin²(Ωt/2) between the IQ points', async () => {
    const out = expectOk(await runJob(jobFromFixture('a-experiment-rabi.yaml', SIMULATOR)));
    expect(out.resultField).toBe('experiment_result');
    const r = parseResult(out.yaml);
    expect(r.$tag).toBe('!RabiExperimentResult');
    expect(r.qubit).toBe(0);
    expect(r.averages).toBe(1000);
    const dims = r.dims as Array<{ labels: string[]; values: number[][] }>;
    expect(dims[0]!.labels).toEqual(['drive_duration']);
    const durations = dims[0]!.values[0]!;
    const population = projectS21(s21Of(r.data), { ground: QUBIT.ground, excited: QUBIT.excited });
    const omega = 2 * Math.PI * QUBIT.rabiRateMHz * 1e-3;
    const gamma = 0.5 / (QUBIT.t1Us * 1000) + 0.5 / (QUBIT.t2Us * 1000);
    durations.forEach((t, i) => {
      expect(population[i]).toBeCloseTo(0.5 * (1 - Math.exp(-gamma * t) * Math.cos(omega * t)), 12);
    });
    expect(population[durations.indexOf(40)]).toBeGreaterThan(0.99); // π pulse
    expect(population[durations.indexOf(80)]).toBeLessThan(0.01); // 2π pulse
  });

  it('noise shrinks as 1/√averages on a noisy device', async () => {
    const spread = async (averages: number): Promise<number> => {
      const yaml = `!RabiExperiment\nqubit: 1\naverages: ${averages}\ndrive_duration_values: [${Array.from({ length: 200 }, () => 40).join(', ')}]\n`;
      const r = parseResult(
        expectOk(
          await runJob(
            makeJob({
              variant: 'A',
              executeType: 'experiment',
              pathPrefix: 'experiment_payload.experiment',
              functionalYaml: yaml,
              device: QPU_ANALOG,
            }),
          ),
        ).yaml,
      );
      const p = projectS21(s21Of(r.data), { ground: QUBIT.ground, excited: QUBIT.excited });
      const mean = p.reduce((s, v) => s + v, 0) / p.length;
      return Math.sqrt(p.reduce((s, v) => s + (v - mean) ** 2, 0) / (p.length - 1));
    };
    const ratio = (await spread(100)) / (await spread(10000));
    expect(ratio).toBeGreaterThan(7);
    expect(ratio).toBeLessThan(14);
  });
});

describe('T1 experiment', () => {
  it('Variant A on a noisy qpu: fitT1 recovers the device T1 within 5%', async () => {
    const out = expectOk(await runJob(jobFromFixture('a-experiment-t1.yaml', QPU_DIGITAL)));
    const r = parseResult(out.yaml);
    expect(r.$tag).toBe('!T1ExperimentResult');
    const dims = r.dims as Array<{ labels: string[]; values: number[][] }>;
    expect(dims[0]!.labels).toEqual(['wait_duration']);
    const fit = fitT1(dims[0]!.values[0]!, projectS21(s21Of(r.data)));
    expect(Math.abs(fit.t1Ns - T1_NS) / T1_NS).toBeLessThan(0.05);
    expect(fit.t1StdErrNs).not.toBeNull();
    expect(Math.abs(fit.t1Ns - T1_NS)).toBeLessThan(5 * fit.t1StdErrNs!);
  });

  it('Variant B with a π pulse and a long delay: exp(−t/T1) from the full excitation', async () => {
    const out = expectOk(await runJob(jobFromFixture('b-t1.yaml', SIMULATOR)));
    expect(out.resultField).toBe('t1_experiment_result');
    const r = parseResult(out.yaml);
    const waits = sweepOf(r);
    const p = projectS21(s21Of(r.data), { ground: QUBIT.ground, excited: QUBIT.excited });
    // A 40 ns π pulse excites with s = (1 + e^{−Γ·40})/2 (Γ: Rabi decay); the 500 µs delay
    // (14·T1) leaves a residual excitation below 1e-6.
    const gamma = 0.5 / (QUBIT.t1Us * 1000) + 0.5 / (QUBIT.t2Us * 1000);
    const s = 0.5 * (1 + Math.exp(-gamma * 40));
    waits.forEach((t, i) => expect(p[i]).toBeCloseTo(s * Math.exp(-t / T1_NS), 5));
    const fit = fitT1(waits, p);
    expect(Math.abs(fit.t1Ns - T1_NS) / T1_NS).toBeLessThan(1e-6);
  });

  it('a short delay between repetitions leaves residual excitation (lower contrast)', async () => {
    const yaml = (delay: number): string =>
      `!T1Experiment\nqubit_id: 0\npulse_duration: 40\ndelay_between_pulses: ${delay}\nwait_times: [0]\n`;
    const level = async (delay: number): Promise<number> => {
      const r = parseResult(
        expectOk(
          await runJob(makeJob({ executeType: 't1_experiment', functionalYaml: yaml(delay) })),
        ).yaml,
      );
      return projectS21(s21Of(r.data), { ground: QUBIT.ground, excited: QUBIT.excited })[0]!;
    };
    expect(await level(10 * T1_NS)).toBeGreaterThan(0.98);
    expect(await level(0.2 * T1_NS)).toBeLessThan(0.8);
  });
});
