import { fitRabi, rabiCurve } from './fit-rabi';
import type { RabiFit } from './fit-rabi';
import { fitT1, t1Curve } from './fit-t1';
import type { T1Fit } from './fit-t1';
import { projectS21 } from './project-s21';
import type { ComplexArray } from '../results/read';

/*
 * From s21 points to a fitted curve: project the IQ points onto the line between the qubit's
 * two readout points (projectS21, principal axis since the device's points are not in the
 * result), then fit a Rabi oscillation or a T1 decay (src/shared/analysis).
 */

/** The periodogram behind fitRabi grows with the square of the points; fit on at most this many bins. */
export const MAX_FIT_POINTS = 2000;
const CURVE_POINTS = 400;

export type ExperimentFit = { kind: 'rabi'; fit: RabiFit } | { kind: 't1'; fit: T1Fit };

export interface ExperimentAnalysis {
  /** Sweep values in ascending order, with the signal and IQ points in the same order. */
  x: Float64Array;
  signal: Float64Array;
  re: Float64Array;
  im: Float64Array;
  fit: ExperimentFit | null;
  /** Why there is no fit, in words. */
  fitError: string | null;
  /** The fitted curve on an even grid over the sweep. */
  curve: { x: Float64Array; y: Float64Array } | null;
  /** The fitted curve at each sweep value (for the residual and the table). */
  fitted: Float64Array | null;
  /** Points the fit ran on, when the sweep was binned to keep it fast. */
  fittedOn: number;
}

/** Average consecutive points into at most `max` bins (x sorted). */
export function binAverage(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  max: number,
): { x: number[]; y: number[] } {
  const n = x.length;
  if (n <= max) return { x: Array.from(x), y: Array.from(y) };
  const bx: number[] = [];
  const by: number[] = [];
  for (let b = 0; b < max; b++) {
    const from = Math.floor((b * n) / max);
    const to = Math.floor(((b + 1) * n) / max);
    let sx = 0;
    let sy = 0;
    for (let i = from; i < to; i++) {
      sx += x[i]!;
      sy += y[i]!;
    }
    bx.push(sx / (to - from));
    by.push(sy / (to - from));
  }
  return { x: bx, y: by };
}

export function analyzeExperiment(
  kind: 'rabi' | 't1',
  sweep: Float64Array,
  s21: ComplexArray,
): ExperimentAnalysis {
  const n = sweep.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => sweep[a]! - sweep[b]!);
  const x = Float64Array.from(order, (i) => sweep[i]!);
  const re = Float64Array.from(order, (i) => s21.re[i]!);
  const im = Float64Array.from(order, (i) => s21.im[i]!);
  const points = Array.from({ length: n }, (_, i) => ({ re: re[i]!, im: im[i]! }));
  // The projection's sign is arbitrary (first point at or below zero). A Rabi sweep starts in the
  // ground state and rises; a T1 sweep starts excited, so it is flipped to read as a decay.
  const projected = projectS21(points);
  const signal = Float64Array.from(projected, (v) => (kind === 't1' ? -v : v));

  let fit: ExperimentFit | null;
  let fitError: string | null = null;
  const binned = binAverage(x, signal, MAX_FIT_POINTS);
  try {
    const found: ExperimentFit =
      kind === 'rabi'
        ? { kind, fit: fitRabi(binned.x, binned.y) }
        : { kind, fit: fitT1(binned.x, binned.y) };
    const values = [found.fit.amplitude, found.fit.offset, found.fit.residualRms];
    if (!values.every(Number.isFinite))
      throw new Error('the fit did not converge to finite values');
    fit = found;
  } catch (error) {
    fit = null;
    const why =
      error instanceof Error ? error.message.replace(/^fit(Rabi|T1)?: /, '') : String(error);
    fitError = `No ${kind === 'rabi' ? 'Rabi oscillation' : 'T1 decay'} could be fitted: ${why}.`;
  }
  let curve: ExperimentAnalysis['curve'] = null;
  let fitted: Float64Array | null = null;
  if (fit && n > 0) {
    const f = fit;
    const at = (t: number) => (f.kind === 'rabi' ? rabiCurve(f.fit, t) : t1Curve(f.fit, t));
    const from = x[0]!;
    const to = x[n - 1]!;
    const cx = Float64Array.from(
      { length: CURVE_POINTS },
      (_, i) => from + ((to - from) * i) / (CURVE_POINTS - 1),
    );
    curve = { x: cx, y: cx.map(at) };
    fitted = x.map(at);
  }
  return { x, signal, re, im, fit, fitError, curve, fitted, fittedOn: binned.x.length };
}

/**
 * The signal levels of the ground and excited states, so the signal reads as an excited-state
 * population estimate (0 ground, 1 excited) and sweeps from different devices (different IQ
 * points) can be overlaid. From the fit when there is one (Rabi: the oscillation's extremes;
 * T1: the level at t = 0 and t → ∞); else from the signal's extremes, oriented so the first
 * point (ground state for a Rabi sweep, excited for T1) sits where it should.
 */
function populationLevels(
  kind: 'rabi' | 't1',
  a: ExperimentAnalysis,
): { ground: number; excited: number } {
  if (a.fit?.kind === 'rabi') {
    const { offset, amplitude, phase } = a.fit.fit;
    // At t = 0 the qubit is in the ground state: y(0) = offset + A·cos φ.
    const sign = Math.cos(phase) >= 0 ? 1 : -1;
    return { ground: offset + sign * amplitude, excited: offset - sign * amplitude };
  }
  if (a.fit?.kind === 't1')
    return { ground: a.fit.fit.offset, excited: a.fit.fit.offset + a.fit.fit.amplitude };
  const { signal } = a;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of signal) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const first = signal[0]!;
  const firstNearLo = Math.abs(first - lo) <= Math.abs(first - hi);
  // Rabi sweeps start in the ground state, T1 sweeps in the excited state.
  const firstIsGround = kind === 'rabi';
  return firstNearLo === firstIsGround ? { ground: lo, excited: hi } : { ground: hi, excited: lo };
}

function asPopulation(values: Float64Array, levels: { ground: number; excited: number }) {
  const span = levels.excited - levels.ground;
  if (!(Math.abs(span) > 0)) return new Float64Array(values.length);
  return values.map((v) => (v - levels.ground) / span);
}

/** The signal as an excited-state population estimate (see populationLevels). */
export function population(kind: 'rabi' | 't1', a: ExperimentAnalysis): Float64Array {
  if (a.signal.length === 0) return new Float64Array(0);
  return asPopulation(a.signal, populationLevels(kind, a));
}

/** The fitted curve on the same population scale as `population`; null without a fit. */
export function fittedPopulation(
  kind: 'rabi' | 't1',
  a: ExperimentAnalysis,
): { x: Float64Array; y: Float64Array } | null {
  if (!a.curve || a.signal.length === 0) return null;
  return { x: a.curve.x, y: asPopulation(a.curve.y, populationLevels(kind, a)) };
}
