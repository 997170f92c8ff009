import { isMap, isPair } from 'yaml';
import type { VariantId } from '../../variants/declaration';
import type { NodeRef } from '../node-reader';
import type { Observable, PauliLetter, QTensorObservable } from '../observable';
import type { PauliSum, PauliTerm } from '../pauli-expression';
import { readCsr } from './csr';

/*
 * The SDK's observables: `!Hamiltonian` (a `!defaultdict` of `!tuple`s of Pauli operators to
 * `!complex` coefficients, in the dict's order), a single `!PauliZ {_qubit}`, a `!QTensor` over
 * a `!csr_matrix` (0.1.x `{_data, _nqubits}`, 0.2.x `{data}`).
 */

const HAMILTONIAN_KEYS: Readonly<Record<VariantId, readonly string[]>> = {
  B: ['_elements', '_parameters'],
  A: ['_elements', '_parameter_constraints', '_parameters', '_prefix'],
};

const PAULI: Readonly<Record<string, PauliLetter>> = {
  '!PauliX': 'X',
  '!PauliY': 'Y',
  '!PauliZ': 'Z',
  '!PauliI': 'I',
};

export function readSdkObservable(ref: NodeRef, variant: VariantId, what: string): Observable {
  const tag = ref.tag ?? '';
  if (tag === '!Hamiltonian') return { kind: 'hamiltonian', sum: readSdkHamiltonian(ref, variant) };
  const letter = PAULI[tag];
  if (letter) {
    const [pauli, qubit] = readPauli(ref);
    return { kind: 'pauli', pauli, qubit, ref };
  }
  if (tag === '!QTensor') return readSdkQTensor(ref, variant);
  ref.checkTag(what);
  return ref.fail({
    subject: what,
    problem: `expected a !Hamiltonian, a Pauli operator or a !QTensor, found ${ref.describe()}`,
  });
}

function readPauli(ref: NodeRef): [PauliLetter, number] {
  const tag = ref.tag ?? '';
  const letter = PAULI[tag];
  if (!letter)
    return ref.fail({
      subject: 'Pauli operator',
      problem: `expected !PauliX, !PauliY, !PauliZ or !PauliI, found ${ref.describe()}`,
    });
  const f = ref.mapping({ tags: [tag], what: tag, required: ['_qubit'] });
  return [letter, f.req('_qubit').integer(`${tag} _qubit`, 0)];
}

/** A Hamiltonian's terms in its dict's order; a coefficient's zero imaginary part is dropped. */
export function readSdkHamiltonian(ref: NodeRef, variant: VariantId): PauliSum {
  const what = '!Hamiltonian';
  const f = ref.mapping({ tags: [what], what, required: HAMILTONIAN_KEYS[variant] });
  const dict = f.req('_elements');
  const d = dict.mapping({
    tags: ['!defaultdict'],
    what: '!defaultdict',
    required: ['default_factory', 'items'],
  });
  const factory = d.req('default_factory').string('default_factory');
  if (factory !== 'builtins.complex')
    d.req('default_factory').fail({
      subject: what,
      problem: `the coefficients' default is ${factory}, not builtins.complex`,
    });
  const items = d.req('items');
  if (!isMap(items.node))
    return items.fail({ subject: what, problem: 'expected the terms as a mapping' });
  const terms: PauliTerm[] = [];
  for (const pair of items.node.items) {
    if (!isPair(pair)) continue;
    const key = items.child(pair.key, items.path);
    const value = items.child(pair.value, `${items.path}[${terms.length}]`);
    if (key.tag !== '!tuple')
      key.fail({
        subject: what,
        problem: `a term is a !tuple of Pauli operators, found ${key.describe()}`,
      });
    let xMask = 0;
    let zMask = 0;
    let nY = 0;
    const factors: string[] = [];
    for (const op of key.items('Pauli operators')) {
      const [letter, qubit] = readPauli(op);
      if (qubit > 30)
        op.fail({ subject: what, problem: `qubit index ${qubit} is too large (at most 30)` });
      if (letter === 'I') continue;
      const bit = 1 << qubit;
      if ((xMask | zMask) & bit)
        op.fail({ subject: what, problem: `qubit ${qubit} appears twice in one term` });
      if (letter !== 'Z') xMask |= bit;
      if (letter !== 'X') zMask |= bit;
      if (letter === 'Y') nY++;
      factors.push(`${letter}${qubit}`);
    }
    if (value.tag !== '!complex')
      value.fail({
        subject: what,
        problem: `the simulator reads !complex coefficients here, found ${value.describe()}`,
      });
    const z = value.complex('coefficient');
    terms.push({
      coefficient: { kind: 'const', value: z.re },
      ...(z.im === 0 && !Object.is(z.im, -0) ? {} : { imag: z.im }),
      xMask,
      zMask,
      nY,
      factors: factors.join(' '),
    });
  }
  let maxQubit = -1;
  for (const t of terms) {
    const mask = t.xMask | t.zMask;
    if (mask !== 0) maxQubit = Math.max(maxQubit, 31 - Math.clz32(mask));
  }
  return { terms, maxQubit, ref };
}

/** A `!QTensor` observable: its `!csr_matrix` made dense (a square matrix of 2^n rows). */
function readSdkQTensor(ref: NodeRef, variant: VariantId): QTensorObservable {
  const what = '!QTensor';
  const f =
    variant === 'B'
      ? ref.mapping({ tags: [what], what, required: ['_data', '_nqubits'] })
      : ref.mapping({ tags: [what], what, required: ['data'] });
  const m = readCsr(f.req(variant === 'B' ? '_data' : 'data'), what);
  const size = m.rows;
  if (m.cols !== size || !Number.isInteger(Math.log2(size)) || size < 2)
    f.req(variant === 'B' ? '_data' : 'data').fail({
      subject: what,
      problem: `an observable is a 2^n × 2^n matrix, found shape (${m.rows}, ${m.cols})`,
    });
  const { re, im, dtype } = m;
  if (variant === 'B') {
    const n = f.req('_nqubits').integer('_nqubits', 0);
    if (2 ** n !== size)
      f.req('_nqubits').fail({ subject: what, problem: `_nqubits ${n} does not match the shape` });
  }
  return { kind: 'qtensor', size, re, im, dtype, ref };
}
