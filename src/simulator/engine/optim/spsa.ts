import type { Rng } from '../physics/random';
import { BestTracker } from './optimizer-types';
import type { Objective, OptimizerOptions, OptimizerRun, TraceEntry } from './optimizer-types';

/** Spall's recommended decay exponents and perturbation size. */
const ALPHA = 0.602;
const GAMMA = 0.101;
const C = 0.1;
/** The calibrated first step moves the parameters by about this much (radians, mostly). */
const TARGET_FIRST_STEP = 0.2;
const CALIBRATION_SAMPLES = 5;

/**
 * Simultaneous-perturbation stochastic approximation (Spall 1998): each iteration estimates the
 * whole gradient from two evaluations at x ± c_k·Δ with a random ±1 vector Δ, then steps by
 * a_k. Gains a_k = a/(k+1+A)^0.602, c_k = c/(k+1)^0.101, A = 10% of the iterations, and a is
 * calibrated from a few gradient samples at x0 so the first step has a sensible size. It
 * tolerates shot noise, which is why variational programs on samples use it.
 */
export async function spsa(
  objective: Objective,
  x0: readonly number[],
  rng: Rng,
  opts: OptimizerOptions,
): Promise<OptimizerRun> {
  const n = x0.length;
  const best = new BestTracker(objective);
  const trace: TraceEntry[] = [];
  const bigA = 0.1 * opts.maxIterations;
  const delta = (): number[] => Array.from({ length: n }, () => (rng.uniform() < 0.5 ? -1 : 1));

  let x = [...x0];
  await best.eval(x);
  let magnitude = 0;
  for (let s = 0; s < CALIBRATION_SAMPLES; s++) {
    const d = delta();
    const fp = await best.eval(x.map((v, i) => v + C * d[i]!));
    const fm = await best.eval(x.map((v, i) => v - C * d[i]!));
    magnitude += Math.abs((fp - fm) / (2 * C)) / CALIBRATION_SAMPLES;
  }
  const a =
    magnitude > 0 ? (TARGET_FIRST_STEP * Math.pow(bigA + 1, ALPHA)) / magnitude : TARGET_FIRST_STEP;

  for (let k = 0; k < opts.maxIterations; k++) {
    const ak = a / Math.pow(k + 1 + bigA, ALPHA);
    const ck = C / Math.pow(k + 1, GAMMA);
    const d = delta();
    const fp = await best.eval(x.map((v, i) => v + ck * d[i]!));
    const fm = await best.eval(x.map((v, i) => v - ck * d[i]!));
    const slope = (fp - fm) / (2 * ck);
    // Δ_i = ±1, so 1/Δ_i = Δ_i.
    x = x.map((v, i) => v - ak * slope * d[i]!);
    await best.eval(x);
    const entry = best.entry();
    trace.push(entry);
    opts.onIteration?.(k + 1, entry);
  }
  return {
    x: best.x,
    cost: best.cost,
    trace,
    evaluations: best.evaluations,
    stop: 'max_iterations',
  };
}
