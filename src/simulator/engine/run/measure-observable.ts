import type { Observable } from '../../../shared/dialect/observable';
import { observableRef } from '../../../shared/dialect/observable';
import { estimateExpectation } from '../physics/estimators';
import type { ShotModel } from '../physics/estimators';
import { pauliOperatorOf, qtensorExpectation } from '../physics/observables';
import type { PauliOperator } from '../physics/pauli-operator';
import type { ReadableState } from './readable-state';
import { SimulationError } from './prepare-functional';

/** The exact value of one Pauli term of `op` in a pure or mixed state. */
export function exactTermOf(op: PauliOperator, state: ReadableState): (k: number) => number {
  if (state.kind === 'pure') return (k) => op.termExpectation(k, state.sv.re, state.sv.im);
  const { dm } = state;
  return (k) => op.termTraceWithDensity(k, dm.re, dm.im, dm.nqubits);
}

/**
 * ⟨O⟩ of an observable of any of the SDK's kinds: a Hamiltonian or Pauli operator term by term
 * (with shot noise when `shots` says so), a QTensor matrix exactly (on a pure state).
 */
export function measureObservable(
  o: Observable,
  state: ReadableState,
  shots: ShotModel | null,
): number {
  if (o.kind === 'qtensor') {
    const pure = state.kind === 'pure' ? state.sv : state.dm.toPure();
    if (!pure)
      throw new SimulationError(
        `observable at ${observableRef(o).path}: a !QTensor observable of a mixed state is not supported by the simulator`,
        'Write the observable as a Pauli expression, or start from a pure state.',
      );
    return qtensorExpectation(o, pure.re, pure.im, pure.nqubits);
  }
  return measureOperator(pauliOperatorOf(o), state, shots);
}

/** ⟨op⟩, exactly or with shot noise per term. */
export function measureOperator(
  op: PauliOperator,
  state: ReadableState,
  shots: ShotModel | null,
): number {
  if (!shots)
    return state.kind === 'pure'
      ? op.expectation(state.sv.re, state.sv.im)
      : state.dm.expectation(op);
  return estimateExpectation(op, exactTermOf(op, state), shots);
}
