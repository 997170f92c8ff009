import type { Circuit } from './circuit';
import { readCircuit } from './circuit';
import { isSdkForm } from './sdk-form/dispatch';
import type { InitialState } from './initial-state';
import { readInitialStateAt } from './initial-state';
import { mappingSpec } from './mapping-spec';
import { readEach } from './node-reader';
import type { Fields, NodeRef } from './node-reader';
import type { ParamTable } from './numbers';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import type { Observable } from './observable';
import { observableMaxQubit, observableRef, readObservable } from './observable';
import type { Schedule } from './schedule';
import { readSchedule } from './schedule';
import { requireResultFits, requireScheduleFits } from './evolution-limits';

/** B `!Sampling`: run the circuit, sample the measured qubits. */
export interface SamplingFunctional {
  kind: 'sampling';
  circuit: Circuit;
  nshots: number;
  ref: NodeRef;
}

/** A `!DigitalPropagation`: run the circuit; the readouts say what to extract. */
export interface DigitalFunctional {
  kind: 'digital';
  circuit: Circuit;
  ref: NodeRef;
}

/** The SDK's 0.2.x `DigitalPropagation` bookkeeping, read only in its fresh state. */
const DIGITAL_PROPAGATION_KEYS = ['_parameter_constraints', '_parameters', '_prefix', 'circuit'];

/** B `!TimeEvolution` and A `!AnalogEvolution` (which has no observables of its own). */
export interface EvolutionFunctional {
  kind: 'timeEvolution' | 'analog';
  schedule: Schedule;
  initial: InitialState | null;
  nqubits: number;
  /** B: measured at the end (and at every recorded time when intermediate results are stored). */
  observables: Observable[];
  /** 0 = exact expectation values. */
  nshots: number;
  storeIntermediate: boolean;
  ref: NodeRef;
}

export function readSampling(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): SamplingFunctional {
  const f = ref.mapping(mappingSpec(ctx.variant, '!Sampling'));
  ctx.requireCapability(ref, 'circuit', '!Sampling');
  const circuit = ref.attempt(() => readCircuit(f.req('circuit'), ctx, params));
  const nshots = ref.attempt(() => {
    const n = f.req('nshots').integer('nshots', 1);
    ctx.requireShots(f.req('nshots'), n, '!Sampling');
    return n;
  });
  return { kind: 'sampling', circuit: need(circuit), nshots: need(nshots), ref };
}

export function readDigitalPropagation(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): DigitalFunctional {
  const what = '!DigitalPropagation';
  if (isSdkForm(ref)) {
    const f = ref.mapping({ tags: [what], what, required: DIGITAL_PROPAGATION_KEYS });
    ctx.requireCapability(ref, 'circuit', what);
    if (f.req('_parameter_constraints').items('_parameter_constraints').length > 0)
      f.req('_parameter_constraints').fail({
        subject: what,
        problem: 'parameter constraints on a digital propagation are not read by the simulator',
      });
    return { kind: 'digital', circuit: readCircuit(f.req('circuit'), ctx, params), ref };
  }
  ctx.refuseFriendly(ref, what);
  const f = ref.mapping(mappingSpec(ctx.variant, what));
  ctx.requireCapability(ref, 'circuit', what);
  return { kind: 'digital', circuit: readCircuit(f.req('circuit'), ctx, params), ref };
}

export function readTimeEvolution(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): EvolutionFunctional {
  const tag = '!TimeEvolution';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  ctx.requireCapability(ref, 'schedule', tag);
  const schedule = ref.attempt(() => readSchedule(f.req('schedule'), ctx, params));
  const observables = ref.attempt(() =>
    readEach(f.req('observables').items('observables'), (o, i) =>
      readObservable(o, `observable ${i}`, null, ctx),
    ),
  );
  const nshots = ref.attempt(() => {
    const nshotsRef = f.get('nshots');
    const n = nshotsRef?.integer('nshots', 0) ?? 0;
    if (nshotsRef) ctx.requireShots(nshotsRef, n, tag);
    return n;
  });
  const storeIntermediate = ref.attempt(
    () => f.get('store_intermediate_results')?.boolean('store_intermediate_results') ?? false,
  );
  const initial = readOptionalInitialState(f, ref, ctx);
  const nqubits = evolutionWidth(ref, ctx, tag, need(schedule), need(initial), need(observables));
  if (need(storeIntermediate))
    requireResultFits(
      f.get('store_intermediate_results') ?? ref,
      need(schedule).grid.length,
      need(observables).length,
      tag,
      ctx,
    );
  return {
    kind: 'timeEvolution',
    schedule: need(schedule),
    initial: need(initial),
    nqubits,
    observables: need(observables),
    nshots: need(nshots),
    storeIntermediate: need(storeIntermediate),
    ref,
  };
}

export function readAnalogEvolution(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): EvolutionFunctional {
  const tag = '!AnalogEvolution';
  if (isSdkForm(ref)) return readSdkAnalogEvolution(ref, ctx, params);
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  ctx.requireCapability(ref, 'schedule', tag);
  const schedule = ref.attempt(() => readSchedule(f.req('schedule'), ctx, params));
  const initial = readOptionalInitialState(f, ref, ctx);
  const storeIntermediate = ref.attempt(
    () => f.get('store_intermediate_results')?.boolean('store_intermediate_results') ?? false,
  );
  const nqubits = evolutionWidth(ref, ctx, tag, need(schedule), need(initial), []);
  return {
    kind: 'analog',
    schedule: need(schedule),
    initial: need(initial),
    nqubits,
    observables: [],
    nshots: 0,
    storeIntermediate: need(storeIntermediate),
    ref,
  };
}

/** The SDK's 0.2.x `AnalogEvolution`: `schedule`, `_initial_state`, `store_intermediate_results`. */
function readSdkAnalogEvolution(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): EvolutionFunctional {
  const tag = '!AnalogEvolution';
  const f = ref.mapping({ tags: [tag], what: tag, required: ANALOG_EVOLUTION_KEYS });
  ctx.requireCapability(ref, 'schedule', tag);
  if (f.req('_parameter_constraints').items('_parameter_constraints').length > 0)
    f.req('_parameter_constraints').fail({
      subject: tag,
      problem: 'parameter constraints on an analog evolution are not read by the simulator',
    });
  const schedule = ref.attempt(() => readSchedule(f.req('schedule'), ctx, params));
  const initial = ref.attempt(() => readInitialStateAt(f.req('_initial_state'), 30, ctx));
  const storeIntermediate = ref.attempt(() =>
    f.req('store_intermediate_results').boolean('store_intermediate_results'),
  );
  const nqubits = evolutionWidth(ref, ctx, tag, need(schedule), need(initial), []);
  return {
    kind: 'analog',
    schedule: need(schedule),
    initial: need(initial),
    nqubits,
    observables: [],
    nshots: 0,
    storeIntermediate: need(storeIntermediate),
    ref,
  };
}

const ANALOG_EVOLUTION_KEYS = [
  '_initial_state',
  '_parameter_constraints',
  '_parameters',
  '_prefix',
  'schedule',
  'store_intermediate_results',
];

/** `initial_state` when given (null when not); undefined when it was given but unreadable. */
export function readOptionalInitialState(
  f: Fields,
  ref: NodeRef,
  ctx: ParseContext,
): InitialState | null | undefined {
  return ref.attempt(() => {
    const initialRef = f.get('initial_state');
    return initialRef ? readInitialStateAt(initialRef, 30, ctx) : null;
  });
}

/**
 * A schedule has no nqubits key: the initial state fixes the width when given, otherwise the
 * highest qubit any Hamiltonian or observable names does. Everything must fit inside it.
 */
function evolutionWidth(
  ref: NodeRef,
  ctx: ParseContext,
  what: string,
  schedule: Schedule,
  initial: InitialState | null,
  observables: Observable[],
): number {
  const parts = [
    ...schedule.terms.map((t) => ({ maxQubit: t.hamiltonian.maxQubit, ref: t.hamiltonian.ref })),
    ...observables.map((o) => ({ maxQubit: observableMaxQubit(o), ref: observableRef(o) })),
  ];
  const widest = parts.reduce((m, s) => Math.max(m, s.maxQubit + 1), 1);
  // The SDK's named states (InitialState.ZERO, ...) take the width of what they evolve under.
  const sized = initial && initial.kind !== 'named' ? initial : null;
  const nqubits = sized ? sized.nqubits : widest;
  for (const s of parts) {
    if (s.maxQubit >= nqubits) {
      s.ref.fail({
        subject: what,
        code: 'dialect.qubit_range',
        problem: `qubit ${s.maxQubit} is outside the ${nqubits}-qubit initial_state`,
        hint: 'make initial_state as wide as the highest qubit index + 1',
      });
    }
  }
  const widthRef = sized?.ref ?? widestRef(parts) ?? ref;
  ctx.requireWidth(widthRef, nqubits, what, ctx.limits.maxEvolutionQubits, 'maxEvolutionQubits');
  requireScheduleFits(schedule, nqubits, initial?.kind === 'density', what, ctx);
  return nqubits;
}

function widestRef(parts: Array<{ maxQubit: number; ref: NodeRef }>): NodeRef | undefined {
  let best: { maxQubit: number; ref: NodeRef } | undefined;
  for (const s of parts) if (!best || s.maxQubit > best.maxQubit) best = s;
  return best?.ref;
}
