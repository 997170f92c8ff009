import type {
  ModelComparison,
  ModelTerm,
  PyComplex,
  TermVariable,
} from '../../../shared/dialect/sdk-form/model-terms';
import { SimulationError } from './prepare-functional';

/*
 * qilisdk's `Term.evaluate` and `ComparisonTerm.evaluate` (core/variables.py), in complex
 * arithmetic as the SDK does them: a `+`/`-` Term starts from 0 and a `*`/`/` Term from 1, then
 * applies its operation to each element in order: the constant's coefficient, a nested Term's
 * value times its coefficient, a variable's value times its coefficient, or in a `*` Term its
 * value raised to the coefficient. A value whose imaginary part is negligible is real: below
 * `atol` in 0.2.x (1e-10), exactly 0 in 0.1.x (atol 0 here).
 */

export interface Complex {
  re: number;
  im: number;
}

/** How a Term reads: its variables' values, and the SDK version's tolerance on imaginary parts. */
export interface TermValues {
  valueOf: (v: TermVariable) => number;
  atol: number;
}

/** qilisdk 0.2.x's `get_settings().atol`; 0.1.x compares imaginary parts with 0. */
export const SDK_ATOL = { A: 1e-10, B: 0 } as const;

export function evaluateTerm(term: ModelTerm, at: TermValues): Complex {
  if (term.elements.length === 0) return { re: 0, im: 0 };
  const op = term.operation;
  let out: Complex = op === '+' || op === '-' ? { re: 0, im: 0 } : { re: 1, im: 0 };
  for (const e of term.elements) {
    let x: Complex;
    if (e.kind === 'const') x = e.coefficient;
    else if (e.kind === 'term') x = mul(evaluateTerm(e.term, at), e.coefficient);
    else {
      const v = at.valueOf(e.variable);
      x = op === '*' ? power(v, e.coefficient) : mul({ re: v, im: 0 }, e.coefficient);
    }
    out = apply(op, out, x);
  }
  return isReal(out.im, at.atol) ? { re: out.re, im: 0 } : out;
}

/** Whether `lhs <op> rhs` holds; an imaginary part beyond atol is an error, as in the SDK. */
export function evaluateComparison(c: ModelComparison, at: TermValues): boolean {
  const side = (t: ModelTerm): number => {
    const v = evaluateTerm(t, at);
    if (Math.abs(v.im) > at.atol)
      throw new SimulationError(
        `the comparison at ${c.ref.path} evaluates to a complex value (${v.re} + ${v.im}i)`,
        'The SDK refuses to compare complex values ("evaluating inequality constraints with complex values is not allowed"): use real coefficients.',
      );
    return v.re;
  };
  const [l, r] = [side(c.lhs), side(c.rhs)];
  switch (c.operation) {
    case '==':
      return l === r;
    case '!=':
      return l !== r;
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
  }
}

export function isReal(im: number, atol: number): boolean {
  return atol === 0 ? im === 0 : Math.abs(im) < atol;
}

function mul(a: Complex, b: Complex): Complex {
  return { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re };
}

function apply(op: ModelTerm['operation'], a: Complex, b: Complex): Complex {
  switch (op) {
    case '+':
      return { re: a.re + b.re, im: a.im + b.im };
    case '-':
      return { re: a.re - b.re, im: a.im - b.im };
    case '*':
      return mul(a, b);
    case '/': {
      const d = b.re * b.re + b.im * b.im;
      if (d === 0) throw zeroDivision();
      return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
    }
  }
}

/** Python's `value ** coefficient` for a real value (a bit, a spin, a Parameter's value). */
function power(v: number, c: PyComplex): Complex {
  if (v === 0) {
    if (c.re === 0 && c.im === 0) return { re: 1, im: 0 };
    if (c.im !== 0 || c.re < 0) {
      if (c.re > 0) return { re: 0, im: 0 };
      throw zeroDivision();
    }
    return { re: 0, im: 0 };
  }
  if (c.im === 0 && (v > 0 || Number.isInteger(c.re))) return { re: v ** c.re, im: 0 };
  // v < 0 with a fractional exponent, or a complex exponent: exp(c · log v), log on the principal branch.
  const logRe = Math.log(Math.abs(v));
  const logIm = v < 0 ? Math.PI : 0;
  const re = c.re * logRe - c.im * logIm;
  const im = c.re * logIm + c.im * logRe;
  const m = Math.exp(re);
  return { re: m * Math.cos(im), im: m * Math.sin(im) };
}

function zeroDivision(): SimulationError {
  return new SimulationError(
    'a Term of the model divides by zero or raises 0 to a negative power at one of the evaluated points',
    'The SDK fails the job there too (ZeroDivisionError): change the Term.',
  );
}
