import { checkInput } from './fit-input';
import { levenbergMarquardt } from './levenberg-marquardt';

export interface T1Fit {
  /** Relaxation time, ns. */
  t1Ns: number;
  /** One-sigma standard error of t1Ns from the fit covariance, ns (null if unavailable). */
  t1StdErrNs: number | null;
  /** Signal change from t = 0 to t → ∞, in the units of the data. */
  amplitude: number;
  /** Signal at t → ∞ (the ground-state level). */
  offset: number;
  residualRms: number;
}

/** y(t) = offset + A·e^(−k t), t in ns; p = [offset, A, k]. Fitting the rate k keeps it linear-ish. */
function model(p: readonly number[], t: number): number {
  return p[0]! + p[1]! * Math.exp(-p[2]! * t);
}

function jacobian(p: readonly number[], t: number): number[] {
  const e = Math.exp(-p[2]! * t);
  return [1, e, -t * p[1]! * e];
}

/**
 * Fit an exponential decay to amplitudes measured after the given waits (ns) by nonlinear
 * least squares (Levenberg–Marquardt). The standard error comes from the covariance
 * s²·(JᵀJ)⁻¹ of the rate k, propagated to T1 = 1/k as σ_k/k². Several starting rates around
 * the 1/e crossing of the data are tried and the best fit wins.
 */
export function fitT1(waitNs: readonly number[], amplitudes: readonly number[]): T1Fit {
  checkInput(waitNs, amplitudes, 4);
  const order = waitNs.map((_, i) => i).sort((a, b) => waitNs[a]! - waitNs[b]!);
  const ts = order.map((i) => waitNs[i]!);
  const ys = order.map((i) => amplitudes[i]!);
  const span = ts[ts.length - 1]! - ts[0]!;
  if (!(span > 0)) throw new Error('fitT1: all waits are equal');
  const tail = Math.max(1, Math.floor(ys.length / 10));
  const offset0 = ys.slice(-tail).reduce((s, v) => s + v, 0) / tail;
  const a0 = ys[0]! - offset0;
  const crossing = ts.find((t, i) => Math.abs(ys[i]! - offset0) < Math.abs(a0) / Math.E);
  const k0 =
    1 / Math.max(crossing !== undefined && crossing > ts[0]! ? crossing - ts[0]! : span / 3, 1e-9);
  let best: ReturnType<typeof levenbergMarquardt> | null = null;
  for (const scale of [1, 0.3, 3]) {
    const fit = levenbergMarquardt(
      model,
      ts,
      ys,
      [offset0, a0 * Math.exp(k0 * scale * ts[0]!), k0 * scale],
      { jacobian },
    );
    if (fit.params[2]! > 0 && (!best || fit.sumSquares < best.sumSquares)) best = fit;
  }
  if (!best) throw new Error('fitT1: the data do not decay');
  const [offset, amplitude, k] = best.params as [number, number, number];
  const sk = best.stdErrors?.[2];
  return {
    t1Ns: 1 / k,
    t1StdErrNs: sk !== undefined && Number.isFinite(sk) ? sk / (k * k) : null,
    amplitude,
    offset,
    residualRms: best.residualRms,
  };
}

/** The fitted curve at t (ns). */
export function t1Curve(fit: T1Fit, tNs: number): number {
  return model([fit.offset, fit.amplitude, 1 / fit.t1Ns], tNs);
}
