import { READ_LIMIT_CODES } from '../../src/shared/yaml';
import type { DocumentCase } from './hostile-corpus';
import { documentBytes, documentCases } from './hostile-corpus';

/**
 * Hostile bundles, made from a real one (what the server exported for a job): its payload text
 * replaced by a hostile document of the corpus, or its result by JSON text no one should parse
 * whole. For the bundle tests in browser mode and the memory test after them.
 */
export interface BundleAttack {
  id: string;
  what: string;
  /** The bundle's text, from the text of a real bundle. */
  make(realBundle: string): string;
  /**
   * `opened`: the bundle opens, its job's payload marked invalid (`message` is among the
   * payload's problems); `refused`: the call fails with invalid-input and `message`.
   */
  expect: { outcome: 'opened' | 'refused'; message: string };
  /** For a payload attack: the document case it carries. */
  document?: DocumentCase;
}

const RESULT_MARK = '"__hostile_result__"';

/** A real bundle's text with its first job's payload text replaced. */
export function withPayloadText(realBundle: string, text: string): string {
  type Payload = { text: string; source: string; redacted: boolean };
  const bundle = JSON.parse(realBundle) as { jobs: { payload: Payload | null }[] };
  bundle.jobs[0]!.payload = { text, source: 'submitted', redacted: false };
  return JSON.stringify(bundle);
}

/** A real bundle's text with its first job's result replaced by `json`, written as it is. */
export function withRawResult(realBundle: string, json: string): string {
  const bundle = JSON.parse(realBundle) as { jobs: { result?: unknown }[] };
  bundle.jobs[0]!.result = JSON.parse(RESULT_MARK);
  return JSON.stringify(bundle).replace(RESULT_MARK, json);
}

const LEVELS = 4_000_000;
const OBJECTS = 15_000_000;

/** The corpus documents refused for a limit, each as a bundle's payload; then two JSON attacks. */
export function bundleAttacks(): BundleAttack[] {
  const payloads = documentCases()
    .filter((c) => c.generate && c.editor.outcome === 'refused')
    .filter((c) => READ_LIMIT_CODES.has(c.editor.code ?? '') || c.editor.code === 'problem_limit')
    .map((c): BundleAttack => ({
      id: `bundle-payload-${c.id.replace(/^doc-/, '')}`,
      what: `a bundle whose payload is ${c.id}: ${c.what}`,
      make: (real) => withPayloadText(real, documentBytes(c).toString('utf8')),
      expect: { outcome: 'opened', message: c.editor.message ?? '' },
      document: c,
    }));
  return [
    ...payloads,
    {
      id: 'bundle-deep-result',
      what: 'a bundle whose result is 4 million nested arrays (8 MB of JSON)',
      make: (real) => withRawResult(real, `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`),
      expect: {
        outcome: 'refused',
        message: 'nests arrays and objects deeper than 100 levels (at line 1, column',
      },
    },
    {
      id: 'bundle-flat-result',
      what: 'a bundle whose result is 15 million empty objects (45 MB of JSON)',
      make: (real) => withRawResult(real, `[${'{},'.repeat(OBJECTS - 1)}{}]`),
      expect: {
        outcome: 'refused',
        message:
          'holds more than 4,000,000 values (arrays, objects and the entries in them; passed at line 1, column',
      },
    },
  ];
}
