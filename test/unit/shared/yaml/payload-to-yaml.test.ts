import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import { payloadToYaml } from '../../../../src/shared/yaml/payload-to-yaml';

const templates = (variant: 'a' | 'b') =>
  readdirSync(path.join('resources/templates', variant))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => [variant.toUpperCase() as 'A' | 'B', f] as const);

describe('payloadToYaml', () => {
  it.each([...templates('a'), ...templates('b')])(
    'Variant %s %s: the shown document submits the same payload',
    (variant, file) => {
      const text = readFileSync(
        path.join('resources/templates', variant.toLowerCase(), file),
        'utf8',
      );
      const sent = documentToExecutePayload(variant, text).payload;
      expect(sent).not.toBeNull();
      const shown = payloadToYaml(JSON.parse(JSON.stringify(sent)));
      const again = documentToExecutePayload(variant, shown);
      expect(again.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(again.payload).toEqual(sent);
    },
  );

  it('hoists a lone tag beside its key and drops unused payload fields', () => {
    const shown = payloadToYaml({
      type: 'sampling',
      sampling_payload: { sampling: '!Sampling\nnshots: 10\n' },
      time_evolution_payload: null,
    });
    expect(shown).toBe(
      'type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 10\n',
    );
  });

  it('keeps a flow-style object on one line', () => {
    expect(payloadToYaml({ type: 'x', x_payload: { x: '!X {a: 1}' } })).toContain(
      '  x: !X {a: 1}\n',
    );
  });
});
