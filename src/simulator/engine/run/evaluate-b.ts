import type { EvolutionFunctional, SamplingFunctional } from '../../../shared/dialect/functionals';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { expectationFromCounts } from '../physics/estimators';
import type { ShotModel } from '../physics/estimators';
import type { PauliOperator } from '../physics/pauli-operator';
import { ModelCost } from './model-cost';
import type { SdkMap } from '../../../shared/sdk/node';
import { samplingResult, timeEvolutionResult } from '../../../shared/sdk/b/results';
import type { DenseState } from '../../../shared/sdk/results/data';
import { ketOf } from './sdk-states';
import { SparseState } from '../circuits/sparse-state';
import { sparseMarginal } from '../physics/sampling';
import type { ReadableState } from './readable-state';
import { measureObservable, measureOperator } from './measure-observable';
import { prepareCircuitState, prepareEvolution } from './prepare-functional';
import { sampleMeasured } from './run-context';
import type { RunContext } from './run-context';
import type { Work } from '../work';

/** A functional object's result (the SDK's graph), plus the cost observable's value when asked for. */
export interface Evaluation {
  result: SdkMap;
  cost: number | null;
  /** Whether the cost is a mean over samples (the SDK's cost is then a NumPy scalar). */
  costFromSamples: boolean;
}

/**
 * Intermediate states kept at most, in amplitudes over all recorded times: past it a time
 * evolution's `_intermediate_states` stays empty (the expectation values are still recorded).
 */
const MAX_INTERMEDIATE_AMPLITUDES = 1 << 20;

/**
 * `!Sampling` → qilisdk 0.1.6 `!SamplingResult {_nshots, _samples, _nqubits, _probabilities}`;
 * the bitstrings are over the measured qubits, so `_nqubits` counts those.
 */
export async function evaluateSampling(
  f: SamplingFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | ModelCost | null,
): Promise<Evaluation> {
  const state = await prepareCircuitState(f, values, work.scoped(0, 0.8));
  work.report(0.85, `sampling ${f.nshots} shots`);
  const measured = f.circuit.measured;
  const distribution =
    state instanceof SparseState
      ? sparseMarginal(state.index, state.re, state.im, measured)
      : state.probabilities();
  const set = sampleMeasured(ctx, distribution, measured, f.nshots);
  return {
    result: samplingResult(f.nshots, [...set.samples]),
    cost:
      costOp instanceof ModelCost
        ? costOp.fromCounts(set.samples)
        : costOp
          ? expectationFromCounts(costOp, set.counts, measured)
          : null,
    costFromSamples: true,
  };
}

/**
 * `!TimeEvolution` → qilisdk 0.1.6 `!TimeEvolutionResult`: `_final_expected_values`, and when
 * the job stores intermediate results `_expected_values` (one row per time of the schedule's
 * grid 0, dt, …, T, one column per observable: rows on `linspace(0, T, rows)`, as the SDK's
 * backends lay theirs) and `_intermediate_states` (a QTensor per grid time, while they stay
 * small); `_final_state` up to maxTomographyQubits. With nshots > 0 every reported value (and
 * the cost) is a shot-noise estimate around the exact one, as a device that re-runs the
 * schedule for each time point would return.
 */
export async function evaluateTimeEvolution(
  f: EvolutionFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | ModelCost | null,
): Promise<Evaluation> {
  const shots: ShotModel | null =
    f.nshots > 0
      ? { nshots: f.nshots, rng: ctx.rng, readoutErrors: ctx.readoutErrorsByQubit(f.nqubits) }
      : null;
  const measureAll = (state: ReadableState): number[] =>
    f.observables.map((o) => measureObservable(o, state, shots));
  const rows: number[] = [];
  let rowCount = 0;
  // A density-matrix evolution has no ket per time (a mixed state); its values are recorded.
  const withStates =
    f.storeIntermediate &&
    f.initial?.kind !== 'density' &&
    f.nqubits <= ctx.limits.maxTomographyQubits &&
    2 ** f.nqubits * f.schedule.grid.length <= MAX_INTERMEDIATE_AMPLITUDES;
  const states: DenseState[] = [];
  const state = await prepareEvolution(
    f,
    values,
    ctx,
    work,
    f.storeIntermediate
      ? (_i, _t, s) => {
          rows.push(...measureAll(s));
          rowCount++;
          if (withStates && s.kind === 'pure') states.push(ketOf(s.sv));
        }
      : undefined,
  );
  const pure = state.kind === 'pure' ? state.sv : state.dm.toPure();
  const result = timeEvolutionResult({
    finalExpectedValues: measureAll(state),
    expectedValues:
      f.storeIntermediate && f.observables.length ? { rows: rowCount, values: rows } : undefined,
    finalState: pure && f.nqubits <= ctx.limits.maxTomographyQubits ? ketOf(pure) : undefined,
    intermediateStates: states,
  });
  return {
    result,
    // A ModelCostFunction reads the final state exactly, as 0.1.6's does.
    cost:
      costOp instanceof ModelCost
        ? costOp.fromState(
            state.kind === 'pure' ? state.sv.probabilities() : state.dm.probabilities(),
            f.nqubits,
          )
        : costOp
          ? measureOperator(costOp, state, shots)
          : null,
    costFromSamples: false,
  };
}
