import { isMap, isPair } from 'yaml';
import type { NodeRef } from '../node-reader';
import type { Num, ParamTable } from '../numbers';
import type { ParseContext } from '../parse-context';
import { readPyNumber } from '../py-number';
import type { CoefficientPoint, Interpolation, Schedule, ScheduleTerm } from '../schedule';
import { readTimeStep, scheduleGrid } from '../schedule-timing';
import { readSdkHamiltonian } from './observables';
import { readCoefficient, readScheduleParameters } from './schedule';
import { evaluateTerm } from './terms';
import { enumArgument } from './values';
import { quoted } from '../../text/quote';

/*
 * qilisdk 0.2.x `!Schedule`: one `!Interpolator` per Hamiltonian under `_coefficients`, each a
 * `_time_dict` (time → number, Parameter, or Term in the time Parameter `t`) with its own
 * interpolation (LINEAR or STEP) and `_max_time` (a schedule's `total_time`: every time point
 * scaled by max_time / the largest point). Read as the SDK evaluates it: the coefficient at each
 * point, a Term at its own (unscaled) time; between points as the interpolation says.
 */

const SCHEDULE_KEYS = [
  '_coefficients',
  '_current_time',
  '_dt',
  '_hamiltonians',
  '_interpolation',
  '_max_time',
  '_parameter_constraints',
  '_parameters',
  '_prefix',
  'iter_time_step',
];
const INTERPOLATOR_KEYS = [
  '_cached',
  '_cached_time',
  '_current_time',
  '_fixed_tlist',
  '_interpolation',
  '_max_time',
  '_parameter_constraints',
  '_parameters',
  '_prefix',
  '_time_dict',
  '_time_scale_cache',
  '_tlist',
  '_total_time',
  'iter_time_step',
];
/** qilisdk main (0.2.2) adds these; 0.2.1 has none of them. */
const MAIN_KEYS = ['_extrapolate', '_warned_extrapolation'];

export const INTERPOLATION_ENUM_TAG =
  'tag:yaml.org,2002:python/object/apply:qilisdk.core.interpolator.Interpolation';
const INTERPOLATION_A: Readonly<Record<string, Interpolation>> = {
  'linear interpolation between schedule points': 'linear',
  'Step function interpolation between schedule points': 'step',
};

/** `Interpolation.LINEAR` / `STEP` as the SDK writes the enum; null (0.2.1's schedule) is LINEAR. */
function readInterpolation(ref: NodeRef): Interpolation {
  if (ref.scalarValue() === null && !ref.tag) return 'linear';
  const name = enumArgument(ref, INTERPOLATION_ENUM_TAG);
  const kind = typeof name === 'string' ? INTERPOLATION_A[name] : undefined;
  if (!kind)
    return ref.fail({
      subject: '_interpolation',
      problem: `expected Interpolation [linear …] or [Step function …], found ${ref.describe()}`,
    });
  return kind;
}

function refuseExtrapolation(f: { get(key: string): NodeRef | undefined }, what: string): void {
  const ref = f.get('_extrapolate');
  if (ref?.boolean('_extrapolate'))
    ref.fail({
      subject: what,
      problem: 'extrapolated coefficients (extrapolate=True) are not run by the simulator',
      hint: 'define the coefficients up to the end of the schedule',
    });
}

export function readSdkScheduleA(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): Schedule {
  const tag = '!Schedule';
  const f = ref.mapping({
    tags: [tag],
    what: tag,
    required: SCHEDULE_KEYS,
    optional: ['_extrapolate'],
  });
  refuseExtrapolation(f, tag);
  const written = f.req('_interpolation');
  // 0.2.1 writes the schedule's own as null: its Interpolators say, when they agree.
  const unset = written.scalarValue() === null && !written.tag;
  let interpolation = readInterpolation(written);
  const declared = readScheduleParameters(f.req('_parameters'), ctx, params, tag);
  // `Schedule.T`: its total_time when given, else the coefficients' last point.
  const maxTimeRef = f.req('_max_time');
  const totalTime =
    maxTimeRef.scalarValue() === null ? null : readPyNumber(maxTimeRef, '_max_time').value;

  const coefficients = new Map<string, NodeRef>();
  for (const { key, value } of f.req('_coefficients').entries('_coefficients'))
    coefficients.set(key, value);
  const terms: ScheduleTerm[] = [];
  for (const { key, keyRef, value } of f.req('_hamiltonians').entries('_hamiltonians')) {
    const interpolator = coefficients.get(key);
    if (!interpolator)
      return keyRef.fail({
        subject: tag,
        problem: `hamiltonian ${quoted(key)} has no coefficient`,
      });
    const read = readInterpolator(interpolator, ctx, declared);
    terms.push({
      label: key,
      hamiltonian: readSdkHamiltonian(value, 'A'),
      points: read.points,
      ...(read.interpolation !== interpolation ? { interpolation: read.interpolation } : {}),
    });
  }
  if (terms.length === 0) f.req('_hamiltonians').fail({ subject: tag, problem: 'no hamiltonians' });
  const own = new Set(terms.map((t) => t.interpolation ?? interpolation));
  if (unset && own.size === 1) {
    interpolation = [...own][0]!;
    for (const t of terms) delete t.interpolation;
  }
  const T = totalTime ?? Math.max(...terms.flatMap((t) => t.points.map((p) => p.t)));
  if (!(T > 0))
    f.req('_max_time').fail({
      subject: tag,
      problem: 'the schedule has no time span (total time 0)',
    });
  const { dt, steps } = readTimeStep(f.req('_dt'), tag, T, ctx);
  return {
    T,
    dt: dt.value,
    written: { T: { value: T }, dt },
    interpolation,
    terms,
    maxQubit: terms.reduce((m, t) => Math.max(m, t.hamiltonian.maxQubit), -1),
    grid: scheduleGrid(T, dt.value, steps),
    ref,
  };
}

function readInterpolator(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): { points: CoefficientPoint[]; interpolation: Interpolation } {
  const what = '!Interpolator';
  const f = ref.mapping({ tags: [what], what, required: INTERPOLATOR_KEYS, optional: MAIN_KEYS });
  refuseExtrapolation(f, what);
  readScheduleParameters(f.req('_parameters'), ctx, params, what);
  const dict = f.req('_time_dict');
  if (!isMap(dict.node))
    return dict.fail({ subject: what, problem: 'expected a mapping of time to coefficient' });
  const raw: Array<{ t: number; value: Num }> = [];
  for (const pair of dict.node.items) {
    if (!isPair(pair)) continue;
    const timeRef = dict.child(pair.key, dict.path);
    if (timeRef.tag)
      timeRef.fail({
        subject: what,
        problem: `the simulator reads numeric time points, found ${timeRef.describe()}`,
      });
    const t = readPyNumber(timeRef, 'time point').value;
    const valueRef = dict.child(pair.value, `${dict.path}.${t}`);
    const value: Num =
      valueRef.tag === '!Term'
        ? { kind: 'const', value: evaluateTerm(valueRef, ctx.variant, t) }
        : readCoefficient(valueRef, ctx, params, what);
    raw.push({ t, value });
  }
  if (raw.length === 0) dict.fail({ subject: what, problem: 'no time points' });
  raw.sort((a, b) => a.t - b.t);
  const maxTimeRef = f.req('_max_time');
  let scale = 1;
  if (maxTimeRef.scalarValue() !== null) {
    const maxTime = readPyNumber(maxTimeRef, '_max_time').value;
    const largest = Math.max(0, ...raw.map((p) => p.t));
    scale = maxTime / (Math.abs(largest) > 1e-12 ? largest : 1);
  }
  return {
    points: raw.map((p) => ({ t: p.t * scale, value: p.value })),
    interpolation: readInterpolation(f.req('_interpolation')),
  };
}
