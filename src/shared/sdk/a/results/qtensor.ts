import type { SdkMap } from '../../node';
import { sdkMap } from '../../node';
import type { DenseState } from '../../results/data';
import { complexCsrMatrix } from '../../results/data';

/**
 * qilisdk 0.2.x `QTensor` as it serializes (`core/qtensor.py` `__getstate__`): `{data}`, the
 * state as a `!csr_matrix` (the C++ tensor keeps nothing else).
 */
export function qtensor(state: DenseState): SdkMap {
  const size = state.rows === 1 ? state.cols : state.rows;
  if (!Number.isInteger(Math.log2(size)))
    throw new RangeError(`QTensor: a ${state.rows}×${state.cols} matrix is not a qubit state`);
  return sdkMap(
    [['data', complexCsrMatrix(state.re, state.im, state.rows, state.cols)]],
    '!QTensor',
  );
}
