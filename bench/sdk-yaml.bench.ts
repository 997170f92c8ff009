/**
 * The SDK's YAML (issue 24): reading and writing the SDK form of a 25,000-gate circuit, each
 * against js-yaml on the same text. `readSdkYaml` builds the graph (exact ints, aliases as shared
 * nodes, tree size bounded) where js-yaml's `load` builds plain objects (every local tag a
 * passthrough); `writeSdkYaml` writes ruamel's exact bytes (Python's key order, ruamel's quoting
 * and wrapping) where js-yaml's `dump` writes the loaded objects. Interleaved on one thread, CPU
 * time. Two shapes (bench/sdk-circuit.ts): Variant B with a matrix per gate, Variant A with
 * every Parameter linked back to its gate by alias.
 *
 * Target (issue 24): the whole SDK path within 2× js-yaml; reading and writing are each held to it.
 */
import type { SdkNode } from '../src/shared/sdk/node';
import { readSdkYaml, writeSdkYaml } from '../src/shared/sdk/yaml';
import {
  CORE_SCHEMA,
  defineMappingTag,
  defineScalarTag,
  defineSequenceTag,
  dump,
  load,
} from 'js-yaml';
import { mapTag, seqTag } from 'js-yaml';
import { interleaved, reportRatio } from './harness';
import { variantACircuit, variantBCircuit } from './sdk-circuit';

const passthrough = { matchByTagPrefix: true, identify: () => false };
const JS_YAML_SCHEMA = CORE_SCHEMA.withTags(
  defineMappingTag('!', { ...mapTag, ...passthrough }),
  defineSequenceTag('!', { ...seqTag, ...passthrough }),
  defineScalarTag('!', { ...passthrough, resolve: (source: string) => source }),
);

const GATES = 25_000;
/** Room for the Variant B text (about 14 MB); the reader's default limit is the app's business. */
const LIMITS = { maxBytes: 64 * 2 ** 20 };

function read(text: string): SdkNode {
  const result = readSdkYaml(text, LIMITS);
  if (!result.node) throw new Error(`sdk-yaml bench: refused: ${result.problems[0]?.message}`);
  if (result.reader !== 'fast') throw new Error('sdk-yaml bench: the fast reader did not read it');
  return result.node;
}

for (const [label, build] of [
  ['Variant B (matrices)', variantBCircuit],
  ['Variant A (aliases)', variantACircuit],
] as const) {
  const graph = build(GATES);
  const text = writeSdkYaml(graph);
  const mb = (text.length / 1e6).toFixed(1);
  if (writeSdkYaml(read(text)) !== text) throw new Error('sdk-yaml bench: the round trip changed');
  const loaded: unknown = load(text, { schema: JS_YAML_SCHEMA });

  const r = await interleaved(
    { ours: () => read(text), 'js-yaml': () => load(text, { schema: JS_YAML_SCHEMA }) },
    3,
    'cpu',
  );
  reportRatio({
    section: 'sdk-wire',
    name: `read the SDK form, ${GATES} gates, ${label}, ${mb} MB / js-yaml load`,
    value: r.ours! / r['js-yaml']!,
    meaning: 'our time / js-yaml time',
    target: { atMost: 2 },
    detail: {
      oursMs: Math.round(r.ours!),
      jsYamlMs: Math.round(r['js-yaml']!),
      bytes: text.length,
    },
  });

  const w = await interleaved(
    { ours: () => writeSdkYaml(graph), 'js-yaml': () => dump(loaded, { schema: JS_YAML_SCHEMA }) },
    3,
    'cpu',
  );
  reportRatio({
    section: 'sdk-wire',
    name: `write the SDK form, ${GATES} gates, ${label} / js-yaml dump`,
    value: w.ours! / w['js-yaml']!,
    meaning: 'our time / js-yaml time',
    target: { atMost: 2 },
    detail: { oursMs: Math.round(w.ours!), jsYamlMs: Math.round(w['js-yaml']!) },
  });
}
