import type { NodeRef } from './node-reader';
import { readNum } from './numbers';
import type { Num, ParamTable } from './numbers';
import { quoted } from '../text/quote';

/** Highest qubit index a Pauli factor may name: masks are 31-bit integers. */
const MAX_PAULI_QUBIT = 30;

/**
 * One Pauli string as bit masks: qubit q has X (or Y) when bit q of `xMask` is set and Z (or Y)
 * when bit q of `zMask` is set. This form applies to a state vector without any matrix.
 */
export interface PauliTerm {
  /** The coefficient's real part (a number or a `!Parameter`). */
  coefficient: Num;
  /**
   * Its imaginary part when written (`(0.5+0.25j) Z0`, `2j X1`); absent for a real coefficient
   * (+0.0 to the SDK, whose coefficients are all complex). A written `-0j` is kept as -0.
   */
  imag?: number;
  xMask: number;
  zMask: number;
  /** Number of Y factors (Y = i·X·Z contributes a factor i each). */
  nY: number;
  /** The factors as written, normalised ("Z0 Z1"; "" for the identity). */
  factors: string;
}

export interface PauliSum {
  terms: PauliTerm[];
  /** Highest qubit index used, -1 when only identity terms. */
  maxQubit: number;
  ref: NodeRef;
}

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const SIGNED = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
/** `(a+bj)`, `(a-bj)`, `(bj)` as Python writes a complex (its repr). */
const PARENTHESISED = /^\(\s*([^()]*?)\s*\)/;
const FACTOR = /^([IXYZ])(\d+)/;

/**
 * "0.5 Z0 Z1 + X0 - 1.2 Y1", or a list of {coefficient, paulis}. A coefficient may be complex as
 * Python writes one: `(0.5+0.25j) Z0 Z1`, `2j X0`, `- (1-0.5j) Z0`.
 */
export function readPauliSum(ref: NodeRef, what: string, params: ParamTable | null): PauliSum {
  ref.checkTag(what);
  if (ref.isSequence()) return readListForm(ref, what, params);
  const text = ref.scalarValue();
  if (ref.tag || typeof text !== 'string') {
    ref.fail({
      subject: what,
      problem: `expected a Pauli expression, found ${ref.describe()}`,
      expected: 'a string such as "0.5 Z0 Z1 + X0" or a list of {coefficient, paulis}',
    });
  }
  const terms = parseExpression(text, (problem) =>
    ref.fail({ subject: what, problem, expected: 'terms like "0.5 Z0 Z1", joined by + or -' }),
  );
  return { terms, maxQubit: maxQubitOf(terms), ref };
}

function readListForm(ref: NodeRef, what: string, params: ParamTable | null): PauliSum {
  const terms = ref.items(what).map((item) => {
    const f = item.mapping({
      tags: null,
      what: `${what} term`,
      required: ['paulis'],
      optional: ['coefficient'],
    });
    const coefRef = f.get('coefficient');
    let imag: number | undefined;
    let coefficient: Num = { kind: 'const', value: 1 };
    if (coefRef?.tag === '!complex') {
      const z = coefRef.complex('coefficient');
      coefficient = { kind: 'const', value: z.re };
      imag = z.im;
    } else if (coefRef) {
      coefficient = readNum(coefRef, 'coefficient', params);
    }
    const paulisRef = f.req('paulis');
    const written = paulisRef.string('paulis');
    const masks = parseFactors(
      written.trim() === '' ? [] : written.trim().split(/[\s*]+/),
      (problem) =>
        paulisRef.fail({ subject: `${what} term`, problem, expected: 'factors like "Z0 Z1"' }),
    );
    return { coefficient, ...(imag === undefined ? {} : { imag }), ...masks };
  });
  if (terms.length === 0) ref.fail({ subject: what, problem: 'the expression has no terms' });
  return { terms, maxQubit: maxQubitOf(terms), ref };
}

function parseExpression(text: string, fail: (problem: string) => never): PauliTerm[] {
  const terms: PauliTerm[] = [];
  let rest = text.trim();
  if (rest === '') fail('the expression is empty');
  let sign = 1;
  let first = true;
  while (rest.length > 0) {
    if (rest[0] === '+' || rest[0] === '-') {
      sign = rest[0] === '-' ? -1 : 1;
      rest = rest.slice(1).trimStart();
    } else if (!first) {
      fail(`expected + or - before ${quoted(rest)}`);
    }
    first = false;
    let coefficient = 1;
    let imag: number | undefined;
    let explicit = false;
    const complexText = PARENTHESISED.exec(rest);
    const num = complexText ? null : NUMBER.exec(rest);
    if (complexText) {
      [coefficient, imag] = parseComplex(complexText[1]!, fail);
      explicit = true;
      rest = rest.slice(complexText[0].length).trimStart();
    } else if (num) {
      coefficient = Number(num[0]);
      explicit = true;
      rest = rest.slice(num[0].length).trimStart();
      if (rest[0] === 'j') {
        // `2j`: an imaginary coefficient.
        [coefficient, imag] = [0, coefficient];
        rest = rest.slice(1).trimStart();
      }
    }
    if (explicit && rest[0] === '*') rest = rest.slice(1).trimStart();
    const factors: string[] = [];
    for (;;) {
      const m = FACTOR.exec(rest);
      if (!m) break;
      factors.push(m[0]);
      rest = rest.slice(m[0].length).trimStart();
      if (rest[0] === '*') rest = rest.slice(1).trimStart();
    }
    if (rest.length > 0 && rest[0] !== '+' && rest[0] !== '-') {
      const bad = rest.split(/\s/)[0] ?? rest;
      fail(
        `cannot read ${quoted(bad)}${/^[ixyz]\d/.test(bad) ? ' (Pauli letters are upper case)' : ''}`,
      );
    }
    if (!explicit && factors.length === 0)
      fail('a term has neither a coefficient nor a Pauli factor');
    // As Python sums `a + b - c`: each term added to, or taken from, complex 0 (so a part
    // written -0 reads as +0, as the SDK's Hamiltonian would hold it).
    const signed = (x: number) => (sign < 0 ? 0 - x : 0 + x);
    const im = imag === undefined ? 0 : signed(imag);
    terms.push({
      coefficient: { kind: 'const', value: signed(coefficient) },
      ...(im === 0 ? {} : { imag: im }),
      ...parseFactors(factors, fail),
    });
  }
  return terms;
}

/** "1.5", "2j", "1+2j", "(1-2j)": a complex number as Python writes one, or null. */
export function complexFromText(text: string): [number, number] | null {
  const inner = /^\((.*)\)$/.exec(text.trim())?.[1] ?? text;
  try {
    return parseComplex(inner, () => {
      throw new Error('not complex');
    });
  } catch {
    return null;
  }
}

/** The inside of `(a+bj)`: its real and imaginary parts. */
function parseComplex(text: string, fail: (problem: string) => never): [number, number] {
  const compact = text.replace(/\s+/g, '');
  const real = SIGNED.exec(compact);
  if (real && compact.slice(real[0].length) === '') return [Number(real[0]), 0];
  if (real && compact[real[0].length] === 'j' && real[0].length + 1 === compact.length)
    return [0, Number(real[0])];
  const rest = real ? compact.slice(real[0].length) : '';
  const imag = SIGNED.exec(rest);
  if (!real || !imag || !/^[+-]/.test(rest) || rest.slice(imag[0].length) !== 'j')
    fail(`"(${text})" is not a complex number`);
  return [Number(real[0]), Number(imag[0])];
}

function parseFactors(
  factors: string[],
  fail: (problem: string) => never,
): Omit<PauliTerm, 'coefficient'> {
  let xMask = 0;
  let zMask = 0;
  let nY = 0;
  const seen = new Set<number>();
  const kept: string[] = [];
  for (const factor of factors) {
    if (factor === 'I') continue;
    const m = FACTOR.exec(factor);
    if (!m || m[0] !== factor) fail(`${quoted(factor)} is not a Pauli factor`);
    const letter = m[1] as 'I' | 'X' | 'Y' | 'Z';
    const qubit = Number(m[2]);
    if (qubit > MAX_PAULI_QUBIT)
      fail(`qubit index ${qubit} is too large (at most ${MAX_PAULI_QUBIT})`);
    if (seen.has(qubit)) fail(`qubit ${qubit} appears twice in one term`);
    seen.add(qubit);
    if (letter === 'I') continue;
    const bit = 1 << qubit;
    if (letter === 'X' || letter === 'Y') xMask |= bit;
    if (letter === 'Z' || letter === 'Y') zMask |= bit;
    if (letter === 'Y') nY++;
    kept.push(factor);
  }
  return { xMask, zMask, nY, factors: kept.join(' ') };
}

function maxQubitOf(terms: PauliTerm[]): number {
  let max = -1;
  for (const t of terms) {
    const mask = t.xMask | t.zMask;
    if (mask !== 0) max = Math.max(max, 31 - Math.clz32(mask));
  }
  return max;
}
