import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  BASE64_SLICE_BYTES,
  decodeBase64Bytes,
  decodeBase64Text,
  encodeBase64Text,
  encodeBase64TextSliced,
} from '../../../../src/shared/wire';

/** Deterministic bytes of every value, as latin-1-free UTF-8 text would not give. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('base64 by tables, checked against Node’s own encoder', () => {
  it('encodes every length 0..64 of mixed UTF-8 text as Buffer does', () => {
    const alphabet = 'aΨ😀\n\u0000~ÿ';
    for (let n = 0; n <= 64; n++) {
      const text = Array.from({ length: n }, (_, i) => alphabet[i % alphabet.length]).join('');
      expect(encodeBase64Text(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
    }
  });

  it('decodes arbitrary bytes, standard and URL-safe, as Buffer encoded them', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255, 256, 257, 70_000]) {
      const bytes = bytesOf(n, n + 7);
      const standard = Buffer.from(bytes).toString('base64');
      const urlSafe = Buffer.from(bytes).toString('base64url');
      expect(Buffer.from(decodeBase64Bytes(standard, 'f'))).toEqual(Buffer.from(bytes));
      const unpadded = { allowUnpadded: true };
      expect(Buffer.from(decodeBase64Bytes(urlSafe, 'f', unpadded))).toEqual(Buffer.from(bytes));
    }
  });

  it('encodes a large text in slices, pausing between them, to the same bytes', async () => {
    // Three slices and a bit, with a multi-byte character across each slice boundary.
    const text = 'Ψ'.repeat(Math.ceil((3 * BASE64_SLICE_BYTES + 100) / 2));
    let pauses = 0;
    const sliced = await encodeBase64TextSliced(text, async () => {
      pauses++;
    });
    expect(pauses).toBe(3);
    expect(sliced).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(decodeBase64Text(sliced, 'result')).toBe(text);
  });

  it('does not pause for a text of one slice or less', async () => {
    let pauses = 0;
    await encodeBase64TextSliced('x'.repeat(BASE64_SLICE_BYTES), async () => {
      pauses++;
    });
    expect(pauses).toBe(0);
  });
});
