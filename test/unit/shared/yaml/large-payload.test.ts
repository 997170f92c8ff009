import { describe, expect, it } from 'vitest';
import { DEFAULT_PARSE_LIMITS, documentToExecutePayload } from '../../../../src/shared/yaml';
import { gatePayload as payloadOf } from '../../../support/gate-payload';

describe('payloads up to the size limit', () => {
  it('accepts a valid payload just under 8 MiB, with the dialect’s checks', () => {
    const text = payloadOf(DEFAULT_PARSE_LIMITS.maxBytes - 100);
    expect(text.length).toBeGreaterThan(DEFAULT_PARSE_LIMITS.maxBytes - 200);
    const { payload, problems } = documentToExecutePayload('B', text, {}, { dialect: true });
    expect(problems).toEqual([]);
    const sampling =
      (payload?.type === 'sampling' ? payload.sampling_payload?.sampling : undefined) ?? '';
    // The functional object is the text as written, dedented by its column.
    expect(sampling.startsWith('!Sampling\nnshots: 1000\ncircuit: !Circuit\n')).toBe(true);
    expect(sampling.length).toBeGreaterThan(text.length * 0.7);
  }, 120_000);

  it('still refuses one byte over the limit, saying the size and the limit', () => {
    const base = payloadOf(DEFAULT_PARSE_LIMITS.maxBytes - 40);
    // A comment that takes the text one byte past the limit, whatever length the generator gave.
    const text = `${base}#${'x'.repeat(DEFAULT_PARSE_LIMITS.maxBytes - base.length - 1)}\n`;
    expect(text.length).toBe(DEFAULT_PARSE_LIMITS.maxBytes + 1);
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([['size_limit', 1, 1]]);
    expect(problems[0]?.message).toMatch(/the limit is 8388608 bytes/);
  }, 120_000);
});
