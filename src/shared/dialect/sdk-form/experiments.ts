import type { Experiment, ExperimentTag, SweepDtype } from '../experiments';
import {
  readAverages,
  readDeviceQubit,
  readDurations,
  VARIANT_B_DEFAULT_AVERAGES,
} from '../experiments';
import type { NodeRef } from '../node-reader';
import type { ParseContext } from '../parse-context';
import { need } from '../read-session';
import { readPyNumber } from '../py-number';

/*
 * The experiments in the SDK's form. qilisdk 0.1.6 (Variant B): `!RabiExperiment {_drive_duration_values,
 * _qubit}`, `!T1Experiment {_qubit, _wait_duration_values}`, the sweep a NumPy `!ndarray`. Variant A's
 * shim classes (qilisdk 0.2.x's private experiments plugin, mirrored as 0.2.1 carried them) add
 * `_averages`.
 */

const SWEEP_KEY: Readonly<Record<ExperimentTag, string>> = {
  '!RabiExperiment': '_drive_duration_values',
  '!T1Experiment': '_wait_duration_values',
};

const DTYPES: readonly SweepDtype[] = ['float64', 'int64'];

export function readSdkExperiment(ref: NodeRef, ctx: ParseContext, tag: ExperimentTag): Experiment {
  const variantA = ctx.variant === 'A';
  const sweepKey = SWEEP_KEY[tag];
  const f = ref.mapping({
    tags: [tag],
    what: tag,
    required: variantA ? ['_averages', sweepKey, '_qubit'] : [sweepKey, '_qubit'],
  });
  const qubit = ref.attempt(() => readDeviceQubit(f.req('_qubit'), ctx, tag));
  const sweepRef = f.req(sweepKey);
  const sweepDtype = ref.attempt(() => readSweepDtype(sweepRef, tag));
  const sweep = ref.attempt(() => readDurations(sweepRef, ctx, tag));
  const averages = variantA
    ? ref.attempt(() => readAverages(f.req('_averages'), ctx, tag))
    : VARIANT_B_DEFAULT_AVERAGES;
  const common = {
    qubit: need(qubit),
    sweepDtype: need(sweepDtype),
    averages: need(averages),
    ref,
  };
  return tag === '!RabiExperiment'
    ? { kind: 'rabi', durationsNs: need(sweep), ...common }
    : { kind: 't1', waitsNs: need(sweep), pulseDurationNs: null, delayNs: null, ...common };
}

/** The sweep's `!ndarray` dtype: the values must be written as that dtype writes them. */
function readSweepDtype(ref: NodeRef, tag: string): SweepDtype {
  if (ref.tag !== '!ndarray')
    ref.fail({
      subject: tag,
      problem: `the sweep is ${ref.describe()}`,
      expected: 'a NumPy array: !ndarray {data, dtype, shape}',
    });
  const f = ref.mapping({
    tags: ['!ndarray'],
    what: `${tag} sweep`,
    required: ['data', 'dtype', 'shape'],
  });
  const dtypeRef = f.req('dtype');
  const dtype = dtypeRef.string('dtype');
  if (!(DTYPES as readonly string[]).includes(dtype))
    dtypeRef.fail({
      subject: `${tag} sweep`,
      problem: `dtype ${dtype}`,
      expected: DTYPES.join(' or '),
    });
  const wantInt = dtype === 'int64';
  for (const item of f.req('data').items('ndarray data')) {
    const isInt = readPyNumber(item, `${tag} sweep`).int === true;
    if (isInt !== wantInt)
      item.fail({
        subject: `${tag} sweep`,
        problem: `${item.describe()} in a ${dtype} array`,
        expected: wantInt ? 'integers' : 'floats (written with a dot or an exponent)',
      });
  }
  return dtype as SweepDtype;
}
