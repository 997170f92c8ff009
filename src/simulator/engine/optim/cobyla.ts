import { BestTracker } from './optimizer-types';
import type { Objective, OptimizerOptions, OptimizerRun, TraceEntry } from './optimizer-types';

/** Powell's constants (COBYLB): simplex acceptability (α, β), geometry step (γ), edge limit (δ). */
const ALPHA = 0.25;
const BETA = 2.1;
const GAMMA = 0.5;
const DELTA = 1.1;
const COBYLA_RHOBEG = 0.5;
const COBYLA_RHOEND = 1e-6;

/**
 * COBYLA (Powell 1994) for the unconstrained case, following the structure of Powell's COBYLB:
 * a linear model of f interpolated on a simplex of n+1 points, trust-region steps of radius ρ,
 * geometry-improving steps when the simplex degenerates (σ/η acceptability tests), vertex
 * replacement by Powell's rules, and ρ halved when no progress is made at the current ρ.
 * Without constraints (the dialect has none) Powell's TRSTLP subproblem reduces exactly to
 * the step −ρ·g/‖g‖ along the model gradient, and the merit parameter μ stays 0.
 * One iteration = one function evaluation, as COBYLA's (and SciPy's) maxfun counts them.
 */
export async function cobyla(
  objective: Objective,
  x0: readonly number[],
  opts: OptimizerOptions,
): Promise<OptimizerRun> {
  const n = x0.length;
  const best = new BestTracker(objective);
  const trace: TraceEntry[] = [];
  let rho = COBYLA_RHOBEG;
  const maxfun = Math.max(opts.maxIterations, n + 2);
  const budgetLeft = (): boolean => best.evaluations < opts.maxIterations;
  const evaluate = async (x: number[]): Promise<number> => {
    const f = await best.eval(x);
    const entry = best.entry();
    trace.push(entry);
    opts.onIteration?.(best.evaluations, entry);
    return f;
  };

  // sim[j] = displacement of vertex j from the pole (optimal vertex); simi = inverse of [sim].
  const pole = [...x0];
  let fPole = await evaluate(pole);
  const sim: number[][] = Array.from({ length: n }, (_, j) => unit(n, j, rho));
  const fv: number[] = new Array<number>(n).fill(0);
  // Initial simplex: as Powell, a better new vertex becomes the pole at once, and the vertices
  // already placed are re-expressed relative to it.
  for (let j = 0; j < n && budgetLeft(); j++) {
    const x = [...pole];
    x[j] = x[j]! + rho;
    const f = await evaluate(x);
    if (f < fPole) {
      fv[j] = fPole;
      fPole = f;
      pole[j] = x[j]!;
      for (let k = 0; k <= j; k++) sim[k]![j] = -rho;
    } else {
      fv[j] = f;
    }
  }
  let simi = invert(sim);
  if (best.evaluations < n + 1) return finish('max_iterations');

  let geometryAllowed = false; // Powell's IBRNCH = 0: the next pass may take a geometry step
  while (best.evaluations < maxfun && budgetLeft()) {
    // Switch the best vertex into pole position.
    let nbest = -1;
    let phimin = fPole;
    for (let j = 0; j < n; j++) if (fv[j]! < phimin) [nbest, phimin] = [j, fv[j]!];
    if (nbest >= 0) {
      const d = sim[nbest]!;
      [fv[nbest], fPole] = [fPole, fv[nbest]!];
      for (let i = 0; i < n; i++) pole[i] = pole[i]! + d[i]!;
      const shift = [...d];
      for (let k = 0; k < n; k++)
        for (let i = 0; i < n; i++) sim[k]![i] = k === nbest ? -shift[i]! : sim[k]![i]! - shift[i]!;
      for (let i = 0; i < n; i++) simi[nbest]![i] = -simi.reduce((s, row) => s + row[i]!, 0);
    }
    if (inverseError(sim, simi) > 0.1) return finish('rounding errors are becoming damaging');

    // Model gradient g with f(pole + d) ≈ f(pole) + g·d through all vertices.
    const g = new Array<number>(n).fill(0);
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) g[i] = g[i]! + (fv[j]! - fPole) * simi[j]![i]!;
    const parsig = ALPHA * rho;
    const pareta = BETA * rho;
    const vsig = simi.map((row) => 1 / norm(row));
    const veta = sim.map((col) => norm(col));
    const acceptable = vsig.every((s) => s >= parsig) && veta.every((e) => e <= pareta);

    if (geometryAllowed && !acceptable) {
      // Geometry step: replace the vertex that is farthest away, else the one that makes the
      // simplex flattest, by a step of γρ along its row of simi, signed to go downhill.
      let jdrop = -1;
      let temp = pareta;
      for (let j = 0; j < n; j++) if (veta[j]! > temp) [jdrop, temp] = [j, veta[j]!];
      if (jdrop < 0) for (let j = 0; j < n; j++) if (vsig[j]! < temp) [jdrop, temp] = [j, vsig[j]!];
      const dx = simi[jdrop]!.map((v) => GAMMA * rho * vsig[jdrop]! * v);
      if (dot(g, dx) > 0) for (let i = 0; i < n; i++) dx[i] = -dx[i]!;
      simi = replaceVertex(sim, simi, jdrop, dx);
      fv[jdrop] = await evaluate(pole.map((p, i) => p + dx[i]!));
      geometryAllowed = false;
      continue;
    }

    // Trust-region step: minimise the linear model on ‖d‖ ≤ ρ.
    const gNorm = norm(g);
    let reduceRho = gNorm === 0;
    if (!reduceRho) {
      const dx = g.map((v) => (-rho * v) / gNorm);
      const prerem = -dot(g, dx); // predicted reduction ρ‖g‖
      const f = await evaluate(pole.map((p, i) => p + dx[i]!));
      const trured = fPole - f;
      // Choose the vertex to drop (Powell's rules, with μ = 0).
      let ratio = trured <= 0 ? 1 : 0;
      let jdrop = -1;
      const sigbar: number[] = [];
      for (let j = 0; j < n; j++) {
        const t = Math.abs(dot(simi[j]!, dx));
        if (t > ratio) [jdrop, ratio] = [j, t];
        sigbar.push(t * vsig[j]!);
      }
      let edgmax = DELTA * rho;
      let l = -1;
      for (let j = 0; j < n; j++) {
        if (sigbar[j]! >= parsig || sigbar[j]! >= vsig[j]!) {
          const t = trured > 0 ? norm(dx.map((v, i) => v - sim[j]![i]!)) : veta[j]!;
          if (t > edgmax) [l, edgmax] = [j, t];
        }
      }
      if (l >= 0) jdrop = l;
      if (jdrop >= 0) {
        simi = replaceVertex(sim, simi, jdrop, dx);
        fv[jdrop] = f;
        if (trured > 0 && trured >= 0.1 * prerem) continue;
      }
      reduceRho = true;
    }
    if (reduceRho) {
      if (!acceptable) {
        geometryAllowed = true;
        continue;
      }
      if (rho <= COBYLA_RHOEND) return finish('converged');
      rho = 0.5 * rho;
      if (rho <= 1.5 * COBYLA_RHOEND) rho = COBYLA_RHOEND;
    }
  }
  return finish('max_iterations');

  function finish(stop: string): OptimizerRun {
    return { x: best.x, cost: best.cost, trace, evaluations: best.evaluations, stop };
  }
}

/** Put displacement dx in column jdrop and update the inverse by a rank-one correction. */
function replaceVertex(sim: number[][], simi: number[][], jdrop: number, dx: number[]): number[][] {
  sim[jdrop] = [...dx];
  const pivot = dot(simi[jdrop]!, dx);
  const rowJ = simi[jdrop]!.map((v) => v / pivot);
  return simi.map((row, j) => {
    if (j === jdrop) return rowJ;
    const t = dot(row, dx);
    return row.map((v, i) => v - t * rowJ[i]!);
  });
}

function unit(n: number, j: number, length: number): number[] {
  const v = new Array<number>(n).fill(0);
  v[j] = length;
  return v;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function norm(a: readonly number[]): number {
  return Math.sqrt(dot(a, a));
}

/** max |simi·sim − I|, with sim's vertices as columns. */
function inverseError(sim: number[][], simi: number[][]): number {
  let err = 0;
  const n = sim.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let t = i === j ? -1 : 0;
      for (let k = 0; k < n; k++) t += simi[i]![k]! * sim[j]![k]!;
      err = Math.max(err, Math.abs(t));
    }
  }
  return err;
}

/** Inverse of the matrix whose columns are sim[j] (Gauss–Jordan with partial pivoting). */
function invert(sim: number[][]): number[][] {
  const n = sim.length;
  const a = Array.from({ length: n }, (_, i) => [...sim.map((col) => col[i]!), ...unit(n, i, 1)]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const piv = a[c]![c]!;
    for (let k = 0; k < 2 * n; k++) a[c]![k] = a[c]![k]! / piv;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) a[r]![k] = a[r]![k]! - f * a[c]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}
