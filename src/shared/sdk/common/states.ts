import type { SdkMap, SdkNode } from '../node';
import { sdkInt, sdkMap } from '../node';
import { complex } from '../numeric/complex';
import { complexNode, intTuple, PyObject, pyList, pyNumber } from '../python/values';
import type { VariantId } from '../../variants/declaration';

/*
 * The SDK's states: a `QTensor` ket, `QTensor(np.array(column))` stored as `csr_matrix` of shape
 * (2^n, 1) (0.1.x `{_data, _nqubits}`, 0.2.x `{data}`). A density matrix is a square QTensor
 * (`qtensorNode` in operators.ts).
 */

export type StateDtype = 'complex128' | 'float64';

/** A ket of amplitudes in bitstring order, its zero entries left out as csr_matrix does. */
export function ketNode(
  variant: VariantId,
  re: readonly number[],
  im: readonly number[],
  dtype: StateDtype,
): SdkMap {
  const data: SdkNode[] = [];
  const indices: SdkNode[] = [];
  const indptr: SdkNode[] = [sdkInt(0)];
  for (let k = 0; k < re.length; k++) {
    if (re[k] !== 0 || im[k] !== 0) {
      data.push(dtype === 'complex128' ? complexNode(complex(re[k]!, im[k]!)) : pyNumber(re[k]!));
      indices.push(sdkInt(0));
    }
    indptr.push(sdkInt(data.length));
  }
  const csr = sdkMap(
    [
      ['data', pyList(data)],
      ['indices', pyList(indices)],
      ['indptr', pyList(indptr)],
      ['shape', intTuple([re.length, 1])],
    ],
    '!csr_matrix',
  );
  const o = new PyObject('!QTensor');
  if (variant === 'A') o.set('data', csr);
  else o.set('_data', csr).set('_nqubits', sdkInt(Math.log2(re.length)));
  return o.node;
}

/** `1/np.sqrt(2)`: what `(ket(0) + ket(1)).unit()` holds. */
const HALF_ROOT = 1 / Math.sqrt(2);
const QUBIT: Readonly<Record<string, readonly [number, number]>> = {
  '0': [1, 0],
  '1': [0, 1],
  '+': [HALF_ROOT, HALF_ROOT],
  '-': [HALF_ROOT, -HALF_ROOT],
};

/**
 * A product state, one of `0 1 + -` per qubit (qubit 0 first), as `tensor_prod` of the one-qubit
 * kets makes it: amplitudes multiplied left to right (`ket(0, 1)` is one float 1.0).
 */
export function productAmplitudes(perQubit: string): number[] {
  let amps = [1];
  for (const ch of perQubit) {
    const [a0, a1] = QUBIT[ch]!;
    amps = amps.flatMap((a) => [a * a0, a * a1]);
  }
  return amps;
}
