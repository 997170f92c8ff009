import type { Node } from 'yaml';
import { isMap, isScalar, isSeq } from 'yaml';
import { VARIANTS } from '../../../shared/variants';
import type { VariantId } from '../../../shared/variants';
import {
  hasErrors,
  keyString,
  nodeSourceText,
  parsePayloadText,
  resolveNode,
} from '../../../shared/yaml';

/*
 * A payload of one variant rewritten for the other, only where the two say the same thing in
 * different words: Variant B's `sampling` (a !Sampling of a circuit) and Variant A's
 * `digital_propagation` of that circuit read out by one !SamplingReadout. Everything else has
 * no counterpart that means the same (A's expectation and tomography readouts, its analog
 * evolutions and reservoirs; B's time evolutions with their observables; the experiments, whose
 * fields differ: A's `averages` has no B equivalent), so it is not converted: the person keeps
 * or closes the tab, and is told why.
 */

export type Conversion = { ok: true; text: string } | { ok: false; reason: string };

function get(map: Node | null, key: string): Node | null {
  if (!isMap(map)) return null;
  const pair = map.items.find((p) => keyString(p.key).replace(/^_/, '') === key);
  return resolveNode(pair?.value);
}

/** The comment lines before the document's first key (`# title:`, `# device:`), kept as they are. */
function headerLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!/^\s*(#|$)/.test(line)) break;
    lines.push(line);
  }
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** `text` (a node's own text, first line beside a key) with its other lines indented by `n`. */
function nested(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line, i) => (i === 0 || line.trim() === '' ? line : `${pad}${line}`))
    .join('\n');
}

function positiveInteger(node: Node | null): number | null {
  const v = isScalar(node) ? node.value : null;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

function kindLabel(variant: VariantId, executeType: string): string {
  return (
    VARIANTS[variant].executeKinds.find((k) => k.executeType === executeType)?.label ?? executeType
  );
}

/** The payload `text`, written for Variant `from`, rewritten for `to` where that is well defined. */
export function convertPayload(text: string, from: VariantId, to: VariantId): Conversion {
  const { doc, problems } = parsePayloadText(text);
  if (hasErrors(problems)) return { ok: false, reason: 'the text does not parse as YAML' };
  const root = resolveNode(doc.contents);
  const type = get(root, 'type');
  const executeType = isScalar(type) ? String(type.value) : '';
  const header = headerLines(text);
  if (from === 'B' && to === 'A' && executeType === 'sampling') {
    const sampling = get(get(root, 'sampling_payload'), 'sampling');
    const circuit = get(sampling, 'circuit');
    const nshots = positiveInteger(get(sampling, 'nshots'));
    if (sampling?.tag !== '!Sampling' || !circuit || nshots === null)
      return { ok: false, reason: 'its !Sampling has no circuit or no whole number of shots' };
    return {
      ok: true,
      text: `${header}type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: ${nested(nodeSourceText(text, circuit), 6)}
  readout:
    - !SamplingReadout {nshots: ${nshots}}
`,
    };
  }
  if (from === 'A' && to === 'B' && executeType === 'digital_propagation') {
    const inner = get(root, 'digital_propagation_payload');
    const functional = get(inner, 'digital_propagation');
    const circuit = get(functional, 'circuit');
    const readout = get(inner, 'readout');
    const readouts = isSeq(readout) ? readout.items.map((r) => resolveNode(r)) : [readout];
    const only = readouts.length === 1 ? readouts[0]! : null;
    const nshots = only?.tag === '!SamplingReadout' ? positiveInteger(get(only, 'nshots')) : null;
    if (functional?.tag !== '!DigitalPropagation' || !circuit)
      return { ok: false, reason: 'its !DigitalPropagation has no circuit' };
    if (nshots === null)
      return {
        ok: false,
        reason:
          'Variant B samples a circuit but has no expectation or state readouts; only a digital propagation read out by one !SamplingReadout has a Variant B form (a !Sampling)',
      };
    return {
      ok: true,
      text: `${header}type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: ${nshots}
    circuit: ${nested(nodeSourceText(text, circuit), 6)}
`,
    };
  }
  const what = executeType ? `a ${kindLabel(from, executeType)} payload` : 'this payload';
  return {
    ok: false,
    reason: `${VARIANTS[to].label} has no ${executeType ? 'form' : 'known form'} of ${what} that means the same (only sampling circuits convert between the variants)`,
  };
}
