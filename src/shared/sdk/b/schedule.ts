import type { SdkMap } from '../node';
import { sdkInt } from '../node';
import type { PyNumber } from '../python/values';
import { dictHas, dictSet, PyObject, pyDict, pyNumber } from '../python/values';

/** A Hamiltonian of a schedule: its label, its node, and its `nqubits` (highest qubit + 1). */
export interface LabelledHamiltonianB {
  label: string;
  node: SdkMap;
  nqubits: number;
}

/** A coefficient at a step: a number, or a Parameter (its label and its one node). */
export type CoefficientB =
  { kind: 'number'; value: PyNumber } | { kind: 'parameter'; label: string; node: SdkMap };

/**
 * qilisdk 0.1.x `LinearSchedule(T, dt, hamiltonians, schedule)` (`linear`) or `Schedule(...)`
 * (`step`); both run `Schedule.__init__`: `_hamiltonians` and `_schedule` as given, `_parameters`
 * from the coefficients' Parameters, `_T`, `_dt`, `iter_time_step = 0`, `_nqubits` the widest
 * Hamiltonian's; every label not set at step 0 is set there to `0` (to `0.0` when step 0 is
 * missing altogether).
 */
export function scheduleB(
  interpolation: 'linear' | 'step',
  T: PyNumber,
  dt: PyNumber,
  hamiltonians: readonly LabelledHamiltonianB[],
  steps: ReadonlyArray<readonly [number, ReadonlyArray<readonly [string, CoefficientB]>]>,
): SdkMap {
  const schedule = pyDict();
  const parameters = pyDict();
  let stepZero: SdkMap | undefined;
  for (const [step, coefficients] of steps) {
    const dict = pyDict();
    for (const [label, c] of coefficients) {
      dictSet(dict, label, c.kind === 'number' ? pyNumber(c.value) : c.node);
      if (c.kind === 'parameter') dictSet(parameters, c.label, c.node);
    }
    schedule.entries.push([sdkInt(step), dict]);
    if (step === 0) stepZero = dict;
  }
  if (!stepZero) {
    const zeros = pyDict(hamiltonians.map((h) => [h.label, pyNumber(0.0)] as const));
    schedule.entries.push([sdkInt(0), zeros]);
  } else {
    for (const h of hamiltonians)
      if (!dictHas(stepZero, h.label)) dictSet(stepZero, h.label, sdkInt(0));
  }
  const nqubits = hamiltonians.reduce((m, h) => Math.max(m, h.nqubits), 0);
  return new PyObject(interpolation === 'linear' ? '!LinearSchedule' : '!Schedule')
    .set('_hamiltonians', pyDict(hamiltonians.map((h) => [h.label, h.node] as const)))
    .set('_schedule', schedule)
    .set('_parameters', parameters)
    .set('_T', pyNumber(T))
    .set('_dt', pyNumber(dt))
    .set('iter_time_step', sdkInt(0))
    .set('_nqubits', sdkInt(nqubits)).node;
}
