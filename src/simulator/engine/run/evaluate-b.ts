import type { EvolutionFunctional, SamplingFunctional } from '../../../shared/dialect/functionals';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { expectationFromCounts } from '../physics/estimators';
import type { ShotModel } from '../physics/estimators';
import type { PauliOperator } from '../physics/pauli-operator';
import type { StateVector } from '../physics/state-vector';
import { externalIndex } from '../physics/state-vector';
import { Tagged, complexValue } from '../results/tagged-yaml';
import type { YValue } from '../results/tagged-yaml';
import { SparseState } from '../circuits/sparse-state';
import { sparseMarginal } from '../physics/sampling';
import type { ReadableState } from './evaluate-a';
import { measureObservable, measureOperator } from './measure-observable';
import { prepareCircuitState, prepareEvolution } from './prepare-functional';
import { sampleMeasured } from './run-context';
import type { RunContext } from './run-context';
import type { Work } from './work';

/** A functional object's result, plus the cost observable's value when one is asked for. */
export interface Evaluation {
  result: Tagged;
  cost: number | null;
}

/** `!Sampling` → `!SamplingResult {nshots, nqubits, samples}`; nqubits counts the measured qubits. */
export async function evaluateSampling(
  f: SamplingFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | null,
): Promise<Evaluation> {
  const state = await prepareCircuitState(f, values, work.scoped(0, 0.8));
  work.report(0.85, `sampling ${f.nshots} shots`);
  const measured = f.circuit.measured;
  const distribution =
    state instanceof SparseState
      ? sparseMarginal(state.index, state.re, state.im, measured)
      : state.probabilities();
  const set = sampleMeasured(ctx, distribution, measured, f.nshots);
  const result = new Tagged('!SamplingResult', {
    nshots: f.nshots,
    nqubits: measured.length,
    samples: set.samples,
  });
  return { result, cost: costOp ? expectationFromCounts(costOp, set.counts, measured) : null };
}

/**
 * `!TimeEvolution` → `!TimeEvolutionResult`. With nshots > 0 every reported value (and the
 * cost) is a shot-noise estimate around the exact one, as a device that re-runs the schedule
 * for each time point would return.
 */
export async function evaluateTimeEvolution(
  f: EvolutionFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | null,
): Promise<Evaluation> {
  const shots: ShotModel | null =
    f.nshots > 0
      ? { nshots: f.nshots, rng: ctx.rng, readoutErrors: ctx.readoutErrorsByQubit(f.nqubits) }
      : null;
  const measureAll = (state: ReadableState): number[] =>
    f.observables.map((o) => measureObservable(o, state, shots));
  const rows: number[][] = [];
  const state = await prepareEvolution(
    f,
    values,
    ctx,
    work,
    f.storeIntermediate ? (_i, t, s) => rows.push([t, ...measureAll(s)]) : undefined,
  );
  const fields: Record<string, YValue> = { final_expected_values: measureAll(state) };
  if (f.storeIntermediate) fields.expected_values = rows;
  const pure = state.kind === 'pure' ? state.sv : state.dm.toPure();
  if (pure && f.nqubits <= ctx.limits.maxTomographyQubits) fields.final_state = amplitudes(pure);
  return {
    result: new Tagged('!TimeEvolutionResult', fields),
    cost: costOp ? measureOperator(costOp, state, shots) : null,
  };
}

/** Amplitudes in bitstring order (qubit 0 most significant) as `!complex` values. */
export function amplitudes(sv: StateVector): YValue[] {
  const out: YValue[] = new Array<YValue>(sv.dim);
  for (let i = 0; i < sv.dim; i++)
    out[externalIndex(i, sv.nqubits)] = complexValue(sv.re[i]!, sv.im[i]!);
  return out;
}
