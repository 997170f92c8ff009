/**
 * Payload parsing and validation against js-yaml (issue 13). `qjob validate`'s path,
 * `documentToExecutePayload(variant, text, {}, { dialect: true })`, reads the document, checks
 * the ExecutePayload model, extracts each functional object as written and runs the dialect's
 * checks; js-yaml's `load` only turns the same text into plain objects (every local tag declared
 * to it as a passthrough, so it reads what we read). Both run on this one thread, interleaved,
 * timed on CPU time. The payload is a 20-qubit circuit, one gate per line (a megabyte is ~27k
 * gates).
 *
 * Targets (issue 13): a 1 MB payload validated in under 150 ms and within 3× js-yaml; any valid
 * payload up to the 8 MiB limit accepted (the 8 MB case also fails when it is refused).
 */
import { CORE_SCHEMA, defineMappingTag, defineScalarTag, defineSequenceTag, load } from 'js-yaml';
import { mapTag, seqTag } from 'js-yaml';
import { DEFAULT_PARSE_LIMITS, documentToExecutePayload } from '../src/shared/yaml';
import { gatePayload } from './fixtures';
import { interleaved, measure, reportRatio } from './harness';

const passthrough = { matchByTagPrefix: true, identify: () => false };
const JS_YAML_SCHEMA = CORE_SCHEMA.withTags(
  defineMappingTag('!', { ...mapTag, ...passthrough }),
  defineSequenceTag('!', { ...seqTag, ...passthrough }),
  defineScalarTag('!', { ...passthrough, resolve: (source: string) => source }),
);

function validate(text: string): void {
  const { payload, problems } = documentToExecutePayload('B', text, {}, { dialect: true });
  if (!payload) {
    const first = problems[0];
    throw new Error(`parsing bench: the payload was refused: ${first?.code} ${first?.message}`);
  }
}

const CASES = [
  { label: '1 MB', bytes: 1_000_000, runs: 7 },
  {
    label: '8 MB (just under the 8 MiB limit)',
    bytes: DEFAULT_PARSE_LIMITS.maxBytes - 1024,
    runs: 3,
  },
];

for (const { label, bytes, runs } of CASES) {
  const text = gatePayload(bytes);
  const gates = text.split('- !').length - 1;
  validate(text);
  const t = await interleaved(
    { ours: () => validate(text), 'js-yaml': () => load(text, { schema: JS_YAML_SCHEMA }) },
    runs,
    'cpu',
  );
  reportRatio({
    section: 'parsing',
    name: `qjob validate's path, ${label} (${gates} gates) / js-yaml load`,
    value: t.ours! / t['js-yaml']!,
    meaning: 'our time / js-yaml time',
    target: { atMost: 3 },
    detail: { oursMs: Math.round(t.ours!), jsYamlMs: Math.round(t['js-yaml']!), bytes },
  });
}

// The text is made once, outside the timed work (making it took 3–30 ms of the runs before).
const megabyte = gatePayload(1_000_000);
await measure('qjob validate path, 1 MB payload', { maxCpuMs: 150 }, () => validate(megabyte), {
  runs: 7,
});
