import type { NodeRef } from './node-reader';
import { readNum } from './numbers';
import type { Num, ParamTable } from './numbers';
import { readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import { mappingSpec } from './mapping-spec';
import type { PyNum } from './parameter-domain';
import type { ParseContext } from './parse-context';
import { need, SkippedNode } from './read-session';
import { coefficientPoints, readTimeStep, readTotalTime, scheduleGrid } from './schedule-timing';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkSchedule } from './sdk-form/schedule';
import { quoted } from '../text/quote';

export interface CoefficientPoint {
  t: number;
  value: Num;
}

export interface ScheduleTerm {
  label: string;
  hamiltonian: PauliSum;
  /**
   * The coefficient's defined points, in time order; between them as the schedule's
   * interpolation says, held constant before the first and after the last point.
   */
  points: CoefficientPoint[];
  /** Its own interpolation where it differs from the schedule's (0.2.x: one per Interpolator). */
  interpolation?: Interpolation;
}

/**
 * How a coefficient goes from one point to the next: along a straight line (friendly default;
 * qilisdk 0.1.x `LinearSchedule`, 0.2.x `Interpolation.LINEAR`) or held until the next point
 * (0.1.x `Schedule`, 0.2.x `Interpolation.STEP`).
 */
export type Interpolation = 'linear' | 'step';

export interface Schedule {
  T: number;
  dt: number;
  /** T and dt as written: the SDK keeps an int as an int (`_T: 10`). */
  written: { T: PyNum; dt: PyNum };
  interpolation: Interpolation;
  terms: ScheduleTerm[];
  /** Highest qubit index the Hamiltonian touches (-1: identity only). */
  maxQubit: number;
  /** Recorded time points: 0, dt, 2dt, ..., T (T included even when T/dt is not whole). */
  grid: number[];
  ref: NodeRef;
}

export function readSchedule(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Schedule {
  if (isSdkForm(ref) || ref.tag === '!LinearSchedule') return readSdkSchedule(ref, ctx, params);
  ctx.refuseFriendly(ref, '!Schedule');
  const f = ref.mapping(mappingSpec(ctx.variant, '!Schedule'));
  const T = ref.attempt(() => readTotalTime(f.req('T'), '!Schedule'));
  const timing = ref.attempt(() => readTimeStep(f.req('dt'), '!Schedule', need(T).value, ctx));
  const interpolation = ref.attempt(() => {
    const iRef = f.get('interpolation');
    const written = iRef?.string('interpolation') ?? 'linear';
    if (written !== 'linear' && written !== 'step')
      iRef!.fail({
        subject: '!Schedule',
        problem: `unknown interpolation ${quoted(written)}`,
        expected: 'linear (the default) or step',
      });
    return written as Interpolation;
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
    const points = value.attempt(() => readCoefficient(value, key, T?.value ?? Infinity, params));
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
        hint: `add coefficients.${label}: [[0, 1.0], [${T?.value ?? 'T'}, 1.0]] (or a constant number)`,
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
  if (!complete || T === undefined || !timing || !interpolation) throw new SkippedNode();
  return {
    T: T.value,
    dt: timing.dt.value,
    written: { T, dt: timing.dt },
    interpolation,
    terms,
    maxQubit,
    grid: scheduleGrid(T.value, timing.dt.value, timing.steps),
    ref,
  };
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
    // A time the SDK computed as step × dt may pass T by a rounding (3 × 0.1 > 0.3).
    if (t < 0 || t > T * (1 + 1e-12))
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

/** Each term's coefficient as the piecewise-linear function the integrator follows. */
export function scheduleCoefficients(schedule: Schedule): CoefficientPoint[][] {
  return schedule.terms.map((t) =>
    coefficientPoints(t.points, t.interpolation ?? schedule.interpolation),
  );
}
