import { keysOf, objectDecl } from './declaration';
import { mappingSpec } from './mapping-spec';
import type { ExecuteKindOf, VariantId } from '../variants/declaration';
import { readEach } from './node-reader';
import type { Fields, NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkExperiment } from './sdk-form/experiments';

/**
 * Variant B experiments carry no `averages`; the simulator assumes this many repetitions per
 * point, a typical setting for a calibration sweep, so the noise level looks realistic.
 */
export const VARIANT_B_DEFAULT_AVERAGES = 1000;

/**
 * The NumPy dtype of a sweep as the SDK holds it (`!ndarray {dtype}`): `float64` from
 * `np.linspace` (what the friendly form compiles to), `int64` from `np.array` of ints.
 */
export type SweepDtype = 'float64' | 'int64';

export interface RabiExperiment {
  kind: 'rabi';
  qubit: number;
  /** Drive pulse durations, ns. */
  durationsNs: number[];
  sweepDtype: SweepDtype;
  averages: number;
  ref: NodeRef;
}

export interface T1Experiment {
  kind: 't1';
  qubit: number;
  /** Waits between the excitation pulse and the measurement, ns. */
  waitsNs: number[];
  sweepDtype: SweepDtype;
  averages: number;
  /** Excitation pulse length, ns (Variant B); null = the device's calibrated π pulse. */
  pulseDurationNs: number | null;
  /** Idle time between repetitions, ns (Variant B); null = long enough to relax fully. */
  delayNs: number | null;
  ref: NodeRef;
}

export type Experiment = RabiExperiment | T1Experiment;

export function readExperiment(
  ref: NodeRef,
  ctx: ParseContext,
  tags: readonly string[],
): Experiment {
  const tag = ref.tag ?? '';
  if (!tags.includes(tag)) {
    ref.checkTag('experiment', tags.join(' or '));
    ref.fail({
      subject: 'experiment',
      problem: tag
        ? `unexpected tag ${tag}`
        : `expected a tagged experiment, found ${ref.describe()}`,
      expected: tags.join(' or '),
    });
  }
  ctx.requireCapability(ref, 'experiment', tag);
  if (isSdkForm(ref)) return readSdkExperiment(ref, ctx, tag as ExperimentTag);
  const variantA = ctx.variant === 'A';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  const [qubitKey = '', ...rest] = keysOf(objectDecl(ctx.variant, tag)).required;
  const sweepKey = rest[rest.length - 1] ?? '';
  // Each field on its own: a wrong qubit and an empty sweep are both reported.
  const qubit = ref.attempt(() => readDeviceQubit(f.req(qubitKey), ctx, tag));
  const sweep = ref.attempt(() => readDurations(f.req(sweepKey), ctx, tag));
  const averages = variantA
    ? ref.attempt(() => readAverages(f.req('averages'), ctx, tag))
    : VARIANT_B_DEFAULT_AVERAGES;
  const build = Object.hasOwn(BUILD, tag) ? BUILD[tag as ExperimentTag] : undefined;
  if (!build) throw new Error(`no experiment is built from ${tag}`);
  return build({ ref, tag, variantA, fields: f, qubit, sweep, averages });
}

/** Every tag of an execute type the variant declaration gives the work `experiment`. */
export type ExperimentTag = Extract<
  ExecuteKindOf<VariantId>,
  { work: 'experiment' }
>['functionalTags'][number];

/** What every experiment reads alike: its qubit, its sweep and its averages (undefined if failed). */
interface SweepRead {
  ref: NodeRef;
  tag: string;
  variantA: boolean;
  fields: Fields;
  qubit: number | undefined;
  sweep: number[] | undefined;
  averages: number | undefined;
}

/** The experiment of each declared experiment tag: the compiler names this table for a new one. */
const BUILD: { readonly [T in ExperimentTag]: (read: SweepRead) => Experiment } = {
  '!RabiExperiment': ({ ref, qubit, sweep, averages }) => ({
    kind: 'rabi',
    qubit: need(qubit),
    durationsNs: need(sweep),
    sweepDtype: 'float64',
    averages: need(averages),
    ref,
  }),
  '!T1Experiment': ({ ref, tag, variantA, fields, qubit, sweep, averages }) => {
    // Variant B's own two (optional: qilisdk 0.1.x's T1Experiment has neither, so a document
    // that gives one cannot be compiled for the service; the simulator still honours them).
    const optionalDuration = (key: string) => {
      const at = variantA ? undefined : fields.get(key);
      return at ? ref.attempt(() => readDuration(at, tag)) : null;
    };
    const pulse = optionalDuration('pulse_duration');
    const delay = optionalDuration('delay_between_pulses');
    return {
      kind: 't1',
      qubit: need(qubit),
      waitsNs: need(sweep),
      sweepDtype: 'float64',
      averages: need(averages),
      pulseDurationNs: pulse === null ? null : need(pulse),
      delayNs: delay === null ? null : need(delay),
      ref,
    };
  },
};

export function readDeviceQubit(ref: NodeRef, ctx: ParseContext, what: string): number {
  const q = ref.integer('qubit', 0);
  if (ctx.device && q >= ctx.device.nqubits) {
    ref.fail({
      subject: what,
      problem: `qubit ${q} does not exist on device ${ctx.device.code}`,
      expected: `a qubit index from 0 to ${ctx.device.nqubits - 1}`,
    });
  }
  return q;
}

export function readAverages(ref: NodeRef, ctx: ParseContext, what: string): number {
  const n = ref.integer('averages', 1);
  ctx.requireShots(ref, n, `${what} averages`);
  return n;
}

function readDuration(ref: NodeRef, what: string): number {
  const v = ref.number('duration (ns)');
  if (v < 0) ref.fail({ subject: what, problem: `durations cannot be negative, found ${v}` });
  return v;
}

export function readDurations(ref: NodeRef, ctx: ParseContext, what: string): number[] {
  const items = ref.tag === '!ndarray' ? ndarrayItems(ref, what) : ref.items(`${what} durations`);
  if (items.length === 0) ref.fail({ subject: what, problem: 'the sweep is empty' });
  if (items.length > ctx.limits.maxTimeSteps) {
    limitProblem(ref, {
      subject: what,
      problem: `${items.length} points exceed the simulator limit maxTimeSteps = ${ctx.limits.maxTimeSteps}`,
    });
  }
  return readEach(items, (item) => readDuration(item, what));
}

/** The SDK writes NumPy sweeps as `!ndarray {dtype, shape, data}`; a 1-D one is a plain list. */
function ndarrayItems(ref: NodeRef, what: string): NodeRef[] {
  const f = ref.mapping({
    tags: ['!ndarray'],
    what: `${what} !ndarray`,
    required: ['data'],
    optional: ['dtype', 'shape'],
  });
  const data = f.req('data').items('ndarray data');
  const shapeRef = f.get('shape');
  if (shapeRef) {
    const shape = shapeRef.items('shape').map((s) => s.integer('shape', 0));
    if (shape.length !== 1 || shape[0] !== data.length) {
      shapeRef.fail({
        subject: what,
        problem: `shape [${shape.join(', ')}] is not a 1-D array of ${data.length} values`,
      });
    }
  }
  return data;
}
