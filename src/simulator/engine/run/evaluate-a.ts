import type { DigitalFunctional, EvolutionFunctional } from '../../../shared/dialect/functionals';
import type { ParamValues } from '../../../shared/dialect/numbers';
import type { Readout } from '../../../shared/dialect/readouts';
import type { DensityMatrix } from '../physics/density-matrix';
import { estimateExpectation, expectationFromCounts } from '../physics/estimators';
import type { PauliOperator } from '../physics/pauli-operator';
import { pauliOperatorOf, qtensorExpectation } from '../physics/observables';
import type { StateVector } from '../physics/state-vector';
import { Tagged } from '../results/tagged-yaml';
import type { YValue } from '../results/tagged-yaml';
import type { Evaluation } from './evaluate-b';
import { amplitudes } from './evaluate-b';
import { prepareFinalState } from './prepare-functional';
import { sampleMeasured } from './run-context';
import type { RunContext } from './run-context';
import type { Work } from './work';

export type ReadableState =
  { kind: 'pure'; sv: StateVector } | { kind: 'mixed'; dm: DensityMatrix };

export interface ReadoutOutput {
  results: Tagged[];
  /** The cost observable read the way the first readout reads the state. */
  cost: number | null;
}

/**
 * Apply Variant A readouts to a prepared state. A cost, when asked for, is measured like the
 * first readout: from its samples, with its shots, or exactly for tomography.
 */
export function applyReadouts(
  readouts: readonly Readout[],
  state: ReadableState,
  measured: readonly number[],
  ctx: RunContext,
  costOp: PauliOperator | null,
): ReadoutOutput {
  const n = state.kind === 'pure' ? state.sv.nqubits : state.dm.nqubits;
  const exactTerm =
    (op: PauliOperator) =>
    (k: number): number =>
      state.kind === 'pure'
        ? op.termExpectation(k, state.sv.re, state.sv.im)
        : op.termTraceWithDensity(k, state.dm.re, state.dm.im, n);
  let cost: number | null = null;
  const results = readouts.map((r, index) => {
    if (r.kind === 'sampling') {
      const probabilities =
        state.kind === 'pure' ? state.sv.probabilities() : state.dm.probabilities();
      const set = sampleMeasured(ctx, probabilities, measured, r.nshots);
      if (index === 0 && costOp) cost = expectationFromCounts(costOp, set.counts, measured);
      const frequencies = new Map(
        [...set.samples].map(([bits, count]) => [bits, count / r.nshots]),
      );
      return new Tagged('!SamplingReadoutResult', {
        samples: set.samples,
        probabilities: frequencies,
      });
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
      if (index === 0 && costOp)
        cost = estimateExpectation(costOp, exactTerm(costOp), shots(r.nshots));
      return new Tagged('!ExpectationReadoutResult', {
        expectation_values: values,
        nshots: r.nshots,
      });
    }
    const pure = state.kind === 'pure' ? state.sv : state.dm.toPure();
    if (!pure) {
      const purity = state.kind === 'mixed' ? state.dm.purity() : 1;
      return r.ref.fail({
        subject: '!StateTomographyReadout',
        problem: `the state is mixed (purity ${purity.toFixed(6)}) after qubit resets; a state vector cannot describe it`,
        hint: 'use an !ExpectationReadout or a !SamplingReadout, or leave qubits_to_reset empty',
      });
    }
    if (index === 0 && costOp) cost = costOp.expectation(pure.re, pure.im);
    return new Tagged('!StateTomographyReadoutResult', { state: amplitudes(pure) });
  });
  return { results, cost };
}

/** `!DigitalPropagation` / `!AnalogEvolution` → `!FunctionalResult` through the readouts. */
export async function evaluateFunctionalA(
  f: DigitalFunctional | EvolutionFunctional,
  readouts: readonly Readout[],
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | null,
): Promise<Evaluation> {
  const sv = await prepareFinalState(f, values, ctx, work);
  const measured =
    f.kind === 'digital' ? f.circuit.measured : Array.from({ length: f.nqubits }, (_, q) => q);
  const out = applyReadouts(readouts, { kind: 'pure', sv }, measured, ctx, costOp);
  return { result: functionalResult(out.results, []), cost: out.cost };
}

export function functionalResult(readoutResults: Tagged[], intermediate: YValue[]): Tagged {
  return new Tagged('!FunctionalResult', {
    readout_results: readoutResults,
    intermediate_results: intermediate,
  });
}
