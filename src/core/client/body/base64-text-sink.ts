import { WireDecodeError } from '../../../shared/wire';
import type { StringSink } from './json-object-stream';

/** What was kept of a text field that arrived as base64 of UTF-8. */
export interface KeptText {
  text: string;
  /** Bytes of UTF-8 the whole text had. */
  totalBytes: number;
  /** Bytes of it that `text` holds (less than `totalBytes` when cut). */
  keptBytes: number;
  /** `all`, or which end was kept when the text was larger than its limit. */
  kept: 'all' | 'head' | 'tail';
}

/** Raw characters kept of a field that could not be decoded, for support staff. */
const RAW_KEPT_CHARS = 64 * 1024;
/** A tail that starts mid-line is moved to the next line start when one is this close. */
const LINE_ALIGN_BYTES = 64 * 1024;

const BAD = /[^A-Za-z0-9+/_=-]/;

class Failure extends Error {
  constructor(readonly reason: { code: 'invalid_base64' | 'invalid_utf8'; why: string }) {
    super(reason.why);
  }
}

/**
 * Decodes a base64 string value as it streams in, keeping at most `keep` bytes of the text: the
 * start (`head`) or the end (`tail`). The checks are those of the strict decoder in
 * src/shared/wire (one alphabet, padding only at the end, no stray characters), with the
 * position of a fault counted over the whole value.
 */
export class Base64TextSink implements StringSink {
  readonly #field: string;
  readonly #keep: number;
  readonly #end: 'head' | 'tail';
  #pending = '';
  #position = 0;
  #alphabet: 'standard' | 'url-safe' | null = null;
  #padding = 0;
  #raw = '';
  #parts: Buffer[] = [];
  #keptBytes = 0;
  #totalBytes = 0;
  /** Why decoding stopped; the error is made at the end, with all the raw start kept. */
  #error: { code: 'invalid_base64' | 'invalid_utf8'; why: string } | null = null;
  #result: KeptText | null = null;

  constructor(field: string, keep: number, end: 'head' | 'tail') {
    this.#field = field;
    this.#keep = keep;
    this.#end = end;
  }

  write(piece: string): void {
    if (this.#raw.length < RAW_KEPT_CHARS)
      this.#raw += piece.slice(0, RAW_KEPT_CHARS - this.#raw.length);
    if (this.#error) return;
    try {
      this.#check(piece);
      this.#position += piece.length;
      this.#pending += piece;
      const whole = this.#padding > 0 ? 0 : this.#pending.length - (this.#pending.length % 4);
      if (whole > 0) {
        this.#take(Buffer.from(this.#pending.slice(0, whole), 'base64'));
        this.#pending = this.#pending.slice(whole);
      }
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      this.#error = error.reason;
      this.#parts = [];
    }
  }

  end(): void {
    if (this.#error) return;
    try {
      this.#finishQuartets();
      this.#result = this.#text();
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      this.#error = error.reason;
    }
    this.#parts = [];
  }

  /** The decoded text (maybe cut), or why it could not be decoded (with the start of the raw value). */
  result(): KeptText | WireDecodeError {
    if (this.#error) {
      const { code, why } = this.#error;
      const what = code === 'invalid_base64' ? `not valid base64: ${why}` : why;
      return new WireDecodeError(code, this.#field, this.#raw, what);
    }
    if (!this.#result) throw new Error('Base64TextSink: result() before end()');
    return this.#result;
  }

  #fail(why: string, code: 'invalid_base64' | 'invalid_utf8' = 'invalid_base64'): never {
    throw new Failure({ code, why });
  }

  #check(piece: string): void {
    const bad = BAD.exec(piece);
    if (bad) {
      const ch = bad[0];
      const shown = ch.trim() ? `'${ch}'` : JSON.stringify(ch);
      this.#fail(`character ${shown} at position ${this.#position + bad.index}`);
    }
    if (this.#padding > 0 && /[^=]/.test(piece)) {
      this.#fail(`'=' before the end, at position ${this.#position - this.#padding}`);
    }
    const eq = piece.indexOf('=');
    if (eq >= 0) {
      if (/[^=]/.test(piece.slice(eq)))
        this.#fail(`'=' before the end, at position ${this.#position + eq}`);
      this.#padding += piece.length - eq;
      if (this.#padding > 2) this.#fail('wrong padding');
    }
    const standard = /[+/]/.test(piece);
    const urlSafe = /[-_]/.test(piece);
    if (
      (standard && urlSafe) ||
      (standard && this.#alphabet === 'url-safe') ||
      (urlSafe && this.#alphabet === 'standard')
    )
      this.#fail("mixes the standard ('+', '/') and URL-safe ('-', '_') alphabets");
    if (standard) this.#alphabet = 'standard';
    if (urlSafe) this.#alphabet = 'url-safe';
  }

  /** The last group: checked as the strict decoder checks a whole value's end. */
  #finishQuartets(): void {
    const rest = this.#pending;
    this.#pending = '';
    if (rest === '') return;
    const body = rest.replace(/=+$/, '');
    const padded = body.length !== rest.length;
    const total = this.#position;
    if (body.length % 4 === 1)
      this.#fail(`length ${total - (rest.length - body.length)} cannot be base64`);
    if (padded && rest.length % 4 !== 0) this.#fail('wrong padding');
    if (!padded && this.#alphabet !== 'url-safe' && body.length % 4 !== 0)
      this.#fail('missing padding');
    const standard = body.replace(/-/g, '+').replace(/_/g, '/');
    const last = standard[standard.length - 1];
    const leftover = standard.length % 4;
    if (leftover !== 0 && last !== undefined) {
      const value = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(
        last,
      );
      const unused = leftover === 2 ? 0b1111 : 0b11;
      if ((value & unused) !== 0) this.#fail('non-zero bits after the last byte');
    }
    this.#take(Buffer.from(standard, 'base64'));
  }

  #take(bytes: Buffer): void {
    this.#totalBytes += bytes.length;
    if (this.#end === 'head') {
      const room = this.#keep - this.#keptBytes;
      if (room <= 0) return;
      const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
      this.#parts.push(part);
      this.#keptBytes += part.length;
      return;
    }
    this.#parts.push(bytes);
    this.#keptBytes += bytes.length;
    while (this.#keptBytes > this.#keep) {
      const first = this.#parts[0] as Buffer;
      const excess = this.#keptBytes - this.#keep;
      if (first.length <= excess) {
        this.#parts.shift();
        this.#keptBytes -= first.length;
      } else {
        // A copy, so the dropped start of a large chunk is not kept alive by the view.
        this.#parts[0] = Buffer.from(first.subarray(excess));
        this.#keptBytes -= excess;
      }
    }
  }

  /** The decoder's last bytes: a character the limit cut in two at the end is left out. */
  #flush(decoder: { decode(): string }, cut: boolean): string {
    if (!(cut && this.#end === 'head')) return decoder.decode();
    try {
      return decoder.decode();
    } catch {
      return '';
    }
  }

  /** The kept bytes as text, decoded part by part: the bytes are never copied whole. */
  #text(): KeptText {
    const cut = this.#keptBytes < this.#totalBytes;
    const parts = this.#parts;
    this.#parts = [];
    if (cut && this.#end === 'tail' && parts.length) {
      parts[0] = (parts[0] as Buffer).subarray(tailStart(parts[0] as Buffer));
    }
    if (cut && this.#end === 'head' && parts.length) {
      const last = parts[parts.length - 1] as Buffer;
      parts[parts.length - 1] = last.subarray(0, headEnd(last));
    }
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const pieces: string[] = [];
    let keptBytes = 0;
    try {
      while (parts.length) {
        const part = parts.shift() as Buffer;
        keptBytes += part.length;
        pieces.push(decoder.decode(part, { stream: true }));
      }
      pieces.push(this.#flush(decoder, cut));
    } catch {
      this.#fail('base64 decodes to bytes that are not UTF-8 text', 'invalid_utf8');
    }
    return {
      text: pieces.join(''),
      totalBytes: this.#totalBytes,
      keptBytes,
      kept: cut ? this.#end : 'all',
    };
  }
}

/** Where a cut-off end of a text may start: at a line start if one is near, else a character start. */
function tailStart(bytes: Buffer): number {
  const newline = bytes.subarray(0, LINE_ALIGN_BYTES).indexOf(0x0a);
  if (newline >= 0 && newline + 1 < bytes.length) return newline + 1;
  let i = 0;
  while (i < 3 && i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80) i++;
  return i;
}

/** Where a cut-off start of a text may end: before a character left incomplete by the cut. */
function headEnd(bytes: Buffer): number {
  for (let back = 1; back <= 4 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back] as number;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
