import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../../src/shared/text/utf8';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)),
  );

function refused(input: Uint8Array) {
  const result = decodeUtf8(input);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.text)}`);
  return result;
}

describe('decodeUtf8: payload files are UTF-8 or refused', () => {
  it('decodes UTF-8, dropping a leading byte order mark', () => {
    expect(decodeUtf8(bytes('type: sampling # Ωµ 𝔸\n'))).toEqual({
      ok: true,
      text: 'type: sampling # Ωµ 𝔸\n',
    });
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'a: 1\n'))).toEqual({ ok: true, text: 'a: 1\n' });
  });

  it('refuses an invalid byte with its offset, line and column (characters, not bytes)', () => {
    const e = refused(bytes('type: sampling\n# Ωµ x ', [0xff], ' y\n'));
    expect(e).toMatchObject({ offset: 24, line: 2, column: 8 });
    expect(e.message).toBe(
      'the file is not valid UTF-8: byte 0xFF at byte offset 24 (line 2, column 8) never occurs in UTF-8 (it would encode beyond U+10FFFF); save the file as UTF-8',
    );
  });

  it.each([
    ['a two-byte overlong "/"', [0xc0, 0xaf], 'begins an overlong encoding'],
    ['a three-byte overlong "/"', [0xe0, 0x80, 0xaf], 'begins an overlong encoding'],
    ['a four-byte overlong "/"', [0xf0, 0x80, 0x80, 0xaf], 'begins an overlong encoding'],
    ['a lone high surrogate', [0xed, 0xa0, 0x80], 'begins an encoded UTF-16 surrogate'],
    ['a lone low surrogate', [0xed, 0xbf, 0xbf], 'begins an encoded UTF-16 surrogate'],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 'beyond U+10FFFF'],
    ['a continuation byte alone', [0x80], 'continuation byte with no lead byte'],
    ['a sequence broken off', [0xe2, 0x82, 0x41], 'incomplete sequence'],
  ])('refuses %s', (_name, bad, reason) => {
    const e = refused(bytes('a: "', bad, '"\n'));
    expect(e).toMatchObject({ offset: 4, line: 1, column: 5 });
    expect(e.reason).toContain(reason);
  });

  it('refuses a sequence cut short by the end of the file', () => {
    const e = refused(bytes('a: 1\nb: ', [0xf0, 0x9f, 0x98]));
    expect(e).toMatchObject({ offset: 8, line: 2, column: 4 });
    expect(e.reason).toContain('cut short by the end of the file');
  });
});
