/*
 * A fused multiply-add, `a·b + c` rounded once, as the BLAS kernels behind NumPy and SciPy
 * compute their matrix products (JavaScript has no `Math.fma`). The exact value is formed as an
 * integer times a power of two (BigInt) and rounded to the nearest double, ties to even. Slow
 * (a few microseconds), and only used where the SDK's numbers go through BLAS (expm.ts).
 */

const view = new DataView(new ArrayBuffer(8));

/** x = m · 2^e with m an integer (x finite). */
function decompose(x: number): [bigint, number] {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponent = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exponent !== 0) mantissa |= 1n << 52n;
  const m = hi >>> 31 ? -mantissa : mantissa;
  return [m, (exponent === 0 ? 1 : exponent) - 1075];
}

/** The double nearest to m · 2^e (ties to even). */
function compose(m: bigint, e: number): number {
  const negative = m < 0n;
  let abs = negative ? -m : m;
  const bits = abs.toString(2).length;
  if (bits > 64) {
    const shift = bits - 64;
    const sticky = (abs & ((1n << BigInt(shift)) - 1n)) !== 0n;
    abs >>= BigInt(shift);
    if (sticky) abs |= 1n;
    e += shift;
  }
  // 64 bits and a sticky bit: Number() rounds them to 53 once, correctly.
  let value = Number(abs);
  // Scale in steps that stay exact for normal results.
  while (e > 0) {
    const step = Math.min(e, 1000);
    value *= 2 ** step;
    e -= step;
  }
  while (e < 0) {
    const step = Math.max(e, -1000);
    value *= 2 ** step;
    e -= step;
  }
  return negative ? -value : value;
}

export function fma(a: number, b: number, c: number): number {
  // A zero or non-finite operand: the product is exact (or the result is not a number to
  // round), and IEEE addition gives the right value and sign.
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return a * b + c;
  if (a === 0 || b === 0 || c === 0) return a * b + c;
  const [ma, ea] = decompose(a);
  const [mb, eb] = decompose(b);
  const [mc, ec] = decompose(c);
  const ep = ea + eb;
  const e0 = Math.min(ep, ec);
  const total = ((ma * mb) << BigInt(ep - e0)) + (mc << BigInt(ec - e0));
  if (total === 0n) return 0; // exact cancellation is +0 in round-to-nearest
  return compose(total, e0);
}
