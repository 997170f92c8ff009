import type { Experiment } from '../../../shared/dialect/experiments';
import { rabiPopulation, s21Point, t1Population } from '../physics/experiment-models';
import { Tagged, complexValue } from '../results/tagged-yaml';
import type { RunContext } from './run-context';

/**
 * Rabi and T1 sweeps from the closed-form models of `experiment-models.ts`, read out as s21
 * points between the qubit's ground and excited IQ points. An exact device returns the mean
 * signal; a qpu adds the noise of `averages` shots (fewer averages, noisier curve).
 */
export function runExperiment(e: Experiment, ctx: RunContext): Tagged {
  const q = ctx.device.qubits[e.qubit]!;
  const rng = ctx.device.exact ? null : ctx.rng;
  const sweep = e.kind === 'rabi' ? e.durationsNs : e.waitsNs;
  const s21 = sweep.map((t) => {
    const p =
      e.kind === 'rabi' ? rabiPopulation(q, t) : t1Population(q, t, e.pulseDurationNs, e.delayNs);
    const point = s21Point(q, p, e.averages, rng);
    return complexValue(point.re, point.im);
  });
  const tag = e.kind === 'rabi' ? '!RabiExperimentResult' : '!T1ExperimentResult';
  if (ctx.parsed.variant === 'B') {
    return new Tagged(
      tag,
      e.kind === 'rabi' ? { drive_pulse_duration: sweep, s21 } : { wait_times: sweep, s21 },
    );
  }
  const label = e.kind === 'rabi' ? 'drive_duration' : 'wait_duration';
  return new Tagged(tag, {
    qubit: e.qubit,
    averages: e.averages,
    data: s21,
    dims: [{ labels: [label], values: [sweep] }],
  });
}
