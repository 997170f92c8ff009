import { quoted } from '../../../shared/text/quote';
/**
 * A streaming reader of one JSON object, for answers whose fields may be far larger than the
 * rest: a job record whose `logs` is hundreds of megabytes of base64. Each top-level value is
 * either handed, if it is a string, to a sink piece by piece (and never held here), or kept as
 * its JSON text up to a cap and parsed alone; a value over its cap is skipped and reported.
 * Memory is therefore bounded by the caps, whatever the size of the body.
 */

/** Receives the content of one string value, escapes resolved, in pieces. */
export interface StringSink {
  write(piece: string): void;
  end(): void;
}

export interface ObjectStreamOptions {
  /** A sink for this top-level key's string value, or null to keep the value as JSON. */
  sinkFor(key: string): StringSink | null;
  /** The most characters of JSON text kept for this key's value. */
  capFor(key: string): number;
  /** The most characters kept of a body that is not an object. */
  maxOther: number;
}

export interface DroppedValue {
  key: string;
  /** Characters of JSON text the value had. */
  chars: number;
  /** Its first characters, for the note. */
  preview: string;
}

export interface ObjectStreamResult {
  /** True when the body was a JSON object. */
  isObject: boolean;
  /** The object with its kept values, or the body's value when it was not an object. */
  value: unknown;
  /** Values over their cap: left out of `value`. */
  dropped: DroppedValue[];
  /** Keys whose string value went to a sink: left out of `value`. */
  sunk: string[];
}

export class JsonStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonStreamError';
  }
}

const MAX_KEY_CHARS = 4096;
const PREVIEW_CHARS = 120;
const WS = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const STRING_STOP = /["\\]/g;

type State =
  | 'start'
  | 'key-or-end'
  | 'key-next'
  | 'key'
  | 'colon'
  | 'value'
  | 'sink'
  | 'raw'
  | 'after-value'
  | 'done'
  | 'other';

/**
 * The content of a JSON string arriving in pieces: resolves escapes (also split across pieces)
 * and says where the closing quote was.
 */
class StringContent {
  #escape = false;
  #hex: string | null = null;

  /** Sends content from `text[from..]` to `out`; returns the index after the closing quote, or -1. */
  read(text: string, from: number, out: (piece: string) => void): number {
    let i = from;
    while (i < text.length) {
      if (this.#hex !== null) {
        const need = 4 - this.#hex.length;
        this.#hex += text.slice(i, i + need);
        i += Math.min(need, text.length - i);
        if (this.#hex.length < 4) return -1;
        if (!/^[0-9a-fA-F]{4}$/.test(this.#hex)) throw new JsonStreamError('invalid \\u escape');
        out(String.fromCharCode(parseInt(this.#hex, 16)));
        this.#hex = null;
        continue;
      }
      if (this.#escape) {
        const c = text[i] as string;
        i++;
        this.#escape = false;
        if (c === 'u') this.#hex = '';
        else {
          const resolved = ESCAPES[c];
          if (resolved === undefined) throw new JsonStreamError(`invalid escape '\\${c}'`);
          out(resolved);
        }
        continue;
      }
      STRING_STOP.lastIndex = i;
      const stop = STRING_STOP.exec(text);
      const end = stop ? stop.index : text.length;
      if (end > i) out(text.slice(i, end));
      if (!stop) return -1;
      i = end + 1;
      if (stop[0] === '"') return i;
      this.#escape = true;
    }
    return -1;
  }
}

/** The JSON text of one value, kept up to a cap, with where it ends. */
class RawValue {
  readonly pieces: string[] = [];
  chars = 0;
  preview = '';
  #depth = 0;
  #inString = false;
  #escape = false;
  #kind: 'container' | 'string' | 'scalar' | null = null;
  constructor(readonly cap: number) {}

  get kept(): boolean {
    return this.chars <= this.cap;
  }

  /** Takes text from `from`; returns the index just after the value, or -1 when it goes on. */
  read(text: string, from: number): number {
    let i = from;
    let end = -1;
    while (i < text.length) {
      const c = text[i] as string;
      if (this.#kind === null)
        this.#kind = c === '{' || c === '[' ? 'container' : c === '"' ? 'string' : 'scalar';
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (c === '\\') this.#escape = true;
        else if (c === '"') {
          this.#inString = false;
          if (this.#kind === 'string') {
            end = i + 1;
            break;
          }
        } else {
          // Fast path through long strings: jump to the next quote or backslash.
          STRING_STOP.lastIndex = i;
          const stop = STRING_STOP.exec(text);
          const next = stop ? stop.index : text.length;
          if (next > i + 1) {
            i = next;
            continue;
          }
        }
        i++;
        continue;
      }
      if (c === '"') this.#inString = true;
      else if (this.#kind === 'scalar' && (c === ',' || c === '}' || c === ']' || WS.has(c))) {
        end = i;
        break;
      } else if (c === '{' || c === '[') this.#depth++;
      else if (c === '}' || c === ']') {
        this.#depth--;
        if (this.#depth === 0) {
          end = i + 1;
          break;
        }
      }
      i++;
    }
    this.#take(text.slice(from, end < 0 ? text.length : end));
    return end;
  }

  /** The body ended: a scalar ends with it. */
  get endsAtEof(): boolean {
    return this.#kind === 'scalar' && !this.#inString;
  }

  #take(piece: string): void {
    if (this.preview.length < PREVIEW_CHARS)
      this.preview += piece.slice(0, PREVIEW_CHARS - this.preview.length);
    this.chars += piece.length;
    if (this.kept) this.pieces.push(piece);
    else this.pieces.length = 0;
  }
}

export class JsonObjectStream {
  readonly #options: ObjectStreamOptions;
  #state: State = 'start';
  #position = 0;
  #key = '';
  #keyContent = new StringContent();
  #sink: StringSink | null = null;
  #sinkContent = new StringContent();
  #raw: RawValue | null = null;
  #other: string[] = [];
  #otherChars = 0;
  readonly #object: Record<string, unknown> = {};
  readonly #dropped: DroppedValue[] = [];
  readonly #sunk: string[] = [];

  constructor(options: ObjectStreamOptions) {
    this.#options = options;
  }

  feed(text: string): void {
    let i = 0;
    while (i < text.length) {
      i = this.#step(text, i);
    }
    this.#position += text.length;
  }

  finish(): ObjectStreamResult {
    if (this.#state === 'raw' && this.#raw?.endsAtEof) this.#endRaw();
    if (this.#state === 'other') {
      const text = this.#other.join('');
      if (this.#otherChars > this.#options.maxOther)
        throw new JsonStreamError(`the body is not a JSON object (${this.#otherChars} characters)`);
      try {
        return { isObject: false, value: JSON.parse(text), dropped: [], sunk: [] };
      } catch (error) {
        throw new JsonStreamError((error as Error).message);
      }
    }
    if (this.#state === 'start') throw new JsonStreamError('the body is empty');
    if (this.#state !== 'done')
      throw new JsonStreamError('the body ends in the middle of the object');
    return { isObject: true, value: this.#object, dropped: this.#dropped, sunk: this.#sunk };
  }

  #fail(at: number, what: string): never {
    throw new JsonStreamError(`${what} at character ${this.#position + at}`);
  }

  #step(text: string, i: number): number {
    const c = text[i] as string;
    switch (this.#state) {
      case 'start':
        if (WS.has(c)) return i + 1;
        if (c === '{') {
          this.#state = 'key-or-end';
          return i + 1;
        }
        this.#state = 'other';
        return i;
      case 'other':
        this.#otherChars += text.length - i;
        if (this.#otherChars <= this.#options.maxOther) this.#other.push(text.slice(i));
        return text.length;
      case 'key-or-end':
      case 'key-next':
        if (WS.has(c)) return i + 1;
        if (c === '"') {
          this.#state = 'key';
          this.#key = '';
          return i + 1;
        }
        if (c === '}' && this.#state === 'key-or-end') {
          this.#state = 'done';
          return i + 1;
        }
        return this.#fail(i, `expected a key, found '${c}'`);
      case 'key': {
        const end = this.#keyContent.read(text, i, (piece) => (this.#key += piece));
        if (this.#key.length > MAX_KEY_CHARS) this.#fail(i, 'a key longer than 4096 characters');
        if (end < 0) return text.length;
        this.#state = 'colon';
        return end;
      }
      case 'colon':
        if (WS.has(c)) return i + 1;
        if (c !== ':') return this.#fail(i, `expected ':', found '${c}'`);
        this.#state = 'value';
        return i + 1;
      case 'value': {
        if (WS.has(c)) return i + 1;
        const sink = c === '"' ? this.#options.sinkFor(this.#key) : null;
        if (sink) {
          this.#sink = sink;
          this.#sinkContent = new StringContent();
          this.#state = 'sink';
          return i + 1;
        }
        this.#raw = new RawValue(this.#options.capFor(this.#key));
        this.#state = 'raw';
        return i;
      }
      case 'sink': {
        const sink = this.#sink as StringSink;
        const end = this.#sinkContent.read(text, i, (piece) => sink.write(piece));
        if (end < 0) return text.length;
        sink.end();
        this.#sunk.push(this.#key);
        delete this.#object[this.#key];
        this.#sink = null;
        this.#state = 'after-value';
        return end;
      }
      case 'raw': {
        const end = (this.#raw as RawValue).read(text, i);
        if (end < 0) return text.length;
        this.#endRaw();
        return end;
      }
      case 'after-value':
        if (WS.has(c)) return i + 1;
        if (c === ',') {
          this.#state = 'key-next';
          return i + 1;
        }
        if (c === '}') {
          this.#state = 'done';
          return i + 1;
        }
        return this.#fail(i, `expected ',' or '}', found '${c}'`);
      case 'done':
        if (WS.has(c)) return i + 1;
        return this.#fail(i, `unexpected '${c}' after the object`);
    }
  }

  #endRaw(): void {
    const raw = this.#raw as RawValue;
    this.#raw = null;
    this.#state = 'after-value';
    if (!raw.kept) {
      this.#dropped.push({ key: this.#key, chars: raw.chars, preview: raw.preview });
      delete this.#object[this.#key];
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw.pieces.join(''));
    } catch (error) {
      throw new JsonStreamError(
        `the value of ${quoted(this.#key, "'")} is not JSON: ${(error as Error).message}`,
      );
    }
    // defineProperty: a key named "__proto__" is a field like any other, never the prototype.
    Object.defineProperty(this.#object, this.#key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}
