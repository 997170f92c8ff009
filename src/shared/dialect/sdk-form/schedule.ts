import { isMap, isPair } from 'yaml';
import type { NodeRef } from '../node-reader';
import type { Num, ParamTable } from '../numbers';
import type { ParseContext } from '../parse-context';
import { readPyNumber } from '../py-number';
import type { Interpolation, Schedule, ScheduleTerm } from '../schedule';
import { readTimeStep, readTotalTime, scheduleGrid } from '../schedule-timing';
import { readSdkHamiltonian } from './observables';
import { hasDefaultBounds, PARAMETER_TAG, readSdkParameter } from './parameter';
import { readSdkScheduleA } from './schedule-a';
import { quoted } from '../../text/quote';

/*
 * The SDK's schedules. qilisdk 0.1.x: `!LinearSchedule` (coefficients interpolated linearly
 * between the defined steps) or `!Schedule` (each held until the next), `_schedule` keyed by
 * step index (time = step × `_dt`), every label defined at step 0. 0.2.x: see schedule-a.ts.
 */

const KEYS_B = [
  '_T',
  '_dt',
  '_hamiltonians',
  '_nqubits',
  '_parameters',
  '_schedule',
  'iter_time_step',
];

const INTERPOLATION_B: Readonly<Record<string, Interpolation>> = {
  '!LinearSchedule': 'linear',
  '!Schedule': 'step',
};

export function readSdkSchedule(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): Schedule {
  return ctx.variant === 'B'
    ? readSdkScheduleB(ref, ctx, params)
    : readSdkScheduleA(ref, ctx, params);
}

function readSdkScheduleB(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Schedule {
  const tag = ref.tag ?? '';
  const interpolation = INTERPOLATION_B[tag];
  if (!interpolation)
    ref.fail({
      subject: 'schedule',
      problem: `expected !LinearSchedule or !Schedule, found ${ref.describe()}`,
    });
  const f = ref.mapping({ tags: [tag], what: tag, required: KEYS_B });
  const T = readTotalTime(f.req('_T'), tag);
  const { dt, steps } = readTimeStep(f.req('_dt'), tag, T.value, ctx);
  f.req('_nqubits').integer('_nqubits', 0);
  f.req('iter_time_step').integer('iter_time_step', 0);
  const declared = readScheduleParameters(f.req('_parameters'), ctx, params, tag);

  const hamiltonians = new Map<string, ScheduleTerm>();
  for (const { key, value } of f.req('_hamiltonians').entries('_hamiltonians'))
    hamiltonians.set(key, { label: key, hamiltonian: readSdkHamiltonian(value, 'B'), points: [] });
  if (hamiltonians.size === 0)
    f.req('_hamiltonians').fail({ subject: tag, problem: 'no hamiltonians' });

  const stepsRef = f.req('_schedule');
  if (!isMap(stepsRef.node))
    return stepsRef.fail({
      subject: tag,
      problem: 'expected a mapping of step index to coefficients',
    });
  const byStep: Array<{ step: number; coefficients: NodeRef }> = [];
  for (const pair of stepsRef.node.items) {
    if (!isPair(pair)) continue;
    const keyRef = stepsRef.child(pair.key, stepsRef.path);
    const step = keyRef.integer('step index', 0);
    byStep.push({ step, coefficients: stepsRef.child(pair.value, `${stepsRef.path}.${step}`) });
  }
  byStep.sort((a, b) => a.step - b.step);
  for (const { step, coefficients } of byStep) {
    for (const { key, keyRef, value } of coefficients.entries('coefficients')) {
      const term = hamiltonians.get(key);
      if (!term)
        return keyRef.fail({
          subject: tag,
          problem: `step ${step} sets ${quoted(key)}, which is not one of its hamiltonians`,
          expected: [...hamiltonians.keys()].join(', '),
        });
      term.points.push({ t: step * dt.value, value: readCoefficient(value, ctx, declared, tag) });
    }
  }
  const terms = [...hamiltonians.values()];
  for (const t of terms)
    if (t.points.length === 0)
      stepsRef.fail({ subject: tag, problem: `hamiltonian ${quoted(t.label)} has no coefficient` });
  return {
    T: T.value,
    dt: dt.value,
    written: { T, dt },
    interpolation,
    terms,
    maxQubit: terms.reduce((m, t) => Math.max(m, t.hamiltonian.maxQubit), -1),
    grid: scheduleGrid(T.value, dt.value, steps),
    ref,
  };
}

/**
 * A schedule's `_parameters` (label → Parameter): declared in `params` (a variational program's
 * table); none allowed where parameters are not (`params` null).
 */
export function readScheduleParameters(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
  what: string,
): ParamTable | null {
  const entries = ref.entries('_parameters');
  if (entries.length > 0 && !params)
    entries[0]!.keyRef.fail({
      subject: what,
      problem: 'a schedule with Parameters runs only inside a variational program',
    });
  for (const { value } of entries) declareSdkParameter(value, ctx, params!);
  return params;
}

function declareSdkParameter(ref: NodeRef, ctx: ParseContext, params: ParamTable): Num {
  const p = readSdkParameter(ref, ctx.variant);
  return params.add(
    {
      name: p.label,
      value: p.value,
      ...(hasDefaultBounds(p) ? {} : { bounds: p.bounds }),
      ...(p.domain !== 'Real Domain' ? { domain: p.domain } : {}),
      ...(p.trainable ? {} : { trainable: false }),
      path: ref.path,
    },
    ref,
  );
}

/** A coefficient of the SDK's form: a number as written, or a Parameter of the schedule. */
export function readCoefficient(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
  what: string,
): Num {
  if (ref.tag === PARAMETER_TAG[ctx.variant]) {
    if (!params)
      ref.fail({
        subject: what,
        problem: 'a Parameter coefficient runs only inside a variational program',
      });
    return declareSdkParameter(ref, ctx, params);
  }
  if (ref.tag)
    ref.fail({
      subject: what,
      problem: `the simulator reads numbers and Parameters as coefficients, found ${ref.describe()}`,
    });
  const n = readPyNumber(ref, 'coefficient');
  return n.int ? { kind: 'const', value: n.value, int: true } : { kind: 'const', value: n.value };
}
