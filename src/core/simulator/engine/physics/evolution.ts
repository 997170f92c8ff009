import { evalNum } from '../../../../shared/dialect/numbers';
import type { ParamValues } from '../../../../shared/dialect/numbers';
import type { CoefficientPoint, Schedule } from '../../../../shared/dialect/schedule';
import { scheduleBreakpoints } from '../../../../shared/dialect/schedule';
import type { Work } from '../run/work';
import { Dopri5 } from './dopri5';
import { PauliOperator } from './pauli-operator';

/**
 * Tolerances of the integrator, per step, on the 2-norm of the state. Tight on purpose: a
 * simulator is the reference people compare hardware against, and dim ≤ 2^20 keeps it cheap.
 */
export const EVOLUTION_RTOL = 1e-11;
export const EVOLUTION_ATOL = 1e-13;

export interface EvolutionOptions {
  /** null: a pure state of n qubits; n: vec(ρ) of an n-qubit density matrix (2n qubits). */
  densityQubits: number | null;
  maxSteps: number;
  /** Called at each recorded time of the schedule's grid (t = 0 included) with the state. */
  onGrid?: (index: number, t: number) => void;
}

/** A label's coefficient as a + b·t, valid on one integration segment. */
interface Linear {
  a: number;
  b: number;
}

/**
 * Integrate i·dψ/dt = H(t)·ψ (or i·dρ/dt = [H, ρ]) over the schedule, in place. H(t) is the sum
 * of the labelled Pauli sums times their piecewise-linear coefficients. Steps never cross a
 * kink of a coefficient or a grid point, so the ODE is smooth on each segment and the grid
 * values are exact solution points, not interpolations.
 */
export async function evolve(
  re: Float64Array,
  im: Float64Array,
  schedule: Schedule,
  values: ParamValues,
  opts: EvolutionOptions,
  work: Work,
): Promise<{ steps: number; rejected: number }> {
  let op = PauliOperator.fromSums(
    schedule.terms.map((t) => t.hamiltonian),
    values,
  );
  if (opts.densityQubits !== null) op = op.liouvillian(opts.densityQubits);
  const coefficients = schedule.terms.map((t) =>
    t.points.map((p) => ({ t: p.t, v: evalNum(p.value, values) })),
  );
  const lines: Linear[] = coefficients.map(() => ({ a: 0, b: 0 }));
  const scale = new Float64Array(coefficients.length);
  const hRe = new Float64Array(re.length);
  const hIm = new Float64Array(re.length);

  const derivative = (
    t: number,
    yRe: Float64Array,
    yIm: Float64Array,
    outRe: Float64Array,
    outIm: Float64Array,
  ): void => {
    for (let g = 0; g < lines.length; g++) scale[g] = lines[g]!.a + lines[g]!.b * t;
    op.apply(yRe, yIm, hRe, hIm, scale);
    // −i·(Hy): real part Im(Hy), imaginary part −Re(Hy)
    for (let i = 0; i < outRe.length; i++) {
      outRe[i] = hIm[i]!;
      outIm[i] = -hRe[i]!;
    }
  };
  const solver = new Dopri5(re.length, derivative, {
    rtol: EVOLUTION_RTOL,
    atol: EVOLUTION_ATOL,
    maxSteps: opts.maxSteps,
  });

  const grid = schedule.grid;
  const stops = mergeStops(grid, scheduleBreakpoints(schedule));
  let gridIndex = 0;
  opts.onGrid?.(gridIndex++, 0);
  const T = schedule.T;
  for (let s = 1; s < stops.length; s++) {
    const t0 = stops[s - 1]!;
    const t1 = stops[s]!;
    const mid = (t0 + t1) / 2;
    coefficients.forEach((points, g) => (lines[g] = pieceAt(points, mid)));
    solver.invalidate();
    await solver.advance(t0, t1, re, im, (t) => work.tick(t / T, () => `t = ${fmt(t)}/${fmt(T)}`));
    while (gridIndex < grid.length && grid[gridIndex]! <= t1 + 1e-12 * T) {
      opts.onGrid?.(gridIndex, grid[gridIndex]!);
      gridIndex++;
    }
  }
  return { steps: solver.steps, rejected: solver.rejected };
}

function mergeStops(grid: number[], breakpoints: number[]): number[] {
  const all = [...grid, ...breakpoints].sort((a, b) => a - b);
  const out: number[] = [];
  const eps = 1e-12 * (all[all.length - 1] ?? 1);
  for (const t of all) if (out.length === 0 || t - out[out.length - 1]! > eps) out.push(t);
  return out;
}

/**
 * The linear piece of a piecewise-linear function that covers `t` (a segment midpoint, so a
 * jump — two points at the same time — resolves to the side the segment lies on).
 */
export function pieceAt(points: ReadonlyArray<{ t: number; v: number }>, t: number): Linear {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (t <= first.t) return { a: first.v, b: 0 };
  if (t >= last.t) return { a: last.v, b: 0 };
  let j = 0;
  while (j + 1 < points.length && points[j + 1]!.t <= t) j++;
  const p = points[j]!;
  const q = points[j + 1]!;
  const b = (q.v - p.v) / (q.t - p.t);
  return { a: p.v - b * p.t, b };
}

/** Value of a coefficient at t (right-continuous at jumps), for reports and tests. */
export function coefficientAt(
  points: readonly CoefficientPoint[],
  values: ParamValues,
  t: number,
): number {
  const line = pieceAt(
    points.map((p) => ({ t: p.t, v: evalNum(p.value, values) })),
    t,
  );
  return line.a + line.b * t;
}

function fmt(t: number): string {
  return Number(t.toPrecision(4)).toString();
}
