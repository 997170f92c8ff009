import { entryFor } from '../variants/declaration';
import type {
  ExecuteKindOf,
  ExecuteTypeOf,
  PerExecuteType,
  VariantId,
} from '../variants/declaration';
import type { JobHandle } from './handle';
import { createHandle } from './handle';

/*
 * The per-kind handles of spec §2.11. Variant A: functional, variational program, experiment.
 * Variant B: sampling, time evolution, variational program, Rabi, T1.
 */

/** Variant A execute types whose result is a `functional_result`. */
export type FunctionalExecuteType = Extract<
  ExecuteKindOf<'A'>,
  { resultField: 'functional_result' }
>['executeType'];

/**
 * Variant A, functional jobs. The spec names digital propagation and analog evolution; a
 * quantum reservoir job produces the same `functional_result`, so the handle reads it too (the
 * spec has no other handle that could). `executeType` records what the handle was made for; any
 * functional job is accepted.
 */
export function functionalHandle(
  id: number,
  executeType: FunctionalExecuteType = 'digital_propagation',
): JobHandle<'A', FunctionalExecuteType, 'functional_result'> {
  return createHandle('A', executeType, id);
}

/** Variant A experiments; `expectedResultTag` (`!RabiExperimentResult`) pins the experiment kind. */
export function experimentHandle(
  id: number,
  expectedResultTag?: string,
): JobHandle<'A', 'experiment', 'experiment_result'> {
  return createHandle('A', 'experiment', id, { expectedTag: expectedResultTag });
}

/** Either variant; `expectedInnerTag` (`!SamplingResult`) pins the result at the optimum. */
export function variationalProgramHandle<V extends VariantId>(
  variant: V,
  id: number,
  expectedInnerTag?: string,
): JobHandle<V, 'variational_program', 'variational_program_result'> {
  return createHandle(variant, 'variational_program', id, { expectedInnerTag });
}

export function samplingHandle(id: number): JobHandle<'B', 'sampling', 'sampling_result'> {
  return createHandle('B', 'sampling', id);
}

export function timeEvolutionHandle(
  id: number,
): JobHandle<'B', 'time_evolution', 'time_evolution_result'> {
  return createHandle('B', 'time_evolution', id);
}

export function rabiExperimentHandle(
  id: number,
): JobHandle<'B', 'rabi_experiment', 'rabi_experiment_result'> {
  return createHandle('B', 'rabi_experiment', id);
}

export function t1ExperimentHandle(
  id: number,
): JobHandle<'B', 't1_experiment', 't1_experiment_result'> {
  return createHandle('B', 't1_experiment', id);
}

/** The handle of each declared execute type: the compiler names this table for a new type. */
const HANDLES = {
  A: {
    digital_propagation: (id) => functionalHandle(id, 'digital_propagation'),
    analog_evolution: (id) => functionalHandle(id, 'analog_evolution'),
    quantum_reservoir: (id) => functionalHandle(id, 'quantum_reservoir'),
    variational_program: (id) => variationalProgramHandle('A', id),
    experiment: (id) => experimentHandle(id),
  },
  B: {
    sampling: samplingHandle,
    time_evolution: timeEvolutionHandle,
    variational_program: (id) => variationalProgramHandle('B', id),
    rabi_experiment: rabiExperimentHandle,
    t1_experiment: t1ExperimentHandle,
  },
} satisfies PerExecuteType<(id: number) => JobHandle>;

/** The handle that fits a job of `executeType` (e.g. from its payload). Throws RangeError for a type the variant lacks. */
export function handleForExecuteType<V extends VariantId>(
  variant: V,
  executeType: ExecuteTypeOf<V> | string,
  id: number,
): JobHandle<V> {
  const make = entryFor<(id: number) => JobHandle>(HANDLES, variant, executeType);
  if (!make) throw new RangeError(`Variant ${variant} has no execute type '${executeType}'`);
  // The table's row for `variant` makes handles of that variant.
  return make(id) as JobHandle<V>;
}
