import type { InitialState } from '../../dialect/initial-state';
import type { QTensorObservable } from '../../dialect/observable';
import { pythonFloatRepr } from '../yaml';

/*
 * A state given entry by entry as qilisdk Python (0.1.6 and 0.2.1.post1 alike):
 * src/qilisdk/core/qtensor.py: `QTensor(data)`, a ket a column of 2^n rows, a density matrix
 * 2^n × 2^n, stored with the array's dtype. As compile writes them (compile/states.ts): the
 * amplitudes or the matrix in bitstring order (qubit 0 most significant), with the dtype the
 * document gave (`float64` for real entries as `ket(...)` makes them in 0.1.x, `complex128` for
 * `!complex` entries or the SDK's complex QTensor).
 */

function entry(re: number, im: number, dtype: 'complex128' | 'float64' | 'int64'): string {
  if (dtype === 'int64') return String(re);
  if (dtype === 'float64' || Object.is(im, 0)) return pythonFloatRepr(re);
  return `complex(${pythonFloatRepr(re)}, ${pythonFloatRepr(im)})`;
}

/** `QTensor(np.array(...))` of an amplitude list or a density matrix, or null for other states. */
export function qtensorOfEntries(initial: InitialState): string | null {
  if (initial.kind !== 'amplitudes' && initial.kind !== 'density') return null;
  const { re, im, dtype } = initial;
  const dtypeArg = `, dtype=np.${dtype}`;
  if (initial.kind === 'amplitudes') {
    const rows = re.map((r, k) => `[${entry(r, im[k] ?? 0, dtype)}]`);
    return `QTensor(np.array([${rows.join(', ')}]${dtypeArg}))`;
  }
  return squareQTensor(2 ** initial.nqubits, re, im, dtype);
}

function squareQTensor(
  n: number,
  re: readonly number[],
  im: readonly number[],
  dtype: 'complex128' | 'float64' | 'int64',
): string {
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `[${re
        .slice(i * n, (i + 1) * n)
        .map((r, j) => entry(r, im[i * n + j] ?? 0, dtype))
        .join(', ')}]`,
  );
  return `QTensor(np.array([${rows.join(', ')}], dtype=np.${dtype}))`;
}

/** A QTensor observable (a square matrix, row-major) with the dtype the SDK stores it in. */
export function qtensorObservablePython(o: QTensorObservable): string {
  return squareQTensor(o.size, o.re, o.im, o.dtype);
}
