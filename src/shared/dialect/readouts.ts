import { NodeRef } from './node-reader';
import { readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import type { ParseContext } from './parse-context';
import { parseYamlSource } from './yaml-source';

/** Variant A readout settings: what to extract from the state a functional object prepares. */
export type Readout =
  | { kind: 'sampling'; nshots: number; ref: NodeRef }
  | { kind: 'expectation'; observables: PauliSum[]; nshots: number; ref: NodeRef }
  | { kind: 'tomography'; ref: NodeRef };

const READOUT_TAGS = ['!SamplingReadout', '!ExpectationReadout', '!StateTomographyReadout'];

/** One readout or a list of them, from the job's readout YAML string. */
export function readReadouts(yaml: string, rootPath: string, ctx: ParseContext): Readout[] {
  const root = NodeRef.root(parseYamlSource(yaml, rootPath, 'readout'));
  const refs = root.isSequence() && !root.tag ? root.items('readout') : [root];
  if (refs.length === 0)
    root.fail({ subject: 'readout', problem: 'the list of readouts is empty' });
  return refs.map((ref) => readReadout(ref, ctx));
}

function readReadout(ref: NodeRef, ctx: ParseContext): Readout {
  const tag = ref.tag;
  if (tag === '!SamplingReadout') {
    const f = ref.mapping({ tags: [tag], what: tag, required: ['nshots'] });
    const nshots = f.req('nshots').integer('nshots', 1);
    ctx.requireShots(f.req('nshots'), nshots, tag);
    return { kind: 'sampling', nshots, ref };
  }
  if (tag === '!ExpectationReadout') {
    const f = ref.mapping({
      tags: [tag],
      what: tag,
      required: ['observables'],
      optional: ['nshots'],
    });
    const observables = f
      .req('observables')
      .items('observables')
      .map((o, i) => readPauliSum(o, `observable ${i}`, null));
    if (observables.length === 0)
      f.req('observables').fail({ subject: tag, problem: 'no observables' });
    const nshots = f.get('nshots')?.integer('nshots', 0) ?? 0;
    if (f.get('nshots')) ctx.requireShots(f.req('nshots'), nshots, tag);
    return { kind: 'expectation', observables, nshots, ref };
  }
  if (tag === '!StateTomographyReadout') {
    const f = ref.mapping({ tags: [tag], what: tag, required: [], optional: ['method'] });
    const methodRef = f.get('method');
    const method = methodRef?.string('method') ?? 'exact';
    if (method !== 'exact') {
      methodRef?.fail({
        subject: tag,
        problem: `method "${method}" is not supported`,
        expected: 'method: exact',
      });
    }
    return { kind: 'tomography', ref };
  }
  return ref.fail({
    subject: 'readout',
    problem: tag
      ? `unknown readout tag ${tag}`
      : `expected a tagged readout, found ${ref.describe()}`,
    expected: `one of ${READOUT_TAGS.join(' ')}, or a list of them`,
  });
}

/** Width checks that need the functional object's width: observables and tomography size. */
export function checkReadoutsFit(readouts: Readout[], nqubits: number, ctx: ParseContext): void {
  for (const r of readouts) {
    if (r.kind === 'expectation') {
      for (const o of r.observables) {
        if (o.maxQubit >= nqubits) {
          o.ref.fail({
            subject: '!ExpectationReadout',
            problem: `the observable acts on qubit ${o.maxQubit}, but the state has ${nqubits} qubits`,
          });
        }
      }
    } else if (r.kind === 'tomography' && nqubits > ctx.limits.maxTomographyQubits) {
      r.ref.fail({
        subject: '!StateTomographyReadout',
        problem: `${nqubits} qubits exceed the simulator limit maxTomographyQubits = ${ctx.limits.maxTomographyQubits}`,
        hint: 'the state has 2^n amplitudes; use an !ExpectationReadout or a !SamplingReadout for wide states',
      });
    }
  }
}
