import { invert, solve } from './small-linear-algebra';
import type { Matrix } from './small-linear-algebra';

/** y ≈ model(params, x) for each sample x. */
export type Model = (params: readonly number[], x: number) => number;

export interface LmOptions {
  maxIterations?: number;
  /** Stop when the relative decrease of the squared residual falls below this. */
  tolerance?: number;
  /** Analytic ∂model/∂params at x; finite differences when absent. */
  jacobian?: (params: readonly number[], x: number) => number[];
}

export interface LmResult {
  params: number[];
  /** Σ residual² at the solution. */
  sumSquares: number;
  /** √(Σ residual² / m). */
  residualRms: number;
  /** s²·(JᵀJ)⁻¹ with s² = Σ residual² / (m − n); null when singular or m ≤ n. */
  covariance: Matrix | null;
  /** √diag(covariance): one-sigma standard errors of the parameters. */
  stdErrors: number[] | null;
  iterations: number;
  converged: boolean;
}

/**
 * Levenberg–Marquardt least squares with Marquardt's diagonal scaling: each step solves
 * (JᵀJ + λ·diag(JᵀJ))·δ = Jᵀr, λ shrinking after a successful step and growing after a
 * failed one. Small and generic: the fits here have ≤ 5 parameters and ≤ a few thousand points.
 */
export function levenbergMarquardt(
  model: Model,
  xs: readonly number[],
  ys: readonly number[],
  p0: readonly number[],
  options: LmOptions = {},
): LmResult {
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-12;
  const n = p0.length;
  const m = xs.length;
  let p = [...p0];
  let ss = sumSquares(model, p, xs, ys);
  let lambda = 1e-3;
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    const { jtj, jtr } = normalEquations(model, p, xs, ys, options.jacobian);
    let improved = false;
    for (let attempt = 0; attempt < 30; attempt++) {
      const a = jtj.map((row, i) =>
        row.map((v, j) => (i === j ? v + lambda * Math.max(v, 1e-12) : v)),
      );
      const delta = solve(a, jtr);
      if (!delta) {
        lambda *= 10;
        continue;
      }
      const candidate = p.map((v, i) => v + delta[i]!);
      const css = sumSquares(model, candidate, xs, ys);
      if (Number.isFinite(css) && css <= ss) {
        const relative = (ss - css) / Math.max(ss, 1e-300);
        p = candidate;
        ss = css;
        lambda = Math.max(lambda / 10, 1e-15);
        improved = true;
        if (relative < tolerance) converged = true;
        break;
      }
      lambda *= 10;
    }
    if (!improved || converged) {
      converged = true;
      break;
    }
  }
  const { jtj } = normalEquations(model, p, xs, ys, options.jacobian);
  const inverse = m > n ? invert(jtj) : null;
  const s2 = m > n ? ss / (m - n) : NaN;
  const covariance = inverse ? inverse.map((row) => row.map((v) => v * s2)) : null;
  const stdErrors = covariance ? covariance.map((row, i) => Math.sqrt(Math.max(0, row[i]!))) : null;
  return {
    params: p,
    sumSquares: ss,
    residualRms: Math.sqrt(ss / Math.max(1, m)),
    covariance,
    stdErrors,
    iterations,
    converged,
  };
}

function sumSquares(
  model: Model,
  p: readonly number[],
  xs: readonly number[],
  ys: readonly number[],
): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) {
    const r = ys[i]! - model(p, xs[i]!);
    s += r * r;
  }
  return s;
}

function normalEquations(
  model: Model,
  p: readonly number[],
  xs: readonly number[],
  ys: readonly number[],
  jacobian: LmOptions['jacobian'],
): { jtj: Matrix; jtr: number[] } {
  const n = p.length;
  const jtj: Matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const jtr = new Array<number>(n).fill(0);
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const f = model(p, x);
    const row = jacobian ? jacobian(p, x) : numericGradient(model, p, x);
    const r = ys[i]! - f;
    for (let a = 0; a < n; a++) {
      jtr[a] = jtr[a]! + row[a]! * r;
      for (let b = 0; b <= a; b++) jtj[a]![b] = jtj[a]![b]! + row[a]! * row[b]!;
    }
  }
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) jtj[a]![b] = jtj[b]![a]!;
  return { jtj, jtr };
}

/** Central differences, step ∛ε·max(|p_k|, 1e-3): balances truncation against rounding. */
function numericGradient(model: Model, p: readonly number[], x: number): number[] {
  return p.map((v, k) => {
    const h = 6e-6 * Math.max(Math.abs(v), 1e-3);
    const up = [...p];
    const down = [...p];
    up[k] = v + h;
    down[k] = v - h;
    return (model(up, x) - model(down, x)) / (2 * h);
  });
}
