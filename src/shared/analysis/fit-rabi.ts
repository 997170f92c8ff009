import { checkInput } from './fit-input';
import { levenbergMarquardt } from './levenberg-marquardt';
import { dominantFrequencies } from './periodogram';

export interface RabiFit {
  /** Rabi frequency f_R, MHz (one full population cycle takes 1000/f_R ns). */
  rabiFrequencyMHz: number;
  /** Duration of a π pulse (half a Rabi period), ns. */
  piPulseNs: number;
  /** One-sigma uncertainty of piPulseNs from the fit covariance, ns (null if unavailable). */
  piPulseStdErrNs: number | null;
  /** Half the peak-to-peak swing of the undamped oscillation, in the units of the data. */
  amplitude: number;
  offset: number;
  /** Phase of the cosine at t = 0, radians in (−π, π]. */
  phase: number;
  /** Envelope decay, when the fit finds one (exp(−t/timeNs)). */
  decay?: { ratePerNs: number; timeNs: number };
  residualRms: number;
}

/** y(t) = offset + A·cos(2π f t + φ)·e^(−k t), t in ns, f in 1/ns; p = [offset, A, f, φ, k]. */
function model(p: readonly number[], t: number): number {
  return p[0]! + p[1]! * Math.cos(2 * Math.PI * p[2]! * t + p[3]!) * Math.exp(-p[4]! * t);
}

function jacobian(p: readonly number[], t: number): number[] {
  const e = Math.exp(-p[4]! * t);
  const arg = 2 * Math.PI * p[2]! * t + p[3]!;
  const c = Math.cos(arg);
  const s = Math.sin(arg);
  const a = p[1]!;
  return [1, c * e, -a * s * e * 2 * Math.PI * t, -a * s * e, -t * a * c * e];
}

/**
 * Fit a (damped) Rabi oscillation to amplitudes measured after drive pulses of the given
 * durations (ns). Starting frequencies come from the periodogram's strongest peaks, with
 * offset, amplitude and phase from a linear least-squares fit at each; Levenberg–Marquardt
 * then refines all five parameters and the best of the candidates wins. Throws when the data
 * cannot be fitted (too few points, no oscillation).
 */
export function fitRabi(durationsNs: readonly number[], amplitudes: readonly number[]): RabiFit {
  checkInput(durationsNs, amplitudes, 5);
  const peaks = dominantFrequencies(durationsNs, amplitudes, 3);
  if (peaks.length === 0) throw new Error('fitRabi: the data do not oscillate');
  let best: ReturnType<typeof levenbergMarquardt> | null = null;
  for (const peak of peaks) {
    const p0 = linearStart(durationsNs, amplitudes, peak.frequency);
    const fit = levenbergMarquardt(model, durationsNs, amplitudes, p0, { jacobian });
    if (fit.params[2]! !== 0 && (!best || fit.sumSquares < best.sumSquares)) best = fit;
  }
  if (!best) throw new Error('fitRabi: no candidate frequency could be fitted');
  const [offset, fittedAmplitude, fittedF, fittedPhase, k] = best.params as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Canonical form: f > 0, amplitude > 0, phase in (−π, π] (the model is symmetric in their signs).
  let [amplitude, f, phase] = [fittedAmplitude, fittedF, fittedPhase];
  if (f < 0) [f, phase] = [-f, -phase];
  if (amplitude < 0) [amplitude, phase] = [-amplitude, phase + Math.PI];
  phase = Math.atan2(Math.sin(phase), Math.cos(phase));
  const sf = best.stdErrors?.[2];
  return {
    rabiFrequencyMHz: f * 1000,
    piPulseNs: 1 / (2 * f),
    piPulseStdErrNs: sf !== undefined && Number.isFinite(sf) ? sf / (2 * f * f) : null,
    amplitude,
    offset,
    phase,
    ...(k > 0 ? { decay: { ratePerNs: k, timeNs: 1 / k } } : {}),
    residualRms: best.residualRms,
  };
}

/** The fitted curve at t (ns). */
export function rabiCurve(fit: RabiFit, tNs: number): number {
  return model(
    [fit.offset, fit.amplitude, fit.rabiFrequencyMHz / 1000, fit.phase, fit.decay?.ratePerNs ?? 0],
    tNs,
  );
}

/** `count` evenly spaced points of the fitted curve over [fromNs, toNs], for plotting. */
export function sampleCurve(
  curve: (t: number) => number,
  fromNs: number,
  toNs: number,
  count = 200,
): Array<{ x: number; y: number }> {
  const n = Math.max(2, count);
  return Array.from({ length: n }, (_, i) => {
    const x = fromNs + ((toNs - fromNs) * i) / (n - 1);
    return { x, y: curve(x) };
  });
}

/** offset + a·cos + b·sin at fixed f by linear least squares → [offset, A, f, φ, 0]. */
function linearStart(ts: readonly number[], ys: readonly number[], f: number): number[] {
  const rows = ts.map((t) => [1, Math.cos(2 * Math.PI * f * t), Math.sin(2 * Math.PI * f * t)]);
  const ata = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => rows.reduce((s, r) => s + r[i]! * r[j]!, 0)),
  );
  const aty = [0, 1, 2].map((i) => rows.reduce((s, r, idx) => s + r[i]! * ys[idx]!, 0));
  const [c0, a, b] = solve3(ata, aty) ?? [mean(ys), (largest(ys) - smallest(ys)) / 2, 0];
  // a·cos x + b·sin x = A·cos(x + φ) with A = √(a² + b²), φ = atan2(−b, a)
  return [c0!, Math.hypot(a!, b!), f, Math.atan2(-b!, a!), 0];
}

function solve3(a: number[][], b: number[]): number[] | null {
  const det = (m: number[][]): number =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(a);
  if (!(Math.abs(d) > 1e-300)) return null;
  return [0, 1, 2].map(
    (col) => det(a.map((row, i) => row.map((v, j) => (j === col ? b[i]! : v)))) / d,
  );
}

function mean(v: readonly number[]): number {
  return v.reduce((s, x) => s + x, 0) / v.length;
}

/** Math.max over a series of any length (a spread of 120,000 arguments overflows the stack). */
function largest(values: readonly number[]): number {
  let out = Number.NEGATIVE_INFINITY;
  for (const v of values) out = Math.max(out, v);
  return out;
}

function smallest(values: readonly number[]): number {
  let out = Number.POSITIVE_INFINITY;
  for (const v of values) out = Math.min(out, v);
  return out;
}
