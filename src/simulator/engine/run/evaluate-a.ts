import type { DigitalFunctional, EvolutionFunctional } from '../../../shared/dialect/functionals';
import type { ParamValues } from '../../../shared/dialect/numbers';
import type { Readout } from '../../../shared/dialect/readouts';
import { costSourceOf } from '../../../shared/dialect/readouts';
import type { SdkMap } from '../../../shared/sdk/node';
import {
  expectationReadoutResult,
  functionalResult,
  readoutCompositeResults,
  samplingFromCounts,
  samplingReadoutResult,
  stateTomographyReadoutResult,
} from '../../../shared/sdk/a/results';
import type { ReadoutParts } from '../../../shared/sdk/a/results';
import { estimateExpectation, expectationFromCounts } from '../physics/estimators';
import type { PauliOperator } from '../physics/pauli-operator';
import { ModelCost } from './model-cost';
import { SimulationError } from './prepare-functional';
import { pauliOperatorOf, qtensorExpectation } from '../physics/observables';
import type { StateVector } from '../physics/state-vector';
import type { Evaluation } from './evaluate-b';
import type { ReadableState } from './readable-state';
import { densityOf, elapsedSeconds, ketOf } from './sdk-states';
import { prepareFinalState } from './prepare-functional';
import { sampleMeasured } from './run-context';
import type { RunContext } from './run-context';
import type { Work } from '../work';

export interface ReadoutOutput {
  /** `!ReadoutCompositeResults`: one result per kind of readout (the SDK's `from_list`: the last wins). */
  composite: SdkMap;
  /** The cost observable, read where the SDK reads it (readouts.ts costSourceOf). */
  cost: number | null;
  /** Whether that cost is a mean over samples (the SDK's cost is then a NumPy scalar). */
  costFromSamples: boolean;
}

/** Whether a sampling readout writes `_` for unmeasured qubits (qilisdk's default: yes). */
function expandsSamples(r: Readout): boolean {
  return (r as { expandSamples?: boolean }).expandSamples !== false;
}

/**
 * Apply Variant A readouts to a prepared state, as qilisdk 0.2.x's backends do, into one
 * `!ReadoutCompositeResults`. A cost, when asked for, is read where qilisdk's cost functions
 * read it (costSourceOf): exactly from the state when a tomography readout gives it, else from
 * the samples (an observable's mean over the counts, a model's over the probabilities).
 */
export function applyReadouts(
  readouts: readonly Readout[],
  state: ReadableState,
  measured: readonly number[],
  ctx: RunContext,
  cost: PauliOperator | ModelCost | null,
): ReadoutOutput {
  const out = applyReadoutsWith(
    readouts,
    state,
    measured,
    ctx,
    cost instanceof ModelCost ? null : cost,
  );
  if (!(cost instanceof ModelCost)) return out;
  const n = state.kind === 'pure' ? state.sv.nqubits : state.dm.nqubits;
  if (costSourceOf(readouts) === 'state') {
    const p = state.kind === 'pure' ? state.sv.probabilities() : state.dm.probabilities();
    return { ...out, cost: cost.fromState(p, n), costFromSamples: false };
  }
  if (!out.sampled)
    throw new SimulationError(
      'the ModelCostFunction has neither a state nor samples to read',
      'The SDK requires a StateTomography or Sampling readout with a ModelCostFunction: add one to the readout.',
    );
  return { ...out, cost: cost.fromProbabilities(out.sampled), costFromSamples: true };
}

function applyReadoutsWith(
  readouts: readonly Readout[],
  state: ReadableState,
  measured: readonly number[],
  ctx: RunContext,
  costOp: PauliOperator | null,
): ReadoutOutput & { sampled?: ReadonlyArray<readonly [string, number]> } {
  const n = state.kind === 'pure' ? state.sv.nqubits : state.dm.nqubits;
  const exactTerm =
    (op: PauliOperator) =>
    (k: number): number =>
      state.kind === 'pure'
        ? op.termExpectation(k, state.sv.re, state.sv.im)
        : op.termTraceWithDensity(k, state.dm.re, state.dm.im, n);
  let cost: number | null = null;
  const source = costSourceOf(readouts);
  if (costOp && source === null)
    throw new SimulationError(
      'ObservableCostFunction requires either a StateTomography or Sampling readout in the results',
      'The SDK reads the cost from the final state or from samples: add !StateTomographyReadout {method: exact} (exact) or a !SamplingReadout.',
    );
  const costFromSamples = source === 'samples';
  const parts: { -readonly [K in keyof ReadoutParts]: ReadoutParts[K] } = {};
  // The last sampling readout's probabilities (the SDK's `from_list`: the last wins).
  let sampled: ReadonlyArray<readonly [string, number]> | undefined;
  readouts.forEach((r) => {
    if (r.kind === 'sampling') {
      const probabilities =
        state.kind === 'pure' ? state.sv.probabilities() : state.dm.probabilities();
      const set = sampleMeasured(ctx, probabilities, measured, r.nshots);
      if (costOp && source === 'samples' && cost === null)
        cost = expectationFromCounts(costOp, set.counts, measured);
      const table = samplingFromCounts([...set.samples], measured, n, expandsSamples(r));
      parts.sampling = samplingReadoutResult(table.samples, table.probabilities);
      sampled = table.probabilities;
      return;
    }
    const shots = (nshots: number) =>
      nshots > 0 ? { nshots, rng: ctx.rng, readoutErrors: ctx.readoutErrorsByQubit(n) } : null;
    if (r.kind === 'expectation') {
      const values = r.observables.map((o) => {
        if (o.kind === 'qtensor') {
          // A matrix observable is read off the state exactly (no shot noise is drawn for it).
          const pure = state.kind === 'pure' ? state.sv : state.dm.toPure();
          if (!pure) {
            return r.ref.fail({
              subject: '!ExpectationReadout',
              problem:
                'a !QTensor observable of a mixed state (after qubit resets) is not supported by the simulator',
            });
          }
          return qtensorExpectation(o, pure.re, pure.im, n);
        }
        const op = pauliOperatorOf(o);
        return estimateExpectation(op, exactTerm(op), shots(r.nshots));
      });
      parts.expectationValues = expectationReadoutResult(values, r.nshots);
      return;
    }
    // State tomography: the ket of a pure state, the density matrix of a mixed one (the SDK's
    // QTensor holds either; a reservoir's state is a density matrix).
    if (state.kind === 'pure') {
      if (costOp && source === 'state') cost = costOp.expectation(state.sv.re, state.sv.im);
      parts.stateTomography = stateTomographyReadoutResult(ketOf(state.sv));
      return;
    }
    if (costOp && source === 'state') cost = state.dm.expectation(costOp);
    parts.stateTomography = stateTomographyReadoutResult(densityOf(state.dm));
  });
  return { composite: readoutCompositeResults(parts), cost, costFromSamples, sampled };
}

/**
 * `!DigitalPropagation` / `!AnalogEvolution` → `!FunctionalResult` through the readouts. An
 * analog evolution that stores intermediate results gets one `!ReadoutCompositeResults` per
 * time of its grid (t = 0 and T included), as QiliSim returns them; `_execution_time` is the
 * wall-clock time this run took.
 */
export async function evaluateFunctionalA(
  f: DigitalFunctional | EvolutionFunctional,
  readouts: readonly Readout[],
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | ModelCost | null,
): Promise<Evaluation> {
  const started = performance.now();
  const measured =
    f.kind === 'digital' ? f.circuit.measured : Array.from({ length: f.nqubits }, (_, q) => q);
  const intermediate: SdkMap[] = [];
  const record =
    f.kind === 'analog' && f.storeIntermediate
      ? (_i: number, _t: number, state: StateVector) =>
          intermediate.push(
            applyReadouts(readouts, { kind: 'pure', sv: state }, measured, ctx, null).composite,
          )
      : undefined;
  const sv = await prepareFinalState(f, values, ctx, work, record);
  const out = applyReadouts(readouts, { kind: 'pure', sv }, measured, ctx, costOp);
  return {
    result: functionalResult(out.composite, intermediate, elapsedSeconds(started)),
    cost: out.cost,
    costFromSamples: out.costFromSamples,
  };
}
