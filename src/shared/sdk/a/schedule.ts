import type { SdkMap, SdkNode } from '../node';
import { sdkBool, sdkFloat, sdkInt, sdkNull, sdkSeq, sdkStr } from '../node';
import type { PyNumber } from '../python/values';
import { dictSet, pyDict, pyList, pyNumber } from '../python/values';
import { parameterA } from './parameter';
import type { ParameterA } from './parameter';
import { ParameterizableA } from './parameterizable';

/*
 * qilisdk 0.2.x's schedules (main's form: `_extrapolate` and `_warned_extrapolation` included):
 * `Interpolator`, `Schedule`, `AnalogEvolution`, and the enums it writes as
 * `!!python/object/apply:` calls.
 */

export type InterpolationA = 'linear' | 'step';

const INTERPOLATION_TEXT: Readonly<Record<InterpolationA, string>> = {
  linear: 'linear interpolation between schedule points',
  step: 'Step function interpolation between schedule points',
};

/** `Interpolation.LINEAR` / `.STEP`: a str Enum, written as a call with its value. */
export function interpolationEnum(kind: InterpolationA): SdkNode {
  return sdkSeq(
    [sdkStr(INTERPOLATION_TEXT[kind])],
    'tag:yaml.org,2002:python/object/apply:qilisdk.core.interpolator.Interpolation',
  );
}

/** `InitialState.ZERO` / `.ONE` / `.UNIFORM`. */
export function initialStateEnum(name: 'zero' | 'one' | 'uniform'): SdkNode {
  return sdkSeq(
    [sdkStr(name)],
    'tag:yaml.org,2002:python/object/apply:qilisdk.core.qtensor.InitialState',
  );
}

const isParameter = (v: PyNumber | ParameterA): v is ParameterA => typeof v === 'object';

/** The time Parameter every Interpolator and Schedule makes: `Parameter("t", 0)`. */
function timeParameter(): SdkMap {
  return parameterA('t', 0n).node;
}

/**
 * `Interpolator(time_dict, interpolation, nsamples, extrapolate=False)`, as a `Schedule` leaves
 * it: `_time_dict` keyed by float times, `_tlist` the sorted times; unless the schedule's
 * `total_time` rescaled it (`set_max_time`: `_max_time` set, the caches cleared), `fixed_tlist`
 * was read when the schedule checked its total time. A value may be a `Parameter` (inside a
 * variational program): `__init__` lists it in `_parameters` under its label, and `_time_dict`
 * holds the same object (the writer's anchor and alias).
 */
export function interpolatorA(
  points: ReadonlyArray<readonly [number, PyNumber | ParameterA]>,
  interpolation: InterpolationA,
  maxTime: PyNumber | null,
): SdkMap {
  const times = points.map(([t]) => t).sort((a, b) => a - b);
  const p = new ParameterizableA('!Interpolator');
  for (const [, v] of points) if (isParameter(v)) dictSet(p.parameters, v.label, v.node);
  const tlist = () => pyList(times.map((t) => sdkFloat(t)));
  const value = (v: PyNumber | ParameterA): SdkNode => (isParameter(v) ? v.node : pyNumber(v));
  p.object
    .set('_interpolation', interpolationEnum(interpolation))
    .set('_extrapolate', sdkBool(false))
    .set('_warned_extrapolation', sdkBool(false))
    .set('_time_dict', pyDict(points.map(([t, v]) => [sdkFloat(t), value(v)] as const)))
    .set('_current_time', timeParameter())
    .set('_total_time', sdkNull())
    .set('iter_time_step', sdkInt(0))
    .set('_cached', sdkBool(false))
    .set('_cached_time', pyDict())
    .set('_tlist', maxTime === null ? tlist() : sdkNull())
    .set('_fixed_tlist', maxTime === null ? tlist() : sdkNull())
    .set('_max_time', maxTime === null ? sdkNull() : pyNumber(maxTime))
    .set('_time_scale_cache', sdkNull());
  return p.node;
}

/**
 * `Schedule(hamiltonians, coefficients, dt, total_time, interpolation)`: Parameterizable's
 * three, `_hamiltonians`, `_coefficients` (one Interpolator per label), `_interpolation`,
 * `_extrapolate`, `_current_time`, `iter_time_step`, `_max_time` (total_time), `_dt`.
 */
export function scheduleA(
  hamiltonians: ReadonlyArray<readonly [string, SdkMap]>,
  coefficients: ReadonlyArray<readonly [string, SdkMap]>,
  dt: PyNumber,
  interpolation: InterpolationA,
  totalTime: PyNumber | null,
): SdkMap {
  const p = new ParameterizableA('!Schedule');
  p.object
    .set('_hamiltonians', pyDict(hamiltonians))
    .set('_coefficients', pyDict(coefficients))
    .set('_interpolation', interpolationEnum(interpolation))
    .set('_extrapolate', sdkBool(false))
    .set('_current_time', timeParameter())
    .set('iter_time_step', sdkInt(0))
    .set('_max_time', totalTime === null ? sdkNull() : pyNumber(totalTime))
    .set('_dt', pyNumber(dt));
  return p.node;
}

/** `AnalogEvolution(schedule, initial_state, store_intermediate_results=False)`. */
export function analogEvolutionA(
  schedule: SdkNode,
  initialState: SdkNode,
  storeIntermediate: boolean,
): SdkMap {
  const p = new ParameterizableA('!AnalogEvolution');
  p.object
    .set('_initial_state', initialState)
    .set('schedule', schedule)
    .set('store_intermediate_results', sdkBool(storeIntermediate));
  return p.node;
}
