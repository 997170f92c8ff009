import { describe, expect, it } from 'vitest';
import type { InitialState } from '../../../../src/shared/dialect/initial-state';
import { basisKetPython } from '../../../../src/shared/sdk/python-script/basis-ket';

/*
 * A basis state as `ket(...)` (qilisdk.core at 0.2.1.post1 and main): the corpus's `ket(0)` and
 * `ket(0, 1)` (cases.md) are serialized as a complex column with a single 1.0 at row 0 and at
 * row 1 (a_ae_linear_one_qubit, a_ae_linear_two_qubit), qubit 0 leftmost.
 */

function amplitudes(re: number[], dtype: 'complex128' | 'float64' = 'complex128', im?: number[]) {
  return {
    kind: 'amplitudes',
    nqubits: Math.log2(re.length),
    re,
    im: im ?? re.map(() => 0),
    dtype,
  } as unknown as InitialState;
}

describe('basisKetPython', () => {
  it.each([
    [[1, 0], 'ket(0)'],
    [[0, 1, 0, 0], 'ket(0, 1)'],
    [[0, 0, 1, 0], 'ket(1, 0)'],
    [[0, 0, 0, 0, 0, 0, 0, 1], 'ket(1, 1, 1)'],
  ])('%j is %s', (re, ket) => {
    expect(basisKetPython(amplitudes(re))).toBe(ket);
  });

  it.each([
    ['float64 entries (another QTensor than ket makes)', amplitudes([1, 0], 'float64')],
    ['two non-zero amplitudes', amplitudes([0.6, 0.8])],
    ['two ones', amplitudes([1, 1, 0, 0])],
    ['an imaginary part', amplitudes([1, 0], 'complex128', [0, 0.5])],
    ['an amplitude -0.0 (the SDK keeps its sign)', amplitudes([1, -0])],
    ['a phase (-1)', amplitudes([0, -1])],
    ['no amplitude at all', amplitudes([0, 0])],
  ])('%s is not a ket', (_what, state) => {
    expect(basisKetPython(state)).toBeNull();
  });

  it('a product, named or density state is not one either', () => {
    const product = { kind: 'product', nqubits: 1, perQubit: '0' } as unknown as InitialState;
    expect(basisKetPython(product)).toBeNull();
    expect(basisKetPython(null)).toBeNull();
  });
});
