import type { SdkNode } from '../node';
import type { HamiltonianTerm, PauliName, PauliCache } from '../common/operators';
import { hamiltonianNode, pauliNode, qtensorNode } from '../common/operators';
import type { VariantId } from '../../variants/declaration';
import type { Observable } from '../../dialect/observable';
import type { PauliSum } from '../../dialect/pauli-expression';
import { CompileProblem } from './gate-factory';

/** A model Pauli sum's terms as the SDK keys them (the factors come from the masks). */
export function hamiltonianTerms(sum: PauliSum): HamiltonianTerm[] {
  return sum.terms.map((t) => {
    if (t.coefficient.kind !== 'const')
      throw new CompileProblem(
        'a !Parameter coefficient in an observable is not compiled yet',
        sum.ref,
      );
    const factors: Array<readonly [PauliName, number]> = [];
    for (let q = 0; q < 31; q++) {
      const x = (t.xMask >>> q) & 1;
      const z = (t.zMask >>> q) & 1;
      if (x || z) factors.push([x && z ? 'Y' : x ? 'X' : 'Z', q]);
    }
    return { factors, coefficient: { re: t.coefficient.value, im: t.imag ?? 0 } };
  });
}

/**
 * An observable as the SDK object of its kind. Variant A's `ExpectationReadout` takes only
 * Hamiltonians and QTensors (`allowPauli: false`): the SDK refuses a bare `PauliZ(1)` there.
 */
export function observableNode(
  variant: VariantId,
  o: Observable,
  paulis: PauliCache,
  allowPauli: boolean,
): SdkNode {
  switch (o.kind) {
    case 'hamiltonian':
      return hamiltonianNode(variant, hamiltonianTerms(o.sum), paulis);
    case 'pauli':
      if (!allowPauli)
        throw new CompileProblem(
          `the SDK's ExpectationReadout takes Hamiltonians and QTensors, not a single Pauli operator: write "${o.pauli}${o.qubit}" instead of !Pauli${o.pauli}`,
          o.ref,
        );
      return o.pauli === 'I' ? pauliNode('I', o.qubit) : paulis.get(o.pauli, o.qubit);
    case 'qtensor':
      return qtensorNode(variant, o.size, o.re, o.im, o.dtype);
  }
}
