import type { EmitterState } from './emitter-state';
import { BEST_WIDTH } from './emitter-state';
import type { ScalarAnalysis } from './scalar-analysis';
import { codePoints, pyLength } from './scalar-analysis';

/*
 * ruamel's scalar styles and writers (`choose_scalar_style`, `write_plain`,
 * `write_single_quoted`, `write_double_quoted`), ported line by line, wrapping at 80 columns
 * included. The representer never asks for a style, so ruamel chooses: plain when the analysis
 * and the resolver allow it, else double quotes for text with `'` or a line break, else single.
 */

export type ScalarStyle = '' | "'" | '"';

export interface ScalarEvent {
  value: string;
  analysis: ScalarAnalysis;
  /** `(plain text reads back as this tag, quoted text reads back as this tag, YAML-namespace tag)`. */
  implicit: readonly [boolean, boolean, boolean];
}

export function chooseScalarStyle(e: EmitterState, event: ScalarEvent): ScalarStyle {
  const { analysis, implicit } = event;
  if (implicit[0] || !implicit[2]) {
    const plainHere = e.flowLevel ? analysis.allowFlowPlain : analysis.allowBlockPlain;
    if (!(e.simpleKeyContext && (analysis.empty || analysis.multiline)) && plainHere) return '';
  }
  if (event.value.includes("'") || event.value.includes('\n')) return '"';
  if (analysis.allowSingleQuoted && !(e.simpleKeyContext && analysis.multiline)) return "'";
  return '"';
}

const BREAK_CHARS = '\n\x85\u2028\u2029';

function joined(text: ArrayLike<string>, start: number, end: number): string {
  return typeof text === 'string'
    ? text.slice(start, end)
    : Array.prototype.slice.call(text, start, end).join('');
}

export function writePlain(e: EmitterState, value: string, split: boolean): void {
  if (e.rootContext) e.openEnded = true;
  if (!value) return;
  if (!e.whitespace) {
    e.column += 1;
    e.write(' ');
  }
  e.whitespace = false;
  e.indention = false;
  if (!value.includes(' ')) {
    // One word (every number, most names): the loop below comes down to this.
    const length = pyLength(value);
    if (length + e.column > BEST_WIDTH && e.indent !== null && e.column > e.indent) e.writeIndent();
    e.column += length;
    e.write(value);
    return;
  }
  const text = codePoints(value);
  const n = text.length;
  let spaces = false;
  let start = 0;
  for (let end = 0; end <= n; end++) {
    const ch = end < n ? text[end]! : null;
    if (spaces) {
      if (ch !== ' ') {
        if (start + 1 === end && e.column >= BEST_WIDTH && split) {
          e.writeIndent();
          e.whitespace = false;
          e.indention = false;
        } else {
          e.column += end - start;
          e.write(joined(text, start, end));
        }
        start = end;
      }
    } else if (ch === null || ch === ' ') {
      // A plain scalar never holds a line break (the analysis forbids it).
      const length = end - start;
      if (length + e.column > BEST_WIDTH && e.indent !== null && e.column > e.indent) {
        e.writeIndent();
      }
      e.column += length;
      e.write(joined(text, start, end));
      start = end;
    }
    if (ch !== null) spaces = ch === ' ';
  }
}

export function writeSingleQuoted(e: EmitterState, value: string, split: boolean): void {
  e.writeIndicator("'", true);
  const text = codePoints(value);
  const n = text.length;
  let spaces = false;
  let breaks = false;
  let start = 0;
  for (let end = 0; end <= n; end++) {
    const ch = end < n ? text[end]! : null;
    if (spaces) {
      if (ch === null || ch !== ' ') {
        if (start + 1 === end && e.column > BEST_WIDTH && split && start !== 0 && end !== n) {
          e.writeIndent();
        } else {
          e.column += end - start;
          e.write(joined(text, start, end));
        }
        start = end;
      }
    } else if (breaks) {
      if (ch === null || !BREAK_CHARS.includes(ch)) {
        if (text[start] === '\n') e.writeLineBreak();
        for (let i = start; i < end; i++) e.writeLineBreak(text[i]!);
        e.writeIndent();
        start = end;
      }
    } else if (ch === null || ch === ' ' || BREAK_CHARS.includes(ch) || ch === "'") {
      if (start < end) {
        e.column += end - start;
        e.write(joined(text, start, end));
        start = end;
      }
    }
    if (ch === "'") {
      e.column += 2;
      e.write("''");
      start = end + 1;
    }
    if (ch !== null) {
      spaces = ch === ' ';
      breaks = BREAK_CHARS.includes(ch);
    }
  }
  e.writeIndicator("'", false);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '\0': '0',
  '\x07': 'a',
  '\x08': 'b',
  '\x09': 't',
  '\x0A': 'n',
  '\x0B': 'v',
  '\x0C': 'f',
  '\x0D': 'r',
  '\x1B': 'e',
  '"': '"',
  '\\': '\\',
  '\x85': 'N',
  '\xA0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

function needsEscape(ch: string): boolean {
  if ('"\\\x85\u2028\u2029\uFEFF'.includes(ch)) return true;
  return !(
    (ch >= '\x20' && ch <= '\x7E') ||
    (ch >= '\xA0' && ch <= '\uD7FF') ||
    (ch >= '\uE000' && ch <= '\uFFFD') ||
    ch.length === 2
  );
}

function escapeOf(ch: string): string {
  const known = ESCAPES[ch];
  if (known !== undefined) return `\\${known}`;
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase();
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

/** Python's `str.index(sub, start, end)`, or -1. */
function indexIn(text: ArrayLike<string>, sub: string, from: number, to = text.length): number {
  for (let i = from; i < to; i++) if (text[i] === sub) return i;
  return -1;
}

/** Whether the double-quoted writer may break at `end` without a trailing backslash. */
function breakWithoutBackslash(text: ArrayLike<string>, start: number, end: number): boolean {
  let spacePos = indexIn(text, ' ', end);
  if (spacePos < 0) return false;
  const newline = indexIn(text, '\n', end, spacePos);
  if (newline >= 0) spacePos = newline;
  const after = text[spacePos + 1];
  if (text[spacePos] === '\n' && after !== ' ') return false; // (also when `after` is past the end)
  const between = joined(text, end, spacePos);
  if (between.includes('"') || between.includes("'")) return false;
  if (after === undefined) return false; // Python's IndexError, caught: the backslash stays
  return !' \n'.includes(after) && joined(text, end - 1, end + 1) !== '  ' && start !== end;
}

export function writeDoubleQuoted(e: EmitterState, value: string, split: boolean): void {
  e.writeIndicator('"', true);
  const text = codePoints(value);
  const n = text.length;
  let start = 0;
  for (let end = 0; end <= n; end++) {
    const ch = end < n ? text[end]! : null;
    if (ch === null || needsEscape(ch)) {
      if (start < end) {
        e.column += end - start;
        e.write(joined(text, start, end));
        start = end;
      }
      if (ch !== null) {
        const data = escapeOf(ch);
        e.column += data.length;
        e.write(data);
        start = end + 1;
      }
    }
    if (
      end > 0 &&
      end < n - 1 &&
      (ch === ' ' || start >= end) &&
      e.column + (end - start) > BEST_WIDTH &&
      split
    ) {
      const needBackslash = !breakWithoutBackslash(text, start, end);
      const data = joined(text, start, end) + (needBackslash ? '\\' : '');
      e.column += Math.max(0, end - start) + (needBackslash ? 1 : 0);
      if (start < end) start = end;
      e.write(data);
      e.writeIndent();
      e.whitespace = false;
      e.indention = false;
      if (text[start] === ' ') {
        if (!needBackslash) start += 1;
        if (needBackslash) {
          e.column += 1;
          e.write('\\');
        }
      }
    }
  }
  e.writeIndicator('"', false);
}
