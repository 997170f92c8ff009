import { describe, expect, it } from 'vitest';
import { DEFAULT_PARSE_LIMITS, documentToExecutePayload } from '../../../../src/shared/yaml';

/** A valid Variant B sampling payload of about `bytes` bytes: one gate per line. */
function payloadOf(bytes: number): string {
  const head = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    '      nqubits: 20',
    '      gates:',
    '',
  ].join('\n');
  const parts = [head];
  let size = head.length;
  for (let i = 0; ; i++) {
    const q = i % 20;
    const line =
      i % 2 === 0
        ? `        - !RX {qubit: ${q}, theta: ${(i % 997) / 100}}\n`
        : `        - !CNOT {control: ${q}, target: ${(q + 7) % 20}}\n`;
    if (size + line.length > bytes) break;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

describe('payloads up to the size limit', () => {
  it('accepts a valid payload just under 8 MiB, with the dialect’s checks', () => {
    const text = payloadOf(DEFAULT_PARSE_LIMITS.maxBytes - 100);
    expect(text.length).toBeGreaterThan(DEFAULT_PARSE_LIMITS.maxBytes - 200);
    const { payload, problems } = documentToExecutePayload('B', text, {}, { dialect: true });
    expect(problems).toEqual([]);
    const sampling =
      (payload?.type === 'sampling' ? payload.sampling_payload?.sampling : undefined) ?? '';
    // The functional object is the text as written, dedented by its column.
    expect(sampling.startsWith('!Sampling\nnshots: 100\ncircuit: !Circuit\n')).toBe(true);
    expect(sampling.length).toBeGreaterThan(text.length * 0.7);
  }, 120_000);

  it('still refuses one byte over the limit, saying the size and the limit', () => {
    const text = `${payloadOf(DEFAULT_PARSE_LIMITS.maxBytes - 40)}# ${'x'.repeat(60)}\n`;
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([['size_limit', 1, 1]]);
    expect(problems[0]?.message).toMatch(/the limit is 8388608 bytes/);
  });
});
