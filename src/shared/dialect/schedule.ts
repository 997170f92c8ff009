import type { NodeRef } from './node-reader';
import { readNum } from './numbers';
import type { Num, ParamTable } from './numbers';
import { readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import { mappingSpec } from './mapping-spec';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { need, SkippedNode } from './read-session';
import { quoted } from '../text/quote';

export interface CoefficientPoint {
  t: number;
  value: Num;
}

export interface ScheduleTerm {
  label: string;
  hamiltonian: PauliSum;
  /** Piecewise-linear in t; held constant before the first and after the last point. */
  points: CoefficientPoint[];
}

export interface Schedule {
  T: number;
  dt: number;
  terms: ScheduleTerm[];
  /** Highest qubit index the Hamiltonian touches (-1: identity only). */
  maxQubit: number;
  /** Recorded time points: 0, dt, 2dt, ..., T (T included even when T/dt is not whole). */
  grid: number[];
  ref: NodeRef;
}

export function readSchedule(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Schedule {
  const f = ref.mapping(mappingSpec(ctx.variant, '!Schedule'));
  const T = ref.attempt(() => {
    const tRef = f.req('T');
    const t = tRef.number('T');
    if (t <= 0) tRef.fail({ subject: '!Schedule', problem: `T must be positive, found ${t}` });
    return t;
  });
  const timing = ref.attempt(() => {
    const dtRef = f.req('dt');
    const dt = dtRef.number('dt');
    const total = need(T);
    if (dt <= 0 || dt > total)
      dtRef.fail({ subject: '!Schedule', problem: `dt must be in (0, T], found ${dt}` });
    const steps = Math.ceil(total / dt - 1e-9);
    if (steps > ctx.limits.maxTimeSteps) {
      limitProblem(dtRef, {
        subject: '!Schedule',
        problem: `T/dt = ${steps} time steps exceed the simulator limit maxTimeSteps = ${ctx.limits.maxTimeSteps}`,
        hint: 'use a larger dt or raise maxTimeSteps in the simulator settings',
      });
    }
    return { dt, steps };
  });

  // A label whose expression cannot be read still counts as given: its coefficient is no orphan.
  const hamiltonians = new Map<string, { sum: PauliSum | undefined; keyRef: NodeRef }>();
  const written = ref.attempt(() => f.req('hamiltonians').entries('hamiltonians'));
  for (const { key, keyRef, value } of written ?? []) {
    const sum = value.attempt(() => readPauliSum(value, `hamiltonian ${quoted(key)}`, params));
    hamiltonians.set(key, { sum, keyRef });
  }
  if (written && hamiltonians.size === 0)
    f.req('hamiltonians').report({ subject: '!Schedule', problem: 'no hamiltonians' });

  const coefficients = new Map<string, CoefficientPoint[] | undefined>();
  const given = ref.attempt(() => f.req('coefficients').entries('coefficients'));
  for (const { key, keyRef, value } of given ?? []) {
    if (written && !hamiltonians.has(key)) {
      keyRef.report({
        subject: '!Schedule',
        problem: `coefficient ${quoted(key)} has no hamiltonian of that label`,
        expected: `one of the hamiltonian labels: ${[...hamiltonians.keys()].join(', ')}`,
      });
      continue;
    }
    const points = value.attempt(() => readCoefficient(value, key, T ?? Infinity, params));
    coefficients.set(key, points);
  }
  const terms: ScheduleTerm[] = [];
  let maxQubit = -1;
  let complete = written !== undefined && given !== undefined;
  for (const [label, { sum, keyRef }] of hamiltonians) {
    if (given && !coefficients.has(label)) {
      keyRef.report({
        subject: '!Schedule',
        problem: `hamiltonian ${quoted(label)} has no coefficient`,
        hint: `add coefficients.${label}: [[0, 1.0], [${T ?? 'T'}, 1.0]] (or a constant number)`,
      });
      complete = false;
      continue;
    }
    const points = coefficients.get(label);
    if (!sum || !points) {
      complete = false;
      continue;
    }
    terms.push({ label, hamiltonian: sum, points });
    maxQubit = Math.max(maxQubit, sum.maxQubit);
  }
  if (!complete || T === undefined || !timing) throw new SkippedNode();
  // Rounded to 12 significant digits so recorded times read 0.3, not 0.30000000000000004.
  const grid = Array.from({ length: timing.steps + 1 }, (_, k) =>
    Math.min(T, Number((k * timing.dt).toPrecision(12))),
  );
  return { T, dt: timing.dt, terms, maxQubit, grid, ref };
}

/** `[[t, value], ...]` with t non-decreasing in [0, T] (a repeated t makes a jump), or one number. */
function readCoefficient(
  ref: NodeRef,
  label: string,
  T: number,
  params: ParamTable | null,
): CoefficientPoint[] {
  const what = `coefficient ${quoted(label)}`;
  if (ref.isScalar() || ref.tag === '!Parameter')
    return [{ t: 0, value: readNum(ref, what, params) }];
  const points = ref.items(what).map((item) => {
    const pair = item.items(`${what} point`);
    if (pair.length !== 2)
      item.fail({ subject: what, problem: `expected [t, value], found ${pair.length} entries` });
    const [tRef, vRef] = pair as [NodeRef, NodeRef];
    const t = tRef.number(`${what} time`);
    if (t < 0 || t > T)
      tRef.fail({ subject: what, problem: `time ${t} is outside the schedule 0..${T}` });
    return { t, value: readNum(vRef, `${what} value`, params), ref: tRef };
  });
  if (points.length === 0) ref.fail({ subject: what, problem: 'no points' });
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    if (p.t < points[i - 1]!.t)
      p.ref.fail({ subject: what, problem: `time ${p.t} comes before ${points[i - 1]!.t}` });
  }
  return points.map(({ t, value }) => ({ t, value }));
}

/** Points where a coefficient bends or jumps: the integrator must not step across them. */
export function scheduleBreakpoints(schedule: Schedule): number[] {
  const set = new Set<number>();
  for (const term of schedule.terms)
    for (const p of term.points) if (p.t > 0 && p.t < schedule.T) set.add(p.t);
  return [...set].sort((a, b) => a - b);
}
