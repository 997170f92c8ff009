import type { NodeRef } from './node-reader';
import type { PyNum } from './parameter-domain';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { readPyNumber } from './py-number';
import type { CoefficientPoint, Interpolation } from './schedule';

/*
 * What both forms of a schedule share: its total time and step (as written: the SDK keeps an int
 * as an int), the recorded grid, and the coefficient functions the integrator follows.
 */

/** `T`, positive, as written. */
export function readTotalTime(ref: NodeRef, what: string): PyNum {
  const t = readPyNumber(ref, 'T');
  if (!(t.value > 0)) ref.fail({ subject: what, problem: `T must be positive, found ${t.value}` });
  return t;
}

/** `dt` in (0, T], as written, and the number of recorded steps (within the simulator's limit). */
export function readTimeStep(
  ref: NodeRef,
  what: string,
  T: number,
  ctx: ParseContext,
): { dt: PyNum; steps: number } {
  const dt = readPyNumber(ref, 'dt');
  if (!(dt.value > 0) || dt.value > T)
    ref.fail({ subject: what, problem: `dt must be in (0, T], found ${dt.value}` });
  const steps = Math.ceil(T / dt.value - 1e-9);
  if (steps > ctx.limits.maxTimeSteps) {
    limitProblem(ref, {
      subject: what,
      problem: `T/dt = ${steps} time steps exceed the simulator limit maxTimeSteps = ${ctx.limits.maxTimeSteps}`,
      hint: 'use a larger dt or raise maxTimeSteps in the simulator settings',
    });
  }
  return { dt, steps };
}

/** Recorded time points: 0, dt, 2dt, ..., T (T included even when T/dt is not whole). */
export function scheduleGrid(T: number, dt: number, steps: number): number[] {
  // Rounded to 12 significant digits so recorded times read 0.3, not 0.30000000000000004.
  return Array.from({ length: steps + 1 }, (_, k) => Math.min(T, Number((k * dt).toPrecision(12))));
}

/**
 * A coefficient as the piecewise-linear function the integrator follows: the points themselves
 * when interpolated linearly; for a step function, each value held until the next point (a jump:
 * the previous value repeated at the next point's time). Constant before the first point and
 * after the last, as the SDK holds them.
 */
export function coefficientPoints(
  points: readonly CoefficientPoint[],
  interpolation: Interpolation,
): CoefficientPoint[] {
  if (interpolation === 'linear') return [...points];
  const out: CoefficientPoint[] = [];
  for (const [i, p] of points.entries()) {
    if (i > 0) out.push({ t: p.t, value: points[i - 1]!.value });
    out.push(p);
  }
  return out;
}
