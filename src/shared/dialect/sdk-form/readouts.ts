import type { NodeRef } from '../node-reader';
import type { ParseContext } from '../parse-context';
import type { Readout } from '../readouts';
import { readEach } from '../node-reader';
import { need } from '../read-session';
import { readSdkObservable } from './observables';

/*
 * Variant A's readout in the SDK's form: one `!Readout {_sampling, _expectation,
 * _state_tomography}`, each slot null or its readout (`!SamplingReadout {_expand_samples,
 * _nshots}`, `!ExpectationReadout {_expanded_observables, _nshots, _observables,
 * _scaled_nqubits}`, `!StateTomographyReadout {_method}`). The expectation readout's two caches
 * are not read (recompiling writes them fresh, null).
 */

const SLOTS = ['_sampling', '_expectation', '_state_tomography'] as const;
const SLOT_TAGS: Readonly<Record<(typeof SLOTS)[number], string>> = {
  _sampling: '!SamplingReadout',
  _expectation: '!ExpectationReadout',
  _state_tomography: '!StateTomographyReadout',
};

export function readSdkReadout(ref: NodeRef, ctx: ParseContext): Readout[] {
  const f = ref.mapping({ tags: ['!Readout'], what: '!Readout', required: [...SLOTS] });
  const refs: NodeRef[] = [];
  for (const slot of SLOTS) {
    const r = f.req(slot);
    if (r.scalarValue() === null) continue;
    if (r.tag !== SLOT_TAGS[slot])
      r.fail({
        subject: '!Readout',
        problem: `${slot} holds ${r.describe()}`,
        expected: `null or ${SLOT_TAGS[slot]}`,
      });
    refs.push(r);
  }
  if (refs.length === 0) ref.fail({ subject: '!Readout', problem: 'every readout slot is empty' });
  return readEach(refs, (r) => readSdkReadoutItem(r, ctx));
}

export function readSdkReadoutItem(ref: NodeRef, ctx: ParseContext): Readout {
  const tag = ref.tag;
  if (tag === '!SamplingReadout') {
    const f = ref.mapping({ tags: [tag], what: tag, required: ['_expand_samples', '_nshots'] });
    const nshots = f.req('_nshots').integer('_nshots', 1);
    ctx.requireShots(f.req('_nshots'), nshots, tag);
    return {
      kind: 'sampling',
      nshots,
      expandSamples: f.req('_expand_samples').boolean('_expand_samples'),
      ref,
    };
  }
  if (tag === '!ExpectationReadout') {
    const f = ref.mapping({
      tags: [tag],
      what: tag,
      required: ['_expanded_observables', '_nshots', '_observables', '_scaled_nqubits'],
    });
    const observables = ref.attempt(() => {
      const list = f.req('_observables').items('_observables');
      if (list.length === 0)
        f.req('_observables').fail({ subject: tag, problem: 'no observables' });
      return readEach(list, (o, i) => readSdkObservable(o, ctx.variant, `observable ${i}`));
    });
    const nshots = f.req('_nshots').integer('_nshots', 0);
    if (nshots > 0) ctx.requireShots(f.req('_nshots'), nshots, tag);
    return { kind: 'expectation', observables: need(observables), nshots, ref };
  }
  if (tag === '!StateTomographyReadout') {
    const f = ref.mapping({ tags: [tag], what: tag, required: ['_method'] });
    const method = f.req('_method').string('_method');
    if (method !== 'exact')
      f.req('_method').fail({
        subject: tag,
        problem: `method "${method}" is not supported`,
        expected: 'exact',
      });
    return { kind: 'tomography', ref };
  }
  ref.checkTag('readout');
  return ref.fail({
    subject: 'readout',
    problem: `expected one of the SDK's readouts, found ${ref.describe()}`,
  });
}
