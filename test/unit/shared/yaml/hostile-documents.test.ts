import { describe, expect, it } from 'vitest';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/**
 * Documents written to trip the parser (issue 11, item 15): whatever they hold, the messages
 * speak of what the person wrote, never of the parser's insides, and a `__proto__` key is a key
 * like any other.
 */

const INTERNALS =
  /token|YAML stream|tag:yaml\.org|node end|flow-(?:map|seq)|map-value-ind|seq-item-ind|Unsupported|stack|undefined|TypeError|Cannot read/;

const HOSTILE = [
  'type: sampling\nsampling_payload: {sampling: !Sampling {a: 1}}}\n',
  'type: sampling\n]\n',
  '- a\nb: c\n',
  '"unterminated\n',
  'a: !!int x\n',
  'a: !!map [1]\n',
  'a: !!seq {b: 1}\n',
  'a: !!timestamp foo\n',
  'a: |x\n  y\n',
  '{a: 1,, b: 2}\n',
  '[a, b]]\n',
  'a: b: c\n',
  '? [a\n',
  '%YAML 1.1\n%YAML 1.2\n---\na: 1\n',
  'a: &x\nb: *\n',
  '&a [*a]\n',
  'a: "\\q"\n',
  '\t- a\n',
  '--- a\n--- b\n',
  '...\n...\n}\n',
  `${'['.repeat(70)}${']'.repeat(70)}\n`,
  'type: sampling\nsampling_payload:\n  sampling: !Sampling\n    circuit: !Circuit {nqubits: [}, gates: x}\n',
];

describe('hostile documents', () => {
  it.each(HOSTILE)('%j: every message is in the words of the text', (text) => {
    for (const variant of ['A', 'B'] as const) {
      const { problems } = documentToExecutePayload(variant, text, {}, { dialect: true });
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect(p.message, p.code).not.toMatch(INTERNALS);
    }
  });

  it('says which character is out of place', () => {
    const { problems } = documentToExecutePayload('B', 'type: sampling\n]\n');
    expect(problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [2, 1, '"]" is not expected here'],
    ]);
    const tag = documentToExecutePayload('B', 'type: !!int sampling\n').problems;
    expect(tag.map((p) => p.message)).toContain('The tag !!int does not fit this value');
  });
});

describe('a __proto__ key', () => {
  it('is an unknown field, never the prototype the schema reads `type` from', () => {
    const text = `__proto__:
  type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 1
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}
`;
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => [p.path, p.line, p.column, p.message])).toContainEqual([
      '__proto__',
      1,
      1,
      "unknown field '__proto__'",
    ]);
    // `type` is missing, not read from the prototype.
    expect(problems.map((p) => p.path)).toContain('type');
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('inside the payload field too', () => {
    const text = `type: sampling
sampling_payload:
  __proto__: {sampling: !Sampling {nshots: 1}}
`;
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['sampling_payload.__proto__', 'sampling_payload.sampling']),
    );
  });
});
