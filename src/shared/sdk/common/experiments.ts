import type { SdkMap } from '../node';
import { sdkFloat, sdkInt, sdkMap, sdkStr } from '../node';
import { intTuple, pyList, PyObject } from '../python/values';

/*
 * The SDK's experiment functionals. qilisdk 0.1.x (Variant B): `ExperimentFunctional.__init__(qubit)`
 * sets `_qubit`, then `RabiExperiment` sets `_drive_duration_values` and `T1Experiment`
 * `_wait_duration_values`. qilisdk 0.2.x (Variant A; the classes of its experiments plugin, as 0.2.1
 * carried them in-tree): `__init__(qubit, averages)` sets `_qubit`, `_averages`, then the sweep.
 */

export type SweepDtype = 'float64' | 'int64';

/** A 1-D NumPy array of the sweep: `!ndarray {data, dtype, shape}`, values as the dtype holds them. */
export function sweepNdarray(values: readonly number[], dtype: SweepDtype): SdkMap {
  const item = (v: number) => (dtype === 'int64' ? sdkInt(v) : sdkFloat(v));
  return sdkMap(
    [
      ['data', pyList(values.map(item))],
      ['dtype', sdkStr(dtype)],
      ['shape', intTuple([values.length])],
    ],
    '!ndarray',
  );
}

interface Sweep {
  values: readonly number[];
  dtype: SweepDtype;
}

function experiment(tag: string, qubit: number, averages: number | null): PyObject {
  const o = new PyObject(tag).set('_qubit', sdkInt(qubit));
  if (averages !== null) o.set('_averages', sdkInt(averages));
  return o;
}

/** `RabiExperiment(qubit, drive_duration_values)` (B) / `RabiExperiment(qubit, averages, …)` (A). */
export function rabiExperiment(qubit: number, averages: number | null, sweep: Sweep): SdkMap {
  return experiment('!RabiExperiment', qubit, averages).set(
    '_drive_duration_values',
    sweepNdarray(sweep.values, sweep.dtype),
  ).node;
}

/** `T1Experiment(qubit, wait_duration_values)` (B) / `T1Experiment(qubit, averages, …)` (A). */
export function t1Experiment(qubit: number, averages: number | null, sweep: Sweep): SdkMap {
  return experiment('!T1Experiment', qubit, averages).set(
    '_wait_duration_values',
    sweepNdarray(sweep.values, sweep.dtype),
  ).node;
}
