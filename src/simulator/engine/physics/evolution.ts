import { evalNum } from '../../../shared/dialect/numbers';
import type { ParamValues } from '../../../shared/dialect/numbers';
import type { Schedule } from '../../../shared/dialect/schedule';
import { scheduleBreakpoints, scheduleCoefficients } from '../../../shared/dialect/schedule';
import type { Work } from '../work';
import { GroupedPauliOperator } from './pauli-groups';
import { PauliOperator } from './pauli-operator';
import { TaylorStepper } from './taylor';
import type { Linear } from './taylor';

export interface EvolutionOptions {
  /** null: a pure state of n qubits; n: vec(ρ) of an n-qubit density matrix (2n qubits). */
  densityQubits: number | null;
  maxSteps: number;
  /** Called at each recorded time of the schedule's grid (t = 0 included) with the state. */
  onGrid?: (index: number, t: number) => void;
}

export interface EvolutionStats {
  /** Accepted integrator steps. */
  steps: number;
  /** Steps redone smaller. */
  rejected: number;
  /** Applications of H(t) to a state (each of its labelled parts once). */
  applications: number;
}

/**
 * Integrate i·dψ/dt = H(t)·ψ (or i·dρ/dt = [H, ρ]) over the schedule, in place. H(t) is the sum
 * of the labelled Pauli sums times their piecewise-linear coefficients. Each linear piece is
 * integrated with Taylor steps (taylor.ts), exact up to a local error of 1e-13·‖ψ‖ per step;
 * steps never cross a kink of a coefficient, and recorded times inside a step are read off its
 * series, so the grid values are solution points, not interpolations.
 */
export async function evolve(
  re: Float64Array,
  im: Float64Array,
  schedule: Schedule,
  values: ParamValues,
  opts: EvolutionOptions,
  work: Work,
): Promise<EvolutionStats> {
  let op = PauliOperator.fromSums(
    schedule.terms.map((t) => t.hamiltonian),
    values,
  );
  if (opts.densityQubits !== null) op = op.liouvillian(opts.densityQubits);
  const nqubits = Math.log2(re.length);
  const grouped = GroupedPauliOperator.from(op, nqubits, schedule.terms.length);
  // A step coefficient comes as jumps (scheduleCoefficients), so every piece is linear.
  const coefficients = scheduleCoefficients(schedule).map((points) =>
    points.map((p) => ({ t: p.t, v: evalNum(p.value, values) })),
  );
  const stepper = new TaylorStepper(grouped, re.length, opts.maxSteps);
  const grid = schedule.grid;
  const stops = mergeStops([0, schedule.T], scheduleBreakpoints(schedule));
  let gridIndex = 0;
  opts.onGrid?.(gridIndex++, 0);
  const T = schedule.T;
  for (let s = 1; s < stops.length; s++) {
    const t0 = stops[s - 1]!;
    const t1 = stops[s]!;
    const mid = (t0 + t1) / 2;
    const lines = coefficients.map((points) => pieceAt(points, mid));
    const first = gridIndex;
    let end = first;
    while (end < grid.length && grid[end]! <= t1 + 1e-12 * T) end++;
    await stepper.advance(t0, t1, lines, re, im, grid.slice(first, end), {
      onTarget: (k) => {
        gridIndex = first + k + 1;
        opts.onGrid?.(first + k, grid[first + k]!);
      },
      tick: (t) => work.tick(t / T, () => `t = ${fmt(t)}/${fmt(T)}`),
    });
  }
  return { steps: stepper.steps, rejected: stepper.rejected, applications: stepper.applications };
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
function pieceAt(points: ReadonlyArray<{ t: number; v: number }>, t: number): Linear {
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

function fmt(t: number): string {
  return Number(t.toPrecision(4)).toString();
}
