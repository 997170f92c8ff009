import type { InitialState } from '../../dialect/initial-state';

/*
 * A basis state as the SDK's user writes it at 0.2.1.post1 and main: `ket(0, 1)` from
 * qilisdk.core (src/qilisdk/core/__init__.py exports `ket`; src/qilisdk/core/qtensor.py:
 * `ket(*state)` is `QTensor.ket(*state)`, `QTensor(QTensorCpp.ket_python(state))`, a column of
 * 2^n complex entries with a single 1 at the bitstring's row, qubit 0 leftmost). The corpus's
 * `ket(0)` and `ket(0, 1)` (cases.md) are serialized so: one `!complex` 1.0 in a csr column at
 * row 0 and row 1. Only a complex128 amplitude list is one: a float64 list is another QTensor.
 */

/** `ket(b0, b1, ...)` for a complex basis state given amplitude by amplitude, else null. */
export function basisKetPython(initial: InitialState | null): string | null {
  if (initial?.kind !== 'amplitudes' || initial.dtype !== 'complex128') return null;
  const { re, im, nqubits } = initial;
  if (nqubits < 1 || re.length !== 2 ** nqubits) return null;
  let one = -1;
  for (let k = 0; k < re.length; k++) {
    if (!Object.is(im[k] ?? 0, 0)) return null;
    if (re[k] === 1 && one < 0) one = k;
    else if (!Object.is(re[k], 0)) return null;
  }
  if (one < 0) return null;
  const bits = one.toString(2).padStart(nqubits, '0').split('');
  return `ket(${bits.join(', ')})`;
}
