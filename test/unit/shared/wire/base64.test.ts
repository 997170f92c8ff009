import { describe, expect, it } from 'vitest';
import {
  decodeBase64Text,
  encodeBase64Text,
  encodeBase64Url,
  WireDecodeError,
} from '../../../../src/shared/wire';

function failure(run: () => unknown): WireDecodeError {
  try {
    run();
  } catch (e) {
    if (e instanceof WireDecodeError) return e;
    throw e;
  }
  throw new Error('expected a WireDecodeError');
}

describe('base64 text', () => {
  const samples = [
    '',
    'a',
    'ab',
    'abc',
    'Ψ⁺ fidelity 0.97 ✓',
    '\u001b[32mINFO\u001b[0m done\n',
    '😀 emoji',
    'x'.repeat(100_000),
  ];

  it.each(samples.map((s) => [s.slice(0, 20), s]))('round-trips %j', (_label, text) => {
    expect(decodeBase64Text(encodeBase64Text(text), 'logs')).toBe(text);
  });

  it('matches the standard encoding (what Python base64.b64encode produces)', () => {
    expect(encodeBase64Text('Ψ')).toBe('zqg=');
    expect(encodeBase64Text('hello')).toBe('aGVsbG8=');
    expect(decodeBase64Text('aGVsbG8=', 'logs')).toBe('hello');
  });

  it('takes the URL-safe alphabet too, padded or not', () => {
    const text = '??>>~~ subjects';
    const standard = encodeBase64Text(text);
    expect(standard).toMatch(/[+/]/);
    const urlSafe = encodeBase64Url(text);
    expect(urlSafe).toMatch(/[-_]/);
    expect(decodeBase64Text(urlSafe, 'f')).toBe(text);
    expect(decodeBase64Text(urlSafe.replace(/=+$/, ''), 'f')).toBe(text);
  });

  it('URL-safe encoding keeps padding unless asked (Python urlsafe_b64decode needs it)', () => {
    expect(encodeBase64Url('a')).toBe('YQ==');
    expect(encodeBase64Url('a', { padding: false })).toBe('YQ');
    expect(decodeBase64Text('YQ', 'f', { allowUnpadded: true })).toBe('a');
  });

  it.each([
    ['plain text with a space', 'worker crashed: boom', /character " " at position 6/],
    ['a stray character', 'aGVs%bG8=', /character '%' at position 4/],
    ['a length no base64 has', 'aGVsb', /length 5/],
    ['missing padding', 'aGVsbG8', /missing padding/],
    ['wrong padding', 'aGVsbG8==', /padding/],
    ['mixed alphabets', 'ab+_', /mixes/],
    ['stray bits after the last byte', 'aGVsbG9=', /non-zero bits/],
  ])(
    'rejects %s as invalid_base64 naming the field and keeping the raw value',
    (_label, raw, message) => {
      const error = failure(() => decodeBase64Text(raw, 'logs'));
      expect(error.code).toBe('invalid_base64');
      expect(error.field).toBe('logs');
      expect(error.raw).toBe(raw);
      expect(error.message).toMatch(message);
      expect(error.message).toContain("field 'logs'");
      expect(error.message).toContain(JSON.stringify(raw));
    },
  );

  it('rejects bytes that are not UTF-8 as invalid_utf8', () => {
    const latin1 = btoa('caf\xe9'); // ISO-8859-1 "café"
    const error = failure(() => decodeBase64Text(latin1, 'error_logs'));
    expect(error.code).toBe('invalid_utf8');
    expect(error.field).toBe('error_logs');
    expect(error.raw).toBe(latin1);
  });

  it('truncates a long raw value in the message but keeps all of it on the error', () => {
    const raw = `${'!'.repeat(500)}`;
    const error = failure(() => decodeBase64Text(raw, 'logs'));
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).toContain('(500 chars)');
    expect(error.raw).toBe(raw);
  });
});
