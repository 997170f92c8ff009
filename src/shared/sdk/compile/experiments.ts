import type { SdkNode } from '../node';
import { rabiExperiment, t1Experiment } from '../common/experiments';
import type { VariantId } from '../../variants/declaration';
import type { Experiment } from '../../dialect/experiments';
import type { Functional } from '../../dialect/job-model';
import { CompileProblem } from './gate-factory';

/**
 * An experiment of the model as the SDK's object: Variant B as qilisdk 0.1.x (qubit and sweep),
 * Variant A as the 0.2.x experiments plugin (plus averages). Variant B's friendly
 * `pulse_duration` and `delay_between_pulses` have no place in qilisdk 0.1.x's T1Experiment: the
 * service would never see them, so a document that gives them is refused, not silently cut.
 */
export function compileExperiment(variant: VariantId, f: Functional): SdkNode {
  if (f.kind !== 'rabi' && f.kind !== 't1') throw new Error('not an experiment');
  const e: Experiment = f;
  const averages = variant === 'A' ? e.averages : null;
  if (e.kind === 'rabi')
    return rabiExperiment(e.qubit, averages, { values: e.durationsNs, dtype: e.sweepDtype });
  for (const [value, key] of [
    [e.pulseDurationNs, 'pulse_duration'],
    [e.delayNs, 'delay_between_pulses'],
  ] as const) {
    if (value !== null)
      throw new CompileProblem(
        `qilisdk 0.1.x's T1Experiment has no ${key}: the service would not receive it, and the device uses its own calibrated value; remove ${key} to submit (the simulator alone honours it)`,
        e.ref,
      );
  }
  return t1Experiment(e.qubit, averages, { values: e.waitsNs, dtype: e.sweepDtype });
}
