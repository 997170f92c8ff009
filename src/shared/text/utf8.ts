import type { YamlProblem } from '../yaml/problems';

/*
 * Payload files are UTF-8. A decoder that replaces bad bytes with U+FFFD would hand the checks
 * a text the file does not hold, and the payload would be reported valid: refuse the file
 * instead, saying where the first bad byte is.
 */

export interface InvalidUtf8 {
  /** Byte offset of the first byte that is not well-formed UTF-8 (0-based). */
  offset: number;
  /** 1-based line and column of that byte (the column counts the characters before it + 1). */
  line: number;
  column: number;
  /** What is wrong with it, in words ("begins an overlong encoding"). */
  reason: string;
  /** One sentence for people: what, where, and what to do. */
  message: string;
}

export type DecodedUtf8 = { ok: true; text: string } | ({ ok: false } & InvalidUtf8);

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;
const isContinuation = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;

/**
 * Why the sequence starting at `i` is not well-formed UTF-8 (the Unicode standard's table of
 * well-formed byte sequences), or null when it is; `length` is how many bytes it takes.
 */
function checkSequence(bytes: Uint8Array, i: number): { length: number; reason: string | null } {
  const b = bytes[i]!;
  if (b < 0x80) return { length: 1, reason: null };
  if (b >= 0x80 && b <= 0xbf)
    return { length: 1, reason: 'is a continuation byte with no lead byte before it' };
  if (b === 0xc0 || b === 0xc1) return { length: 1, reason: 'begins an overlong encoding' };
  if (b >= 0xf5)
    return { length: 1, reason: 'never occurs in UTF-8 (it would encode beyond U+10FFFF)' };
  const length = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
  const second = bytes[i + 1];
  if (b === 0xe0 && second !== undefined && second < 0xa0)
    return { length, reason: 'begins an overlong encoding' };
  if (b === 0xf0 && second !== undefined && second < 0x90)
    return { length, reason: 'begins an overlong encoding' };
  if (b === 0xed && second !== undefined && second >= 0xa0)
    return {
      length,
      reason: 'begins an encoded UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 forbids',
    };
  if (b === 0xf4 && second !== undefined && second >= 0x90)
    return { length, reason: 'begins a code point beyond U+10FFFF' };
  for (let k = 1; k < length; k++) {
    if (!isContinuation(bytes[i + k])) {
      return {
        length,
        reason:
          i + k >= bytes.length
            ? 'begins a sequence cut short by the end of the file'
            : 'begins an incomplete sequence',
      };
    }
  }
  return { length, reason: null };
}

/** The first ill-formed byte: its offset, line, column and why (the bytes are known to be bad). */
function locate(bytes: Uint8Array): InvalidUtf8 {
  let i = 0;
  let lineStart = 0;
  let line = 1;
  while (i < bytes.length) {
    const { length, reason } = checkSequence(bytes, i);
    if (reason) {
      const before = new TextDecoder('utf-8', { ignoreBOM: line > 1 }).decode(
        bytes.subarray(lineStart, i),
      );
      const column = before.length + 1;
      return {
        offset: i,
        line,
        column,
        reason,
        message: `the file is not valid UTF-8: byte ${hex(bytes[i]!)} at byte offset ${i} (line ${line}, column ${column}) ${reason}; save the file as UTF-8`,
      };
    }
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
    i += length;
  }
  // TextDecoder refused what this scan accepts: never expected, but say so rather than pass it.
  return {
    offset: 0,
    line: 1,
    column: 1,
    reason: 'not UTF-8',
    message: 'the file is not valid UTF-8; save the file as UTF-8',
  };
}

/**
 * Decodes a payload file's bytes: the text (a leading byte order mark dropped), or where and why
 * it is not UTF-8. Overlong encodings, encoded surrogates and code points past U+10FFFF are
 * refused, as the standard says; nothing is replaced.
 */
export function decodeUtf8(bytes: Uint8Array): DecodedUtf8 {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, ...locate(bytes) };
  }
}

/** The refusal as a problem at its place, for the lists `qjob validate` and the editor print. */
export function invalidUtf8Problem(e: InvalidUtf8): YamlProblem {
  return {
    severity: 'error',
    code: 'invalid_utf8',
    message: e.message,
    line: e.line,
    column: e.column,
    endLine: e.line,
    endColumn: e.column + 1,
  };
}
