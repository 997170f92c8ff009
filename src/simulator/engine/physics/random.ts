/**
 * Seeded randomness. Every random draw of a job comes from one Rng seeded by the job's seed,
 * so the same payload and seed give the same counts, curves and optimiser traces.
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    // splitmix32 spreads any seed (including doubles beyond 2^32) over the 128-bit state.
    let x = (seed >>> 0) ^ Math.imul(Math.floor(seed / 4294967296) >>> 0, 0x9e3779b9);
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** xoshiro128**: fast, 2^128 period, good enough statistics for shot sampling. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  uniform(): number {
    const hi = this.nextUint32() >>> 5;
    const lo = this.nextUint32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Standard normal (Box–Muller; the second value of each pair is kept for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    const phi = 2 * Math.PI * this.uniform();
    this.spareNormal = r * Math.sin(phi);
    return r * Math.cos(phi);
  }

  /** Gamma(shape, 1) by Marsaglia–Tsang. */
  gamma(shape: number): number {
    if (shape < 1)
      return this.gamma(shape + 1) * Math.pow(this.uniform() || Number.MIN_VALUE, 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.uniform();
      if (u < 1 - 0.0331 * x * x * x * x) return d * v;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  }

  beta(a: number, b: number): number {
    const x = this.gamma(a);
    return x / (x + this.gamma(b));
  }

  /**
   * Exact Binomial(n, p) in O(log n) beta draws: the i-th smallest of n uniforms is
   * Beta(i, n+1-i), which splits the problem in half (Knuth, TAOCP 3.4.1). Small n is counted
   * directly.
   */
  binomial(n: number, p: number): number {
    if (p <= 0 || n <= 0) return 0;
    if (p >= 1) return n;
    let result = 0;
    while (n > 40) {
      const i = Math.floor(n / 2) + 1;
      const x = this.beta(i, n + 1 - i);
      if (x < p) {
        result += i;
        n -= i;
        p = (p - x) / (1 - x);
      } else {
        n = i - 1;
        p = p / x;
      }
    }
    for (let k = 0; k < n; k++) if (this.uniform() < p) result++;
    return result;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
