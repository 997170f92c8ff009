import type { Experiment } from '../../../shared/dialect/experiments';
import type { SdkMap } from '../../../shared/sdk/node';
import * as A from '../../../shared/sdk/a/results';
import * as B from '../../../shared/sdk/b/results';
import { rabiPopulation, s21Point, t1Population } from '../physics/experiment-models';
import type { RunContext } from './run-context';

/**
 * Rabi and T1 sweeps from the closed-form models of `experiment-models.ts`, read out as I/Q
 * points between the qubit's ground and excited IQ points. An exact device returns the mean
 * signal; a qpu adds the noise of `averages` shots (fewer averages, noisier curve). The result
 * is the SDK's: `data` an (N, 2) array of I and Q, `dims` one `!Dimension` naming the sweep
 * (`drive_duration` / `wait_duration`, in ns); Variant A's also carries `averages`.
 */
export function runExperiment(e: Experiment, ctx: RunContext): SdkMap {
  const q = ctx.device.qubits[e.qubit]!;
  const rng = ctx.device.exact ? null : ctx.rng;
  const sweep = e.kind === 'rabi' ? e.durationsNs : e.waitsNs;
  const points = sweep.map((t) => {
    const p =
      e.kind === 'rabi' ? rabiPopulation(q, t) : t1Population(q, t, e.pulseDurationNs, e.delayNs);
    return s21Point(q, p, e.averages, rng);
  });
  const tag = e.kind === 'rabi' ? '!RabiExperimentResult' : '!T1ExperimentResult';
  const dims = [[{ label: e.kind === 'rabi' ? 'drive_duration' : 'wait_duration', values: sweep }]];
  return ctx.parsed.variant === 'B'
    ? B.experimentResult(tag, e.qubit, points, dims)
    : A.experimentResult(tag, e.qubit, e.averages, points, dims);
}
