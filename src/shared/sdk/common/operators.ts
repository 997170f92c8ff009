import type { SdkMap, SdkNode } from '../node';
import { sdkInt, sdkMap, sdkStr } from '../node';
import type { Complex } from '../numeric/complex';
import { abs, add, complex } from '../numeric/complex';
import {
  complexNode,
  intTuple,
  PyObject,
  pyDict,
  pyList,
  pyTuple,
  pyNumber,
} from '../python/values';
import type { VariantId } from '../../variants/declaration';

/*
 * The SDK's operators, alike in 0.1.6 and 0.2.x but for the Parameterizable bookkeeping 0.2.x
 * adds to a Hamiltonian (`_parameter_constraints`, `_prefix`): Pauli operators, `Hamiltonian`
 * and `QTensor` (0.1.x `{_data, _nqubits}`, 0.2.x `{data}`).
 */

export type PauliName = 'X' | 'Y' | 'Z' | 'I';

/**
 * The Pauli operator objects of one YAML string. The SDK's factories `X(q)`, `Z(q)`… hand out
 * one cached object per (name, qubit) (`_get_pauli`), and products keep those objects, so a
 * Hamiltonian written with them refers to `Z0` once however many terms hold it; the writer
 * anchors it. An identity term's key is a fresh `PauliI(0)` (`elements[PauliI(0),] += …`).
 */
export class PauliCache {
  private readonly ops = new Map<string, SdkMap>();

  get(name: PauliName, qubit: number): SdkMap {
    const key = `${name}${qubit}`;
    let op = this.ops.get(key);
    if (!op) {
      op = pauliNode(name, qubit);
      this.ops.set(key, op);
    }
    return op;
  }
}

/** `PauliZ(q)` built directly (a new object). */
export function pauliNode(name: PauliName, qubit: number): SdkMap {
  return new PyObject(`!Pauli${name}`).set('_qubit', sdkInt(qubit)).node;
}

/** One term as the SDK keys it: its Pauli factors (any order) and its coefficient. */
export interface HamiltonianTerm {
  factors: ReadonlyArray<readonly [PauliName, number]>;
  coefficient: Complex;
}

const EPS = 1e-14;

/**
 * `Hamiltonian(elements)` as the SDK's arithmetic leaves it: each term's factors sorted by qubit
 * (a product sorts them), a repeated key summed into its first place (`elements[key] += c`, from
 * `complex()`), near-zero coefficients dropped (`simplify`), the identity keyed `(PauliI(0),)`.
 */
export function hamiltonianNode(
  variant: VariantId,
  terms: readonly HamiltonianTerm[],
  paulis: PauliCache,
): SdkMap {
  const keys: string[] = [];
  const sums = new Map<string, { ops: SdkNode[]; c: Complex }>();
  for (const t of terms) {
    const factors = [...t.factors].filter(([n]) => n !== 'I').sort((a, b) => a[1] - b[1]);
    const id = factors.map(([n, q]) => `${n}${q}`).join(' ');
    const existing = sums.get(id);
    if (existing) {
      existing.c = add(existing.c, t.coefficient);
      continue;
    }
    const ops =
      factors.length === 0 ? [pauliNode('I', 0)] : factors.map(([n, q]) => paulis.get(n, q));
    keys.push(id);
    sums.set(id, { ops, c: add(complex(0, 0), t.coefficient) });
  }
  const items = keys
    .map((id) => sums.get(id)!)
    .filter((e) => !(abs(e.c) < EPS))
    .map((e) => [pyTuple(e.ops), complexNode(e.c)] as const);
  const elements = sdkMap(
    [
      ['default_factory', sdkStr('builtins.complex')],
      ['items', sdkMap(items)],
    ],
    '!defaultdict',
  );
  const o = new PyObject('!Hamiltonian');
  if (variant === 'A')
    o.set('_parameters', pyDict())
      .set('_parameter_constraints', pyList([]))
      .set('_prefix', sdkStr(''));
  else o.set('_parameters', pyDict());
  return o.set('_elements', elements).node;
}

export type QTensorDtype = 'complex128' | 'float64' | 'int64';

/**
 * `QTensor(np.array(rows, dtype))`: the matrix kept as `csr_matrix(data)`, which stores the
 * non-zero entries row by row (`data`, `indices`, `indptr`, `shape`).
 */
export function qtensorNode(
  variant: VariantId,
  size: number,
  re: readonly number[],
  im: readonly number[],
  dtype: QTensorDtype,
): SdkMap {
  const data: SdkNode[] = [];
  const indices: SdkNode[] = [];
  const indptr: SdkNode[] = [sdkInt(0)];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const k = r * size + c;
      if (re[k] === 0 && im[k] === 0) continue;
      data.push(
        dtype === 'complex128'
          ? complexNode(complex(re[k]!, im[k]!))
          : pyNumber(dtype === 'int64' ? BigInt(re[k]!) : re[k]!),
      );
      indices.push(sdkInt(c));
    }
    indptr.push(sdkInt(data.length));
  }
  const csr = sdkMap(
    [
      ['data', pyList(data)],
      ['indices', pyList(indices)],
      ['indptr', pyList(indptr)],
      ['shape', intTuple([size, size])],
    ],
    '!csr_matrix',
  );
  const o = new PyObject('!QTensor');
  if (variant === 'A') o.set('data', csr);
  else o.set('_data', csr).set('_nqubits', sdkInt(Math.log2(size)));
  return o.node;
}
