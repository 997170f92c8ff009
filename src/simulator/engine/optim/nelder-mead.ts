import { BestTracker } from './optimizer-types';
import type { Objective, OptimizerOptions, OptimizerRun, TraceEntry } from './optimizer-types';

/** Standard coefficients: reflection, expansion, contraction, shrink. */
const ALPHA = 1;
const GAMMA = 2;
const RHO = 0.5;
const SIGMA = 0.5;
/** Stop once the simplex is this small in both x and f (as SciPy's xatol / fatol). */
const XATOL = 1e-7;
const FATOL = 1e-10;

/**
 * Nelder–Mead downhill simplex (Nelder & Mead 1965, in the form of Lagarias et al. 1998).
 * One iteration = one reflection step (with its expansion/contraction/shrink). The first
 * simplex steps 0.25·max(1, |x_i|) along each axis: variational parameters are mostly angles,
 * for which a quarter radian explores without jumping past a minimum.
 */
export async function nelderMead(
  objective: Objective,
  x0: readonly number[],
  opts: OptimizerOptions,
): Promise<OptimizerRun> {
  const n = x0.length;
  const best = new BestTracker(objective);
  const trace: TraceEntry[] = [];
  const pts: number[][] = [[...x0]];
  for (let i = 0; i < n; i++) {
    const p = [...x0];
    p[i] = p[i]! + 0.25 * Math.max(1, Math.abs(p[i]!));
    pts.push(p);
  }
  const fs: number[] = [];
  for (const p of pts) fs.push(await best.eval(p));
  let stop = 'max_iterations';

  for (let it = 1; it <= opts.maxIterations; it++) {
    const order = fs.map((_, i) => i).sort((a, b) => fs[a]! - fs[b]!);
    const sp = order.map((i) => pts[i]!);
    const sf = order.map((i) => fs[i]!);
    pts.splice(0, pts.length, ...sp);
    fs.splice(0, fs.length, ...sf);
    if (converged(pts, fs)) {
      stop = 'converged';
      break;
    }
    const worst = pts[n]!;
    const centroid = Array.from(
      { length: n },
      (_, d) => pts.slice(0, n).reduce((s, p) => s + p[d]!, 0) / n,
    );
    const along = (t: number): number[] => centroid.map((c, d) => c + t * (worst[d]! - c));
    const xr = along(-ALPHA);
    const fr = await best.eval(xr);
    if (fr < fs[0]!) {
      const xe = along(-ALPHA * GAMMA);
      const fe = await best.eval(xe);
      replaceWorst(pts, fs, fe < fr ? xe : xr, Math.min(fe, fr));
    } else if (fr < fs[n - 1]!) {
      replaceWorst(pts, fs, xr, fr);
    } else {
      const outside = fr < fs[n]!;
      const xc = along(outside ? -ALPHA * RHO : RHO);
      const fc = await best.eval(xc);
      if (outside ? fc <= fr : fc < fs[n]!) {
        replaceWorst(pts, fs, xc, fc);
      } else {
        for (let i = 1; i <= n; i++) {
          pts[i] = pts[i]!.map((v, d) => pts[0]![d]! + SIGMA * (v - pts[0]![d]!));
          fs[i] = await best.eval(pts[i]!);
        }
      }
    }
    const entry = best.entry();
    trace.push(entry);
    opts.onIteration?.(it, entry);
  }
  return { x: best.x, cost: best.cost, trace, evaluations: best.evaluations, stop };
}

function replaceWorst(pts: number[][], fs: number[], x: number[], f: number): void {
  pts[pts.length - 1] = x;
  fs[fs.length - 1] = f;
}

function converged(pts: number[][], fs: number[]): boolean {
  const f0 = fs[0]!;
  const x0 = pts[0]!;
  // Loops, not Math.max(...spread): a program may have more parameters than a call has room for.
  let fSpread = 0;
  for (const f of fs) fSpread = Math.max(fSpread, Math.abs(f - f0));
  let xSpread = 0;
  for (const p of pts)
    for (let d = 0; d < p.length; d++) xSpread = Math.max(xSpread, Math.abs(p[d]! - x0[d]!));
  return fSpread <= FATOL && xSpread <= XATOL;
}
