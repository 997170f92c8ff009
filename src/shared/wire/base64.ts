import { WireDecodeError } from './errors';

/*
 * Base64 over atob/btoa and TextEncoder/TextDecoder: this folder runs in browsers and workers
 * too, where there is no Buffer.
 */

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;
const CHUNK = 0x8000;

function bytesToBinary(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return out;
}

/** UTF-8 text → standard base64 with padding (how the service sends logs and results). */
export function encodeBase64Text(text: string): string {
  return btoa(bytesToBinary(new TextEncoder().encode(text)));
}

/**
 * UTF-8 text → URL-safe base64 (`-` and `_`). Padding is kept by default: the service's
 * Python side decodes with `urlsafe_b64decode`, which refuses unpadded input.
 */
export function encodeBase64Url(text: string, options: { padding?: boolean } = {}): string {
  const b64 = encodeBase64Text(text).replace(/\+/g, '-').replace(/\//g, '_');
  return options.padding === false ? b64.replace(/=+$/, '') : b64;
}

export interface Base64DecodeOptions {
  /**
   * Take standard-alphabet input without its `=` padding (URL-safe input that happens to
   * contain no `-` or `_`, such as an unpadded login assertion).
   */
  allowUnpadded?: boolean;
}

/**
 * Strict base64 → bytes. Accepts the standard alphabet (padding required) or the URL-safe one
 * (padding optional), never a mix, no whitespace, and no stray bits in the last character:
 * plain text that merely happens to use base64 letters is caught rather than decoded to noise.
 */
export function decodeBase64Bytes(
  b64: string,
  field: string,
  options: Base64DecodeOptions = {},
): Uint8Array {
  const body = b64.replace(/={1,2}$/, '');
  const padded = body.length !== b64.length;
  const urlSafe = /[-_]/.test(body);
  if (!(urlSafe ? URL_SAFE : STANDARD).test(body)) {
    const bad = [...body].findIndex((c) => !/[A-Za-z0-9+/_-]/.test(c));
    if (bad >= 0) {
      const ch = body[bad] ?? '';
      const shown = ch.trim() ? `'${ch}'` : JSON.stringify(ch);
      return failAt(field, b64, `character ${shown} at position ${bad}`);
    }
    return failAt(field, b64, "mixes the standard ('+', '/') and URL-safe ('-', '_') alphabets");
  }
  if (body.length % 4 === 1) return failAt(field, b64, `length ${body.length} cannot be base64`);
  if (padded && b64.length % 4 !== 0) return failAt(field, b64, 'wrong padding');
  if (!padded && !urlSafe && !options.allowUnpadded && body.length % 4 !== 0) {
    return failAt(field, b64, 'missing padding');
  }
  const standard = urlSafe ? body.replace(/-/g, '+').replace(/_/g, '/') : body;
  const rest = standard.length % 4;
  const last = standard[standard.length - 1];
  if (rest !== 0 && last !== undefined) {
    // The unused low bits of the last character must be zero in canonical base64.
    const value = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(last);
    const unused = rest === 2 ? 0b1111 : 0b11;
    if ((value & unused) !== 0) return failAt(field, b64, 'non-zero bits after the last byte');
  }
  const binary = atob(standard + '='.repeat((4 - rest) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function failAt(field: string, raw: string, why: string): never {
  throw new WireDecodeError('invalid_base64', field, raw, `not valid base64: ${why}`);
}

/**
 * Base64 of UTF-8 text → the text. Throws `WireDecodeError` with code `invalid_base64` or
 * `invalid_utf8`, naming `field` and keeping the raw value.
 */
export function decodeBase64Text(
  b64: string,
  field: string,
  options: Base64DecodeOptions = {},
): string {
  const bytes = decodeBase64Bytes(b64, field, options);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw new WireDecodeError(
      'invalid_utf8',
      field,
      b64,
      'base64 decodes to bytes that are not UTF-8 text',
      {
        cause,
      },
    );
  }
}
