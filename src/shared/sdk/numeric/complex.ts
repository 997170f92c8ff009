/**
 * Complex numbers as CPython 3.11 and NumPy compute them, so that a builder's derived values
 * (a 0.1.x gate's `_matrix`, a Hamiltonian's coefficients) carry the very bits the SDK wrote,
 * signed zeros included: `-1j` is `complex(-0.0, -1.0)`, and `(-1-0j) * 0.0` is `0.0-0.0j`.
 *
 * - A product is always the four-product formula `(a.re·b.re − a.im·b.im, a.re·b.im + a.im·b.re)`:
 *   CPython 3.11 turns a float operand into `complex(x, 0.0)` first (3.14 stopped doing that),
 *   and NumPy's scalar and array loops do the same for a float64 meeting a complex128.
 * - `exp` is glibc's `cexp`, which NumPy uses: `exp(re)·(cos im, sin im)`, except that an
 *   imaginary part of magnitude below DBL_MIN is kept as it is (with cosine 1); sine and cosine
 *   are correctly rounded (libm.ts), as glibc's nearly always are.
 */
import { cos, sin } from './libm';

export interface Complex {
  readonly re: number;
  readonly im: number;
}

export const complex = (re: number, im = 0): Complex => ({ re, im });

/** `1j` and friends, as Python spells them: `-1j` is complex(-0.0, -1.0). */
export const J: Complex = complex(0, 1);

export function mul(a: Complex, b: Complex): Complex {
  return { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re };
}

/** `a * x` for a real x, as Python 3.11 and NumPy do it: x becomes complex(x, 0.0). */
export function mulReal(a: Complex, x: number): Complex {
  return mul(a, { re: x, im: 0 });
}

export function add(a: Complex, b: Complex): Complex {
  return { re: a.re + b.re, im: a.im + b.im };
}

export function sub(a: Complex, b: Complex): Complex {
  return { re: a.re - b.re, im: a.im - b.im };
}

export function neg(a: Complex): Complex {
  return { re: -a.re, im: -a.im };
}

export function conj(a: Complex): Complex {
  return { re: a.re, im: -a.im };
}

/**
 * `a / x` for a real (or int) x in CPython 3.11: x becomes complex(x, 0.0) and the quotient is
 * Smith's algorithm (`_Py_c_quot`), which for a zero imaginary divisor is (re/x, im/x) computed
 * as `(a.re + a.im·0)/x` and `(a.im − a.re·0)/x`.
 */
export function divReal(a: Complex, x: number): Complex {
  const ratio = 0 / x;
  const denom = x + 0 * ratio;
  return { re: (a.re + a.im * ratio) / denom, im: (a.im - a.re * ratio) / denom };
}

const DBL_MIN = 2.2250738585072014e-308;

/** NumPy's `np.exp` of a complex (glibc `cexp`) for finite arguments. */
export function exp(z: Complex): Complex {
  const e = Math.exp(z.re);
  if (Math.abs(z.im) > DBL_MIN) return { re: e * cos(z.im), im: e * sin(z.im) };
  return { re: e, im: e * z.im };
}

/** |z| as C's `cabs` (hypot). */
export function abs(z: Complex): number {
  return Math.hypot(z.re, z.im);
}
