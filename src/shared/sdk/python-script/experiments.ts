import type { Experiment } from '../../dialect/experiments';
import type { VariantId } from '../../variants';
import { pythonFloatRepr } from '../yaml';
import { NotInSdk } from './not-yet';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Rabi and T1 experiments as qilisdk Python, submitted without a readout.
 * Variant B, qilisdk 0.1.6: src/qilisdk/speqtrum/experiments/__init__.py exports `RabiExperiment`
 * and `T1Experiment` (src/qilisdk/speqtrum/experiments/experiment_functional.py:
 * `RabiExperiment(qubit, drive_duration_values)`, `T1Experiment(qubit, wait_duration_values)`,
 * the sweep an `np.ndarray` of nanoseconds); src/qilisdk/speqtrum/speqtrum.py submits them as
 * `rabi_experiment` / `t1_experiment` (`submit(functional, device, job_name=None)`).
 * Variant A, qilisdk 0.2.1.post1: src/qilisdk/experiments/experiment_functional.py holds only the
 * abstract `ExperimentFunctional(qubit, averages)`; the concrete classes come from Qilimanjaro's
 * private `qili-experiments` plugin, whose module name is not public. Their arguments are those
 * of the classes qilisdk 0.2.1 carried in-tree (0.2.1:
 * src/qilisdk/experiments/experiment_functional.py: `RabiExperiment(qubit, averages,
 * drive_duration_values)`, `T1Experiment(qubit, averages, wait_duration_values)`), as the
 * corpus's shim and compile (common/experiments.ts) take them; src/qilisdk/speqtrum/speqtrum.py
 * submits any `ExperimentFunctional` as `experiment` (`submit(functional, device,
 * job_name=None)`, no readout).
 * The sweep is the array compile writes: float64 (from the friendly form) or int64 (kept from
 * the SDK's form), so the dtype is spelt out.
 */

/** The plugin module the Variant A script imports from (a guess at the private package's name). */
export const EXPERIMENTS_PLUGIN_MODULE = 'qili_experiments';

/** Compile refuses Variant B's simulator-only T1 fields; the script cannot carry them either. */
const noSdkField = (key: string) =>
  new NotInSdk(
    `qilisdk 0.1.6's T1Experiment has no ${key} (the simulator alone honours it): remove it to write the script`,
  );

/** `[a, b, ...]` broken into lines of at most `width` characters, each indented by `indent`. */
function wrappedList(items: readonly string[], indent: string, width = 96): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line} ${item},` : `${item},`;
    if (line && indent.length + next.length > width) {
      lines.push(indent + line);
      line = `${item},`;
    } else line = next;
  }
  if (line) lines.push(indent + line);
  return lines;
}

export function experimentPython(variant: VariantId, e: Experiment): PythonFunctional {
  const className = e.kind === 'rabi' ? 'RabiExperiment' : 'T1Experiment';
  if (variant === 'B' && e.kind === 't1') {
    if (e.pulseDurationNs !== null) throw noSdkField('pulse_duration');
    if (e.delayNs !== null) throw noSdkField('delay_between_pulses');
  }
  const [sweepName, sweepArg, values] =
    e.kind === 'rabi'
      ? ['DRIVE_DURATIONS_NS', 'drive_duration_values', e.durationsNs]
      : ['WAIT_DURATIONS_NS', 'wait_duration_values', e.waitsNs];
  const item = (v: number) => (e.sweepDtype === 'int64' ? String(v) : pythonFloatRepr(v));
  const classImport =
    variant === 'B'
      ? [`from qilisdk.speqtrum.experiments import ${className}`]
      : [
          `# qilisdk 0.2.1.post1 ships only the abstract ExperimentFunctional: ${className} comes from`,
          "# Qilimanjaro's qili-experiments plugin, with the arguments of the class qilisdk 0.2.1",
          '# carried in-tree (qilisdk.experiments). Change this import if the module is named otherwise.',
          `from ${EXPERIMENTS_PLUGIN_MODULE} import ${className}`,
        ];
  return {
    imports: ['import numpy as np', ...classImport],
    lines: [
      `# The sweep, in nanoseconds (${values.length} points).`,
      `${sweepName} = [`,
      ...wrappedList(values.map(item), '    '),
      ']',
      '',
      `functional = ${className}(`,
      `    qubit=${e.qubit},`,
      ...(variant === 'A' ? [`    averages=${e.averages},`] : []),
      `    ${sweepArg}=np.array(${sweepName}, dtype=np.${e.sweepDtype}),`,
      ')',
    ],
  };
}
