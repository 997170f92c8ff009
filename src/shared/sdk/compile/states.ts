import type { SdkNode } from '../node';
import { qtensorNode } from '../common/operators';
import { ketNode, productAmplitudes } from '../common/states';
import type { VariantId } from '../../variants/declaration';
import type { InitialState } from '../../dialect/initial-state';
import { CompileProblem } from './gate-factory';

/**
 * An initial state of the model as the SDK's object: a ket or density-matrix `QTensor`; none
 * written is |0…0⟩ (`ket(0, …, 0)`), which the SDK's evolutions need spelled out.
 */
export function initialStateNode(
  variant: VariantId,
  initial: InitialState | null,
  nqubits: number,
): SdkNode {
  // `ket(...)` is float64 in 0.1.x, complex128 in 0.2.x.
  const ket = variant === 'B' ? 'float64' : 'complex128';
  if (!initial)
    return ketNode(variant, productAmplitudes('0'.repeat(nqubits)), zeros(nqubits), ket);
  switch (initial.kind) {
    case 'product':
      return ketNode(variant, productAmplitudes(initial.perQubit), zeros(initial.nqubits), ket);
    case 'amplitudes':
      return ketNode(variant, initial.re, initial.im, initial.dtype);
    case 'density':
      return qtensorNode(variant, 2 ** initial.nqubits, initial.re, initial.im, initial.dtype);
    case 'named':
      throw new CompileProblem(
        `the SDK's InitialState.${initial.name.toUpperCase()} is qilisdk 0.2.x's; write the state out for Variant ${variant}`,
        initial.ref,
      );
  }
}

function zeros(nqubits: number): number[] {
  return new Array<number>(2 ** nqubits).fill(0);
}
