import { describe, expect, it } from 'vitest';
import { complex, exp, mulReal, neg, J } from '../../../../../src/shared/sdk/numeric/complex';
import { cmatrix } from '../../../../../src/shared/sdk/numeric/cmatrix';
import { expm } from '../../../../../src/shared/sdk/numeric/expm';
import { fma } from '../../../../../src/shared/sdk/numeric/fma';
import { cos, sin } from '../../../../../src/shared/sdk/numeric/libm';

/*
 * The values below are the SDK's own (test/fixtures/sdk: the `_matrix` of qilisdk 0.1.6 gates,
 * computed by NumPy and SciPy), or exact by construction.
 */

describe('libm: correctly rounded sine and cosine', () => {
  it('gives the C library values where V8 differs (the U2 gate of b_gates_rotations)', () => {
    // cos(0.1) as NumPy prints it in the corpus' U2 matrix; Math.cos(0.1) is one ulp above.
    expect(cos(0.1)).toBe(0.9950041652780258);
    expect(cos(-0.1)).toBe(0.9950041652780258);
    expect(sin(0.1)).toBe(0.09983341664682815);
  });

  it('keeps exact points and signs', () => {
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(cos(Math.PI / 4)).toBe(0.7071067811865476);
    expect(sin(Math.PI / 4)).toBe(0.7071067811865475);
    expect(sin(Math.PI)).toBe(1.2246467991473532e-16);
  });
});

describe('complex: Python and NumPy arithmetic', () => {
  it('multiplies a float into a complex with the four-product formula (signed zeros)', () => {
    // -1j * 0.5 in Python 3.11: complex(-0.0, -1.0) * complex(0.5, 0.0)
    const z = mulReal(neg(J), 0.5);
    expect(Object.is(z.re, 0)).toBe(true);
    expect(z.im).toBe(-0.5);
    // (-1-0j) * 0.0 = 0.0-0.0j (U3's off-diagonal at θ = 0 in the corpus)
    const w = mulReal(complex(-1, -0), 0);
    expect(Object.is(w.re, 0)).toBe(true);
    expect(Object.is(w.im, -0)).toBe(true);
  });

  it('exponentiates a zero imaginary part to itself (glibc cexp)', () => {
    const z = exp(complex(1, 0));
    expect(z.re).toBe(2.718281828459045);
    expect(Object.is(z.im, 0)).toBe(true);
  });
});

describe('fma: rounded once', () => {
  it('keeps the low bits a separate product and sum lose', () => {
    const a = 1 + 2 ** -30;
    // a·a = 1 + 2^-29 + 2^-60 exactly; minus (1 + 2^-29) leaves 2^-60, which a*a - c loses.
    expect(a * a - (1 + 2 ** -29)).toBe(0);
    expect(fma(a, a, -(1 + 2 ** -29))).toBe(2 ** -60);
  });

  it('rounds ties to even', () => {
    // 1 + 2^-53 is a tie between 1 and 1 + 2^-52: even is 1.
    expect(fma(2 ** -27, 2 ** -26, 1)).toBe(1);
    // 1 + 3·2^-53 is a tie between 1 + 2^-52 and 1 + 2^-51: even is 1 + 2^-51.
    expect(fma(3 * 2 ** -27, 2 ** -26, 1)).toBe(1 + 2 ** -51);
  });
});

describe('expm: scipy.linalg.expm', () => {
  const c = (re: number, im = 0) => complex(re, im);

  it('matches the corpus for Exponential(RY(0.6)) (b_gates_adjoint_exponential)', () => {
    const cosHalf = cos(0.3);
    const sinHalf = sin(0.3);
    const m = expm(
      cmatrix([
        [c(cosHalf), c(-sinHalf)],
        [c(sinHalf), c(cosHalf)],
      ]),
    );
    expect(m.data.map((z) => z.re)).toEqual([
      2.4868568686031516, -0.7570851504828682, 0.7570851504828681, 2.4868568686031525,
    ]);
    expect(m.data.every((z) => Object.is(z.im, 0))).toBe(true);
  });

  it('exponentiates a diagonal matrix entry by entry (Exponential(Z))', () => {
    const m = expm(
      cmatrix([
        [c(1), c(0)],
        [c(0), c(-1)],
      ]),
    );
    expect(m.data.map((z) => [z.re, z.im])).toEqual([
      [2.718281828459045, 0],
      [0, 0],
      [0, 0],
      [0.36787944117144233, 0],
    ]);
  });

  it('gives e^SWAP = cosh(1)·I + sinh(1)·SWAP', () => {
    const one = c(1);
    const zero = c(0);
    const m = expm(
      cmatrix([
        [one, zero, zero, zero],
        [zero, zero, one, zero],
        [zero, one, zero, zero],
        [zero, zero, zero, one],
      ]),
    );
    const at = (i: number, j: number) => m.data[i * 4 + j]!.re;
    expect(at(0, 0)).toBeCloseTo(Math.E, 14);
    expect(at(1, 1)).toBeCloseTo(Math.cosh(1), 14);
    expect(at(1, 2)).toBeCloseTo(Math.sinh(1), 14);
    expect(at(0, 1)).toBe(0);
  });
});
