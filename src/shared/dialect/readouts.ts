import { mappingSpec } from './mapping-spec';
import { NodeRef, readEach } from './node-reader';
import { observableMaxQubit, observableRef, readObservable } from './observable';
import type { Observable } from './observable';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkReadout, readSdkReadoutItem } from './sdk-form/readouts';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import { parseYamlSource } from './yaml-source';
import { quoted } from '../text/quote';

/** Variant A readout settings: what to extract from the state a functional object prepares. */
export type Readout =
  | {
      kind: 'sampling';
      nshots: number;
      /** Unmeasured qubits as `_` in the samples' keys (the SDK's default, true). */
      expandSamples: boolean;
      ref: NodeRef;
    }
  | { kind: 'expectation'; observables: Observable[]; nshots: number; ref: NodeRef }
  | { kind: 'tomography'; ref: NodeRef };

const READOUT_TAGS = ['!SamplingReadout', '!ExpectationReadout', '!StateTomographyReadout'];

/** One readout or a list of them, from the job's readout YAML string. */
export function readReadouts(yaml: string, rootPath: string, ctx: ParseContext): Readout[] {
  return readReadoutsAt(NodeRef.root(parseYamlSource(yaml, rootPath, 'readout')), ctx);
}

/**
 * One readout or a list of them; each is read on its own, so every bad one is reported. The
 * SDK's form is one `!Readout` with a slot per kind (sampling, expectation, tomography).
 */
export function readReadoutsAt(root: NodeRef, ctx: ParseContext): Readout[] {
  if (root.tag === '!Readout') return readSdkReadout(root, ctx);
  const refs = root.isSequence() && !root.tag ? root.items('readout') : [root];
  if (refs.length === 0)
    root.fail({ subject: 'readout', problem: 'the list of readouts is empty' });
  return readEach(refs, (ref) => readReadout(ref, ctx));
}

function readReadout(ref: NodeRef, ctx: ParseContext): Readout {
  if (isSdkForm(ref)) return readSdkReadoutItem(ref, ctx);
  ctx.refuseFriendly(ref, 'readout');
  const tag = ref.tag;
  if (tag === '!SamplingReadout') {
    const f = ref.mapping(mappingSpec(ctx.variant, tag));
    const nshots = f.req('nshots').integer('nshots', 1);
    ctx.requireShots(f.req('nshots'), nshots, tag);
    const expandSamples = f.get('expand_samples')?.boolean('expand_samples') ?? true;
    return { kind: 'sampling', nshots, expandSamples, ref };
  }
  if (tag === '!ExpectationReadout') {
    const f = ref.mapping(mappingSpec(ctx.variant, tag));
    const observables = ref.attempt(() => {
      const list = f.req('observables').items('observables');
      if (list.length === 0) f.req('observables').fail({ subject: tag, problem: 'no observables' });
      return readEach(list, (o, i) => readObservable(o, `observable ${i}`, null, ctx));
    });
    const nshots = ref.attempt(() => {
      const n = f.get('nshots')?.integer('nshots', 0) ?? 0;
      if (f.get('nshots')) ctx.requireShots(f.req('nshots'), n, tag);
      return n;
    });
    return { kind: 'expectation', observables: need(observables), nshots: need(nshots), ref };
  }
  if (tag === '!StateTomographyReadout') {
    const f = ref.mapping(mappingSpec(ctx.variant, tag));
    const methodRef = f.get('method');
    const method = methodRef?.string('method') ?? 'exact';
    if (method !== 'exact') {
      methodRef?.fail({
        subject: tag,
        problem: `method ${quoted(method)} is not supported`,
        expected: 'method: exact',
      });
    }
    return { kind: 'tomography', ref };
  }
  const expected = `one of ${READOUT_TAGS.join(' ')}, or a list of them`;
  ref.checkTag('readout', expected);
  return ref.fail({
    subject: 'readout',
    problem: tag
      ? `unknown readout tag ${tag}`
      : `expected a tagged readout, found ${ref.describe()}`,
    expected,
  });
}

/** Where a variational program's cost is read from: the final state, or samples. */
export type CostSource = 'state' | 'samples';

/**
 * Where qilisdk 0.2.x reads a variational program's cost from (`compute_cost` of its
 * ObservableCostFunction and ModelCostFunction): the final state when a state tomography readout
 * gives one, else the samples of a sampling readout, whatever their order in the readout; null
 * when they give neither (the SDK raises a ValueError: an expectation readout is not read).
 */
export function costSourceOf(readouts: readonly Readout[]): CostSource | null {
  if (readouts.some((r) => r.kind === 'tomography')) return 'state';
  if (readouts.some((r) => r.kind === 'sampling')) return 'samples';
  return null;
}

/** Width checks that need the functional object's width: observables and tomography size. */
export function checkReadoutsFit(readouts: Readout[], nqubits: number, ctx: ParseContext): void {
  for (const r of readouts) {
    if (r.kind === 'expectation') {
      for (const o of r.observables) {
        const max = observableMaxQubit(o);
        if (max >= nqubits) {
          observableRef(o).report({
            subject: '!ExpectationReadout',
            code: 'dialect.qubit_range',
            problem: `the observable acts on qubit ${max}, but the state has ${nqubits} qubits`,
          });
        }
      }
    } else if (r.kind === 'tomography' && nqubits > ctx.limits.maxTomographyQubits) {
      r.ref.attempt(() =>
        limitProblem(r.ref, {
          subject: '!StateTomographyReadout',
          problem: `${nqubits} qubits exceed the simulator limit maxTomographyQubits = ${ctx.limits.maxTomographyQubits}`,
          hint: 'the state has 2^n amplitudes; use an !ExpectationReadout or a !SamplingReadout for wide states',
        }),
      );
    }
  }
}
