import { BestTracker } from './optimizer-types';
import type { Objective, OptimizerOptions, OptimizerRun, TraceEntry } from './optimizer-types';

/** Correction pairs kept (SciPy's L-BFGS-B default `maxcor`). */
const MEMORY = 10;
/** Forward-difference step, relative (SciPy's default for a gradient it must estimate). */
const STEP = 1e-8;
/** Stop when an iteration reduces the cost by less than this, relative (SciPy's `ftol`). */
const FTOL = 2.220446049250313e-9;
/** Stop when the largest gradient component is below this (SciPy's `gtol`). */
const GTOL = 1e-5;
/** Armijo's sufficient decrease, and the most halvings of one line search. */
const ARMIJO = 1e-4;
const HALVINGS = 30;

/**
 * Limited-memory BFGS (Nocedal 1980; the two-loop recursion of Nocedal & Wright, algorithm 7.4)
 * for the SDK's `SciPyOptimizer(method="L-BFGS-B")`: the gradient by forward differences (one
 * evaluation per parameter, as SciPy does when no `jac` is given), a backtracking line search
 * with Armijo's condition, and SciPy's stopping rules (`ftol`, `gtol`, `maxiter`). One iteration
 * is one accepted step. Bounds are not applied: a qilisdk Parameter's default bounds are
 * ±1e30, and the simulator says in the job's log which settings it does not follow.
 */
export async function lbfgs(
  objective: Objective,
  x0: readonly number[],
  opts: OptimizerOptions & { ftol?: number; gtol?: number },
): Promise<OptimizerRun> {
  const ftol = opts.ftol ?? FTOL;
  const gtol = opts.gtol ?? GTOL;
  const best = new BestTracker(objective);
  const trace: TraceEntry[] = [];
  let x = [...x0];
  let fx = await best.eval(x);
  let g = await gradient(best, x, fx);
  const pairs: Array<{ s: number[]; y: number[]; rho: number }> = [];
  let stop = 'max_iterations';
  for (let it = 1; it <= opts.maxIterations; it++) {
    if (maxAbs(g) <= gtol) {
      stop = 'converged (gradient)';
      break;
    }
    const d = direction(g, pairs);
    let slope = dot(g, d);
    // Not a descent direction (curvature information gone bad): fall back to steepest descent.
    const dir = slope < 0 ? d : g.map((v) => -v);
    if (slope >= 0) slope = -dot(g, g);
    let t = it === 1 && pairs.length === 0 ? Math.min(1, 1 / Math.max(1e-12, norm(g))) : 1;
    let xn = x;
    let fn = fx;
    let accepted = false;
    for (let h = 0; h < HALVINGS; h++) {
      xn = x.map((v, i) => v + t * dir[i]!);
      fn = await best.eval(xn);
      if (fn <= fx + ARMIJO * t * slope) {
        accepted = true;
        break;
      }
      t /= 2;
    }
    if (!accepted) {
      stop = 'converged (no decrease along the search direction)';
      break;
    }
    const gn = await gradient(best, xn, fn);
    const s = xn.map((v, i) => v - x[i]!);
    const y = gn.map((v, i) => v - g[i]!);
    const sy = dot(s, y);
    if (sy > 1e-12 * dot(y, y)) {
      pairs.push({ s, y, rho: 1 / sy });
      if (pairs.length > MEMORY) pairs.shift();
    }
    const reduction = (fx - fn) / Math.max(Math.abs(fx), Math.abs(fn), 1);
    x = xn;
    fx = fn;
    g = gn;
    const entry = best.entry();
    trace.push(entry);
    opts.onIteration?.(it, entry);
    if (reduction <= ftol) {
      stop = 'converged (cost)';
      break;
    }
  }
  return { x: best.x, cost: best.cost, trace, evaluations: best.evaluations, stop };
}

/** ∇f at x by forward differences, f(x) known. */
async function gradient(best: BestTracker, x: number[], fx: number): Promise<number[]> {
  const g: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const h = STEP * Math.max(1, Math.abs(x[i]!));
    const xi = [...x];
    xi[i] = x[i]! + h;
    g.push(((await best.eval(xi)) - fx) / h);
  }
  return g;
}

/** −H·g by the two-loop recursion over the kept pairs (H₀ scaled by the newest pair). */
function direction(g: number[], pairs: ReadonlyArray<{ s: number[]; y: number[]; rho: number }>) {
  const q = [...g];
  const alphas: number[] = [];
  for (let k = pairs.length - 1; k >= 0; k--) {
    const { s, y, rho } = pairs[k]!;
    const a = rho * dot(s, q);
    alphas[k] = a;
    for (let i = 0; i < q.length; i++) q[i] = q[i]! - a * y[i]!;
  }
  const last = pairs[pairs.length - 1];
  const gamma = last ? dot(last.s, last.y) / dot(last.y, last.y) : 1;
  const r = q.map((v) => gamma * v);
  for (let k = 0; k < pairs.length; k++) {
    const { s, y, rho } = pairs[k]!;
    const b = rho * dot(y, r);
    for (let i = 0; i < r.length; i++) r[i] = r[i]! + s[i]! * (alphas[k]! - b);
  }
  return r.map((v) => -v);
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

const norm = (a: readonly number[]): number => Math.sqrt(dot(a, a));

function maxAbs(a: readonly number[]): number {
  let m = 0;
  for (const v of a) m = Math.max(m, Math.abs(v));
  return m;
}
