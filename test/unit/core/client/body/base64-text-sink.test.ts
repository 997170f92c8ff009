import { describe, expect, it } from 'vitest';
import type { KeptText } from '../../../../../src/core/client/body/base64-text-sink';
import { Base64TextSink } from '../../../../../src/core/client/body/base64-text-sink';
import {
  WireDecodeError,
  decodeBase64Text,
  encodeBase64Text,
} from '../../../../../src/shared/wire';

function sink(
  b64: string,
  keep: number,
  end: 'head' | 'tail',
  size = 7,
): KeptText | WireDecodeError {
  const s = new Base64TextSink('logs', keep, end);
  for (let i = 0; i < b64.length; i += size) s.write(b64.slice(i, i + size));
  s.end();
  return s.result();
}

const LOG = Array.from({ length: 200 }, (_, i) => `line ${i}: é ✓ ${'.'.repeat(i % 13)}`).join(
  '\n',
);

describe('Base64TextSink', () => {
  it.each([1, 3, 4, 5, 4096])(
    'decodes a whole text like the strict decoder (chunks of %i)',
    (size) => {
      const b64 = encodeBase64Text(LOG);
      expect(sink(b64, 1 << 20, 'tail', size)).toEqual({
        text: decodeBase64Text(b64, 'logs'),
        totalBytes: new TextEncoder().encode(LOG).length,
        keptBytes: new TextEncoder().encode(LOG).length,
        kept: 'all',
      });
    },
  );

  it('keeps the end of a text larger than its limit, from a line start', () => {
    const bytes = new TextEncoder().encode(LOG).length;
    const kept = sink(encodeBase64Text(LOG), 1000, 'tail') as KeptText;
    expect(kept.kept).toBe('tail');
    expect(kept.totalBytes).toBe(bytes);
    expect(kept.keptBytes).toBeLessThanOrEqual(1000);
    expect(LOG.endsWith(kept.text)).toBe(true);
    expect(LOG[LOG.length - kept.text.length - 1]).toBe('\n');
    expect(new TextEncoder().encode(kept.text).length).toBe(kept.keptBytes);
  });

  it('keeps the start of a text larger than its limit, never half a character', () => {
    const text = 'é'.repeat(100); // two bytes each
    const kept = sink(encodeBase64Text(text), 51, 'head') as KeptText;
    expect(kept).toEqual({ text: 'é'.repeat(25), totalBytes: 200, keptBytes: 50, kept: 'head' });
  });

  it('takes URL-safe base64 without padding', () => {
    const b64 = encodeBase64Text('??>>ÿ')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect((sink(b64, 100, 'tail', 2) as KeptText).text).toBe('??>>ÿ');
  });

  it.each([
    ['aGVsbG8gd29ybGQ=\nAAAA', /character "\\n" at position 16/],
    ['aGVs*G8=', /character '\*' at position 4/],
    ['ab+/ab-_', /mixes the standard/],
    ['aGVsbG8', /missing padding/],
    ['aGVsbG8==', /wrong padding/],
    ['aGVs=G8=', /'=' before the end/],
    ['aGVsbG9=', /non-zero bits/],
    ['/w==', /not UTF-8/],
  ])('refuses %j with where and why, keeping the raw start', (b64, message) => {
    const result = sink(b64, 100, 'tail', 3);
    expect(result).toBeInstanceOf(WireDecodeError);
    expect((result as WireDecodeError).message).toMatch(message);
    expect((result as WireDecodeError).field).toBe('logs');
    expect((result as WireDecodeError).raw).toBe(b64);
  });
});
