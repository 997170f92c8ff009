import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LineCounter, isMap, isNode, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { EngineJob, PhysicalDevice, VariantId } from '../../../../../src/simulator/engine';
import { makeJob } from './devices';

export const FIXTURE_DIR = fileURLToPath(new URL('../../../../fixtures/dialect/', import.meta.url));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

/**
 * Turn a user-edited payload document (functional objects inline) into an EngineJob the way
 * the client does on submit: each tagged node is cut out of the text as written (tag
 * included), its common indentation removed, and sent as its own YAML string.
 */
export function jobFromFixture(name: string, device: PhysicalDevice, seed = 11): EngineJob {
  const text = readFileSync(FIXTURE_DIR + name, 'utf8');
  const variant: VariantId = name.startsWith('a-') ? 'A' : 'B';
  const doc = parseDocument(text, { lineCounter: new LineCounter() });
  const root = doc.contents;
  if (!isMap(root)) throw new Error(`${name}: not a mapping`);
  const type = String(root.get('type'));
  const payloadKey = `${type}_payload`;
  const inner = variant === 'A' && type === 'experiment' ? 'experiment' : type;
  const payload = root.get(payloadKey, true);
  if (!isMap(payload)) throw new Error(`${name}: no ${payloadKey}`);
  const functional = payload.get(inner, true);
  const readout = payload.get('readout', true);
  return makeJob({
    variant,
    executeType: type,
    functionalYaml: nodeText(text, functional),
    readoutYaml: isNode(readout) ? nodeText(text, readout) : undefined,
    pathPrefix: `${payloadKey}.${inner}`,
    readoutPathPrefix: `${payloadKey}.readout`,
    device,
    seed,
  });
}

function nodeText(text: string, node: unknown): string {
  if (!isNode(node) || !node.range) throw new Error('missing node');
  const n = node as Node;
  let start = n.range![0];
  if (n.tag) {
    const at = text.lastIndexOf(n.tag, start);
    if (at >= 0) start = at;
  }
  const slice = text.slice(start, n.range![1]).replace(/\s+$/, '');
  const lines = slice.split('\n');
  const rest = lines.slice(1).filter((l) => l.trim() !== '');
  const indent = Math.min(...rest.map((l) => l.length - l.trimStart().length));
  return (
    [lines[0], ...lines.slice(1).map((l) => l.slice(Number.isFinite(indent) ? indent : 0))].join(
      '\n',
    ) + '\n'
  );
}
