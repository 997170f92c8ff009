import type { Observable } from '../../dialect/observable';
import type { PauliSum } from '../../dialect/pauli-expression';
import { NotYetInPython } from './not-yet';
import { pythonFloatRepr } from '../yaml';
import { pyNumLiteral } from './python-text';
import { qtensorObservablePython } from './qtensor';

/*
 * A Pauli sum as qilisdk Python (0.1.6 and 0.2.1.post1 alike): src/qilisdk/analog/__init__.py
 * exports `X`, `Y`, `Z`, `I` (src/qilisdk/analog/hamiltonian.py: `def Z(qubit: int) ->
 * Hamiltonian`, `def I(qubit=0)`), which multiply and add with each other and with numbers (`PauliOperator.__mul__`, `__rmul__`, `__add__`; the same on
 * `Hamiltonian`). The factors of a term go by ascending qubit, as compile builds them.
 */

/** `used` collects the names of `qilisdk.analog` the text needs. */
export function pauliSumPython(sum: PauliSum, used: Set<string>, where: string): string {
  if (sum.terms.length === 0) throw new NotYetInPython(`an empty Hamiltonian (${where})`);
  return sum.terms
    .map((t, i) => {
      const factors: string[] = [];
      for (let q = 0; q < 31; q++) {
        const x = (t.xMask >>> q) & 1;
        const z = (t.zMask >>> q) & 1;
        if (!x && !z) continue;
        const name = x && z ? 'Y' : x ? 'X' : 'Z';
        used.add(name);
        factors.push(`${name}(${q})`);
      }
      // An identity term: the SDK keys it `(PauliI(0),)`, which `I(0)` makes.
      if (factors.length === 0) {
        used.add('I');
        factors.push('I(0)');
      }
      const c = t.coefficient;
      if (c.kind !== 'const')
        throw new NotYetInPython(`the symbolic parameter ${c.name} (${where})`);
      if (t.imag !== undefined) {
        // The SDK holds every coefficient as a complex: this one is written as one.
        const product = [
          `complex(${pythonFloatRepr(c.value)}, ${pythonFloatRepr(t.imag)})`,
          ...factors,
        ].join(' * ');
        return i === 0 ? product : ` + ${product}`;
      }
      const negative = c.value < 0 || Object.is(c.value, -0);
      const magnitude = pyNumLiteral({ ...c, value: Math.abs(c.value) }, where);
      // A coefficient of 1 (written or implied; the SDK holds it as a complex) is left out.
      const unit = Math.abs(c.value) === 1;
      const product = [...(unit ? [] : [magnitude]), ...factors].join(' * ');
      if (i === 0) return negative ? `-${product}` : product;
      return negative ? ` - ${product}` : ` + ${product}`;
    })
    .join('');
}

/**
 * An observable as a Hamiltonian expression, or (`pauliObjects`: 0.1.6's TimeEvolution) a
 * `!PauliZ` as the operator object `PauliZ(q)` (0.1.6 src/qilisdk/analog/__init__.py exports
 * `PauliI`, `PauliX`, `PauliY`, `PauliZ`; `PauliOperator.__init__(self, qubit)`). Variant A's
 * readouts take no bare operator (compile refuses it), nor does this.
 */
export function observablePython(
  o: Observable,
  used: Set<string>,
  where: string,
  pauliObjects: boolean,
  core?: Set<string>,
): string {
  if (o.kind === 'hamiltonian') return pauliSumPython(o.sum, used, where);
  if (o.kind === 'pauli') {
    if (!pauliObjects)
      throw new NotYetInPython(`a single Pauli operator !Pauli${o.pauli} (${where})`);
    used.add(`Pauli${o.pauli}`);
    return `Pauli${o.pauli}(${o.qubit})`;
  }
  if (!core) throw new NotYetInPython(`a QTensor observable (${where})`);
  core.add('QTensor');
  return qtensorObservablePython(o);
}
