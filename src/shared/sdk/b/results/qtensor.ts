import type { SdkMap } from '../../node';
import { sdkInt, sdkMap } from '../../node';
import type { DenseState } from '../../results/data';
import { complexCsrMatrix } from '../../results/data';

/**
 * qilisdk 0.1.6 `QTensor(data)` (`core/qtensor.py`): `_data` the state as a `!csr_matrix`,
 * `_nqubits` log2 of its size (a ket is 2^n × 1, a density matrix 2^n × 2^n).
 */
export function qtensor(state: DenseState): SdkMap {
  const size = state.rows === 1 ? state.cols : state.rows;
  const nqubits = Math.log2(size);
  if (
    !Number.isInteger(nqubits) ||
    (state.rows !== state.cols && state.cols !== 1 && state.rows !== 1)
  )
    throw new RangeError(`QTensor: a ${state.rows}×${state.cols} matrix is not a qubit state`);
  return sdkMap(
    [
      ['_data', complexCsrMatrix(state.re, state.im, state.rows, state.cols)],
      ['_nqubits', sdkInt(nqubits)],
    ],
    '!QTensor',
  );
}
