import { BestTracker } from './optimizer-types';
import type { Objective, OptimizerOptions, OptimizerRun, TraceEntry } from './optimizer-types';

/** First step of a line search along a direction: variational parameters are mostly angles. */
const STEP = 0.5;
const GOLDEN = (3 - Math.sqrt(5)) / 2;
/** Golden-section steps per line search after bracketing (the interval shrinks to 0.618^n). */
const SECTIONS = 20;
const GROW = 1.618034;
const MAX_BRACKET = 12;
/** Stop once an iteration improves the cost by less than this (relative, as SciPy's ftol). */
const FTOL = 1e-8;

/**
 * Powell's conjugate-direction method (Powell 1964, as in Numerical Recipes' `powell`): each
 * iteration minimises along every direction in turn (bracket, then golden section), then
 * replaces the direction of largest decrease by the iteration's overall displacement. No
 * derivatives: each line search costs a bounded number of evaluations.
 */
export async function powell(
  objective: Objective,
  x0: readonly number[],
  opts: OptimizerOptions,
): Promise<OptimizerRun> {
  const n = x0.length;
  const best = new BestTracker(objective);
  const trace: TraceEntry[] = [];
  const dirs: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  );
  let x = [...x0];
  let fx = await best.eval(x);
  let stop = 'max_iterations';
  for (let it = 1; it <= opts.maxIterations; it++) {
    const start = [...x];
    const fStart = fx;
    let biggest = 0;
    let biggestAt = 0;
    for (let i = 0; i < n; i++) {
      const before = fx;
      [x, fx] = await lineMinimum(best, x, fx, dirs[i]!);
      if (before - fx > biggest) {
        biggest = before - fx;
        biggestAt = i;
      }
    }
    const moved = x.map((v, d) => v - start[d]!);
    if (moved.some((v) => v !== 0)) {
      [x, fx] = await lineMinimum(best, x, fx, moved);
      dirs.splice(biggestAt, 1);
      dirs.push(moved);
    }
    const entry = best.entry();
    trace.push(entry);
    opts.onIteration?.(it, entry);
    if (2 * (fStart - fx) <= FTOL * (Math.abs(fStart) + Math.abs(fx)) + 1e-20) {
      stop = 'converged';
      break;
    }
  }
  return { x: best.x, cost: best.cost, trace, evaluations: best.evaluations, stop };
}

/** The minimum along x + t·d: bracketed by growing steps, then narrowed by golden sections. */
async function lineMinimum(
  best: BestTracker,
  x: number[],
  fx: number,
  d: readonly number[],
): Promise<[number[], number]> {
  const at = (t: number) => x.map((v, k) => v + t * d[k]!);
  const f = (t: number) => best.eval(at(t));
  let a = 0;
  let b = STEP;
  let fb = await f(b);
  if (fb > fx) {
    [a, b, fb] = [b, a, fx];
  }
  // Walk downhill from a through b until the cost rises at c.
  let c = b + GROW * (b - a);
  let fc = await f(c);
  for (let k = 0; k < MAX_BRACKET && fc < fb; k++) {
    [a, b, fb] = [b, c, fc];
    c = b + GROW * (b - a);
    fc = await f(c);
  }
  let lo = Math.min(a, c);
  let hi = Math.max(a, c);
  let m = b;
  let fm = fb;
  for (let k = 0; k < SECTIONS; k++) {
    const right = hi - m > m - lo;
    const t = right ? m + GOLDEN * (hi - m) : m - GOLDEN * (m - lo);
    const ft = await f(t);
    if (ft < fm) {
      if (right) lo = m;
      else hi = m;
      m = t;
      fm = ft;
    } else if (right) hi = t;
    else lo = t;
  }
  return fm < fx ? [at(m), fm] : [x, fx];
}
