import type { NodeRef } from './node-reader';
import type { ParamTable } from './numbers';
import { complexFromText, readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import { readSdkObservable } from './sdk-form/observables';
import { hasKey, isSdkForm } from './sdk-form/dispatch';
import type { ParseContext } from './parse-context';

/**
 * What an expectation value is taken of, in the three kinds the SDK has: a `Hamiltonian` (a sum
 * of Pauli strings: the friendly "0.5 Z0 Z1 + X0"), a single Pauli operator (`PauliZ(1)`), or a
 * matrix (`QTensor`). Compile keeps the kind: the SDK treats them differently.
 */
export type Observable =
  | { kind: 'hamiltonian'; sum: PauliSum }
  | { kind: 'pauli'; pauli: PauliLetter; qubit: number; ref: NodeRef }
  | QTensorObservable;

export type PauliLetter = 'X' | 'Y' | 'Z' | 'I';

export type QTensorDtype = 'complex128' | 'float64' | 'int64';

/** A square matrix on the first log2(size) qubits (qubit 0 most significant), row-major. */
export interface QTensorObservable {
  kind: 'qtensor';
  size: number;
  re: number[];
  im: number[];
  /** How the SDK stores its entries (`complex128` unless written otherwise). */
  dtype: QTensorDtype;
  ref: NodeRef;
}

export function observableRef(o: Observable): NodeRef {
  return o.kind === 'hamiltonian' ? o.sum.ref : o.ref;
}

/** The highest qubit the observable acts on (-1: identity only). */
export function observableMaxQubit(o: Observable): number {
  switch (o.kind) {
    case 'hamiltonian':
      return o.sum.maxQubit;
    case 'pauli':
      return o.pauli === 'I' ? -1 : o.qubit;
    case 'qtensor':
      return Math.log2(o.size) - 1;
  }
}

const PAULI_TAGS: Readonly<Record<string, PauliLetter>> = {
  '!PauliX': 'X',
  '!PauliY': 'Y',
  '!PauliZ': 'Z',
  '!PauliI': 'I',
};

/** One observable: a Pauli expression, `!PauliZ {qubit}`, `!QTensor {matrix}`, or its SDK form. */
export function readObservable(
  ref: NodeRef,
  what: string,
  params: ParamTable | null,
  ctx: ParseContext,
): Observable {
  if (isSdkForm(ref) || (ref.tag === '!QTensor' && isSdkQTensor(ref)))
    return readSdkObservable(ref, ctx.variant, what);
  ctx.refuseFriendly(ref, what);
  const letter = PAULI_TAGS[ref.tag ?? ''];
  if (letter) {
    const f = ref.mapping({ tags: [ref.tag!], what: ref.tag!, required: ['qubit'] });
    return {
      kind: 'pauli',
      pauli: letter,
      qubit: f.req('qubit').integer(`${ref.tag} qubit`, 0),
      ref,
    };
  }
  if (ref.tag === '!QTensor') return readQTensor(ref);
  return { kind: 'hamiltonian', sum: readPauliSum(ref, what, params) };
}

/** `!QTensor {data: ...}` (0.2.x) or `{_data, _nqubits}` (0.1.x) is the SDK's form. */
function isSdkQTensor(ref: NodeRef): boolean {
  return hasKey(ref, 'data') || hasKey(ref, '_data');
}

/** An entry of a friendly matrix: a number, `!complex {real, imag}`, or "1+2j" / "(1-2j)" / "2j". */
function readEntry(ref: NodeRef, what: string): { re: number; im: number } {
  if (ref.tag === '!complex' || typeof ref.scalarValue() === 'number') return ref.complex(what);
  const text = ref.string(what);
  const z = complexFromText(text);
  if (!z)
    return ref.fail({
      subject: what,
      problem: `"${text}" is not a number`,
      expected: 'a number, !complex {real, imag} or "1+2j"',
    });
  return { re: z[0], im: z[1] };
}

/** A friendly `!QTensor {matrix, dtype?}`. */
export function readQTensor(ref: NodeRef): QTensorObservable {
  const what = '!QTensor';
  const f = ref.mapping({ tags: [what], what, required: ['matrix'], optional: ['dtype'] });
  const rows = f.req('matrix').items(`${what} matrix`);
  const size = rows.length;
  if (size < 2 || !Number.isInteger(Math.log2(size)))
    f.req('matrix').fail({
      subject: what,
      problem: `${size} rows is not a power of two (2, 4, 8, ...)`,
    });
  const re: number[] = [];
  const im: number[] = [];
  rows.forEach((row, i) => {
    const cells = row.items(`${what} row ${i}`);
    if (cells.length !== size)
      row.fail({
        subject: what,
        problem: `row ${i} has ${cells.length} entries; the matrix is ${size}×${size}`,
      });
    for (const cell of cells) {
      const z = readEntry(cell, `${what} entry`);
      re.push(z.re);
      im.push(z.im);
    }
  });
  const dtypeRef = f.get('dtype');
  const written = dtypeRef?.string('dtype') ?? 'complex128';
  const dtype =
    written === 'complex128' || written === 'float64' || written === 'int64'
      ? written
      : dtypeRef!.fail({
          subject: what,
          problem: `unknown dtype "${written}"`,
          expected: 'complex128, float64 or int64',
        });
  if (dtype !== 'complex128' && im.some((x) => x !== 0))
    f.req('matrix').fail({ subject: what, problem: `a ${dtype} matrix has no imaginary parts` });
  if (dtype === 'int64' && re.some((x) => !Number.isSafeInteger(x)))
    f.req('matrix').fail({ subject: what, problem: 'an int64 matrix holds whole numbers' });
  return { kind: 'qtensor', size, re, im, dtype, ref };
}
