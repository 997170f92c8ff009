import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';

/**
 * Variant B experiments carry no `averages`; the simulator assumes this many repetitions per
 * point, a typical setting for a calibration sweep, so the noise level looks realistic.
 */
export const VARIANT_B_DEFAULT_AVERAGES = 1000;

export interface RabiExperiment {
  kind: 'rabi';
  qubit: number;
  /** Drive pulse durations, ns. */
  durationsNs: number[];
  averages: number;
  ref: NodeRef;
}

export interface T1Experiment {
  kind: 't1';
  qubit: number;
  /** Waits between the excitation pulse and the measurement, ns. */
  waitsNs: number[];
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
    ref.fail({
      subject: 'experiment',
      problem: tag
        ? `unexpected tag ${tag}`
        : `expected a tagged experiment, found ${ref.describe()}`,
      expected: tags.join(' or '),
    });
  }
  ctx.requireCapability(ref, 'experiment', tag);
  const variantA = ctx.variant === 'A';
  if (tag === '!RabiExperiment') {
    const keys = variantA
      ? ['qubit', 'averages', 'drive_duration_values']
      : ['qubit_id', 'drive_pulse_duration'];
    const f = ref.mapping({ tags: [tag], what: tag, required: keys });
    return {
      kind: 'rabi',
      qubit: readDeviceQubit(f.req(keys[0]!), ctx, tag),
      durationsNs: readDurations(f.req(keys[variantA ? 2 : 1]!), ctx, tag),
      averages: variantA ? readAverages(f.req('averages'), ctx, tag) : VARIANT_B_DEFAULT_AVERAGES,
      ref,
    };
  }
  const keys = variantA
    ? ['qubit', 'averages', 'wait_duration_values']
    : ['qubit_id', 'pulse_duration', 'delay_between_pulses', 'wait_times'];
  const f = ref.mapping({ tags: [tag], what: tag, required: keys });
  return {
    kind: 't1',
    qubit: readDeviceQubit(f.req(keys[0]!), ctx, tag),
    waitsNs: readDurations(f.req(keys[variantA ? 2 : 3]!), ctx, tag),
    averages: variantA ? readAverages(f.req('averages'), ctx, tag) : VARIANT_B_DEFAULT_AVERAGES,
    pulseDurationNs: variantA ? null : readDuration(f.req('pulse_duration'), tag),
    delayNs: variantA ? null : readDuration(f.req('delay_between_pulses'), tag),
    ref,
  };
}

function readDeviceQubit(ref: NodeRef, ctx: ParseContext, what: string): number {
  const q = ref.integer('qubit', 0);
  if (q >= ctx.device.nqubits) {
    ref.fail({
      subject: what,
      problem: `qubit ${q} does not exist on device ${ctx.device.code}`,
      expected: `a qubit index from 0 to ${ctx.device.nqubits - 1}`,
    });
  }
  return q;
}

function readAverages(ref: NodeRef, ctx: ParseContext, what: string): number {
  const n = ref.integer('averages', 1);
  ctx.requireShots(ref, n, `${what} averages`);
  return n;
}

function readDuration(ref: NodeRef, what: string): number {
  const v = ref.number('duration (ns)');
  if (v < 0) ref.fail({ subject: what, problem: `durations cannot be negative, found ${v}` });
  return v;
}

function readDurations(ref: NodeRef, ctx: ParseContext, what: string): number[] {
  const items = ref.tag === '!ndarray' ? ndarrayItems(ref, what) : ref.items(`${what} durations`);
  if (items.length === 0) ref.fail({ subject: what, problem: 'the sweep is empty' });
  if (items.length > ctx.limits.maxTimeSteps) {
    ref.fail({
      subject: what,
      problem: `${items.length} points exceed the simulator limit maxTimeSteps = ${ctx.limits.maxTimeSteps}`,
    });
  }
  return items.map((item) => readDuration(item, what));
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
