import { WireDecodeError } from './errors';

/*
 * Base64 over lookup tables and TextEncoder/TextDecoder: this folder runs in browsers and
 * workers too, where there is no Buffer. Not atob/btoa: Node's btoa took 0.55 s per megabyte
 * (a 20 MB result held the simulator's thread 14 s on every `GET /jobs/{id}?result=true`), and
 * both need a "binary string" of the whole text first.
 */

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ENCODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** Character code → its 6 bits; the URL-safe `-` and `_` map as `+` and `/`. */
const DECODE = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
DECODE['-'.charCodeAt(0)] = 62;
DECODE['_'.charCodeAt(0)] = 63;
/** Bytes per block of output text (a multiple of 3: no padding inside the text). */
const BLOCK = 3 * 0x4000;
const ASCII = new TextDecoder();

/** Bytes → standard base64 with padding. */
function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += BLOCK) {
    const end = Math.min(start + BLOCK, bytes.length);
    const out = new Uint8Array(Math.ceil((end - start) / 3) * 4);
    let o = 0;
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      out[o++] = ENCODE[n >>> 18]!;
      out[o++] = ENCODE[(n >>> 12) & 63]!;
      out[o++] = ENCODE[(n >>> 6) & 63]!;
      out[o++] = ENCODE[n & 63]!;
    }
    if (i < end) {
      const two = i + 1 < end;
      const n = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
      out[o++] = ENCODE[n >>> 18]!;
      out[o++] = ENCODE[(n >>> 12) & 63]!;
      out[o++] = two ? ENCODE[(n >>> 6) & 63]! : 61; // '='
      out[o] = 61;
    }
    parts.push(ASCII.decode(out));
  }
  return parts.join('');
}

/** UTF-8 text → standard base64 with padding (how the service sends logs and results). */
export function encodeBase64Text(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/** Bytes encoded between two pauses of `encodeBase64TextSliced` (a multiple of 3). */
export const BASE64_SLICE_BYTES = 3 * 2 ** 18;

/**
 * `encodeBase64Text` for a server thread: the text is encoded a slice of BASE64_SLICE_BYTES
 * (768 KiB, a few milliseconds) at a time, awaiting `pause` between slices, so requests that
 * arrive meanwhile are answered rather than queued behind a 20 MB result.
 */
export async function encodeBase64TextSliced(
  text: string,
  pause: () => Promise<void>,
): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += BASE64_SLICE_BYTES) {
    if (start > 0) await pause();
    parts.push(bytesToBase64(bytes.subarray(start, start + BASE64_SLICE_BYTES)));
  }
  return parts.join('');
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
  const rest = body.length % 4;
  if (rest !== 0) {
    // The unused low bits of the last character must be zero in canonical base64.
    const value = DECODE[body.charCodeAt(body.length - 1)]!;
    const unused = rest === 2 ? 0b1111 : 0b11;
    if ((value & unused) !== 0) return failAt(field, b64, 'non-zero bits after the last byte');
  }
  return base64ToBytes(body);
}

/** Unpadded base64 of either alphabet, already checked → its bytes. */
function base64ToBytes(body: string): Uint8Array {
  const whole = body.length - (body.length % 4);
  const bytes = new Uint8Array((whole / 4) * 3 + Math.max(0, (body.length % 4) - 1));
  let o = 0;
  let i = 0;
  for (; i < whole; i += 4) {
    const n =
      (DECODE[body.charCodeAt(i)]! << 18) |
      (DECODE[body.charCodeAt(i + 1)]! << 12) |
      (DECODE[body.charCodeAt(i + 2)]! << 6) |
      DECODE[body.charCodeAt(i + 3)]!;
    bytes[o++] = n >>> 16;
    bytes[o++] = (n >>> 8) & 255;
    bytes[o++] = n & 255;
  }
  if (i < body.length) {
    const n = (DECODE[body.charCodeAt(i)]! << 18) | (DECODE[body.charCodeAt(i + 1)]! << 12);
    bytes[o++] = n >>> 16;
    if (i + 2 < body.length) bytes[o] = ((n | (DECODE[body.charCodeAt(i + 2)]! << 6)) >>> 8) & 255;
  }
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
