/**
 * Adaptive Dormand–Prince 5(4) for complex vectors y' = F(t, y), y stored as (re, im).
 * The embedded 4th-order solution gives the local error; steps are accepted when its 2-norm is
 * below atol + rtol·‖y‖ and the step size follows the usual 0.9·err^(−1/5) rule. The 2-norm
 * suits state vectors: it bounds the error of every expectation value.
 */

export type Derivative = (
  t: number,
  yRe: Float64Array,
  yIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
) => void;

export interface Dopri5Options {
  rtol: number;
  atol: number;
  /** Total accepted + rejected steps allowed before giving up. */
  maxSteps: number;
}

const C = [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1];
const A: number[][] = [
  [],
  [1 / 5],
  [3 / 40, 9 / 40],
  [44 / 45, -56 / 15, 32 / 9],
  [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
  [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
  [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
];
/** b5 − b4: the difference of the 5th- and 4th-order weights. */
const E = [71 / 57600, 0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40];

export class StepLimitError extends Error {
  constructor(readonly steps: number) {
    super(`the integrator needed more than ${steps} steps`);
    this.name = 'StepLimitError';
  }
}

export class Dopri5 {
  private readonly kRe: Float64Array[];
  private readonly kIm: Float64Array[];
  private readonly tmpRe: Float64Array;
  private readonly tmpIm: Float64Array;
  private h = 0;
  private fsalValid = false;
  steps = 0;
  rejected = 0;

  constructor(
    dim: number,
    private readonly f: Derivative,
    private readonly opts: Dopri5Options,
  ) {
    this.kRe = Array.from({ length: 7 }, () => new Float64Array(dim));
    this.kIm = Array.from({ length: 7 }, () => new Float64Array(dim));
    this.tmpRe = new Float64Array(dim);
    this.tmpIm = new Float64Array(dim);
  }

  /** Call when y or F changed outside `advance` (e.g. a gate or a reset between segments). */
  invalidate(): void {
    this.fsalValid = false;
  }

  /**
   * Advance y in place from t0 to t1 exactly. F must be smooth on [t0, t1]: callers split at
   * the kinks of piecewise-linear coefficients. `onStep` runs after each accepted step.
   */
  async advance(
    t0: number,
    t1: number,
    yRe: Float64Array,
    yIm: Float64Array,
    onStep: (t: number) => Promise<void> | undefined,
  ): Promise<void> {
    const { kRe, kIm, tmpRe, tmpIm, f, opts } = this;
    const dim = yRe.length;
    let t = t0;
    if (!this.fsalValid) {
      f(t, yRe, yIm, kRe[0]!, kIm[0]!);
      this.fsalValid = true;
    }
    if (this.h <= 0) this.h = this.initialStep(t, yRe, yIm);
    const yNorm = norm(yRe, yIm);
    while (t < t1) {
      if (this.steps + this.rejected >= opts.maxSteps) throw new StepLimitError(opts.maxSteps);
      const last = t + this.h >= t1 - 1e-12 * Math.max(1, Math.abs(t1));
      const h = last ? t1 - t : this.h;
      for (let s = 1; s < 7; s++) {
        const a = A[s]!;
        for (let i = 0; i < dim; i++) {
          let sr = 0;
          let si = 0;
          for (let j = 0; j < s; j++) {
            const aj = a[j]!;
            if (aj === 0) continue;
            sr += aj * kRe[j]![i]!;
            si += aj * kIm[j]![i]!;
          }
          tmpRe[i] = yRe[i]! + h * sr;
          tmpIm[i] = yIm[i]! + h * si;
        }
        f(t + C[s]! * h, tmpRe, tmpIm, kRe[s]!, kIm[s]!);
      }
      // tmp now holds the 5th-order solution (stage 7 evaluates at it: FSAL).
      let err2 = 0;
      for (let i = 0; i < dim; i++) {
        let er = 0;
        let ei = 0;
        for (let j = 0; j < 7; j++) {
          const e = E[j]!;
          if (e === 0) continue;
          er += e * kRe[j]![i]!;
          ei += e * kIm[j]![i]!;
        }
        err2 += er * er + ei * ei;
      }
      const err = (h * Math.sqrt(err2)) / (opts.atol + opts.rtol * yNorm);
      const factor = err === 0 ? 5 : Math.min(5, Math.max(0.2, 0.9 * Math.pow(err, -0.2)));
      if (err <= 1) {
        yRe.set(tmpRe);
        yIm.set(tmpIm);
        kRe[0]!.set(kRe[6]!);
        kIm[0]!.set(kIm[6]!);
        t = last ? t1 : t + h;
        this.steps++;
        // Keep the step the controller wants, not the clipped last one, for the next segment.
        if (!last || factor < 1) this.h = h * factor;
        const pause = onStep(t);
        if (pause) await pause;
      } else {
        this.rejected++;
        this.h = h * Math.min(1, factor);
      }
    }
  }

  /** Hairer–Wanner's starting step: small enough that an Euler step changes y by ~1%. */
  private initialStep(t: number, yRe: Float64Array, yIm: Float64Array): number {
    const d0 = norm(yRe, yIm);
    const d1 = norm(this.kRe[0]!, this.kIm[0]!);
    if (d1 < 1e-300) return 1;
    const h0 = (0.01 * d0) / d1;
    const dim = yRe.length;
    for (let i = 0; i < dim; i++) {
      this.tmpRe[i] = yRe[i]! + h0 * this.kRe[0]![i]!;
      this.tmpIm[i] = yIm[i]! + h0 * this.kIm[0]![i]!;
    }
    this.f(t + h0, this.tmpRe, this.tmpIm, this.kRe[1]!, this.kIm[1]!);
    let d2 = 0;
    for (let i = 0; i < dim; i++) {
      const dr = this.kRe[1]![i]! - this.kRe[0]![i]!;
      const di = this.kIm[1]![i]! - this.kIm[0]![i]!;
      d2 += dr * dr + di * di;
    }
    d2 = Math.sqrt(d2) / h0;
    const tol = this.opts.atol + this.opts.rtol * d0;
    const h1 =
      Math.max(d1, d2) <= 1e-15
        ? Math.max(1e-6, h0 * 1e-3)
        : Math.pow(tol / Math.max(d1, d2), 1 / 5);
    return Math.min(100 * h0, h1);
  }
}

function norm(re: Float64Array, im: Float64Array): number {
  let s = 0;
  for (let i = 0; i < re.length; i++) s += re[i]! * re[i]! + im[i]! * im[i]!;
  return Math.sqrt(s);
}
