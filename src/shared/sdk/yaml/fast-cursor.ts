/*
 * The fast reader's cursor over the text and its scalar scanners: plain, single- and
 * double-quoted scalars (folded across lines as YAML folds them), names and tags. It reads what
 * ruamel writes; anything else throws BAIL and the general reader (the `yaml` package) takes the
 * document, so a construct this cursor does not know is never guessed at.
 */

/** Thrown when the text leaves the form ruamel writes; the general reader takes over. */
export const BAIL: unique symbol = Symbol('bail');

const SPACE = 32;
const NL = 10;

export function bail(): never {
  throw BAIL;
}

const FLOW_INDICATOR = new Set([',', '[', ']', '{', '}']);
const TAG_CHAR = /^[0-9A-Za-z\-;/?:@&=+$,_.!~*'()[\]#%]$/;

export interface NextLine {
  /** Column of the line's first character. */
  indent: number;
  /** Offset of that character. */
  at: number;
  /** Offset where the line starts. */
  lineStart: number;
}

export class Cursor {
  pos = 0;
  lineStart = 0;

  constructor(readonly text: string) {}

  get column(): number {
    return this.pos - this.lineStart;
  }

  code(at = this.pos): number {
    return this.text.charCodeAt(at);
  }

  /** Whether the character at `at` ends a token: a space, a line break or the end. */
  blankAt(at: number): boolean {
    const c = this.text.charCodeAt(at);
    return c === SPACE || c === NL || Number.isNaN(c);
  }

  skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === SPACE) this.pos++;
  }

  atLineEnd(): boolean {
    const c = this.text.charCodeAt(this.pos);
    return c === NL || Number.isNaN(c);
  }

  /**
   * The next line with content after the line break at `pos`, or null at the end or at a
   * document marker (`...`, `---`) in column 0. Blank lines, comments, tabs and carriage
   * returns are not in the SDK's form.
   */
  peekLine(): NextLine | null {
    const { text } = this;
    if (this.pos >= text.length) return null;
    if (text.charCodeAt(this.pos) !== NL) bail();
    const lineStart = this.pos + 1;
    let at = lineStart;
    while (text.charCodeAt(at) === SPACE) at++;
    if (at >= text.length) return at === lineStart ? null : bail();
    const c = text[at];
    if (c === '\n' || c === '\t' || c === '\r' || c === '#') bail();
    if (
      at === lineStart &&
      (text.startsWith('...', at) || text.startsWith('---', at)) &&
      this.blankAt(at + 3)
    ) {
      return null;
    }
    return { indent: at - lineStart, at, lineStart };
  }

  enterLine(line: NextLine): void {
    this.lineStart = line.lineStart;
    this.pos = line.at;
  }

  /** An anchor or alias name after `&` / `*`: up to a space, a line break or a flow indicator. */
  name(flow: boolean): string {
    const start = ++this.pos;
    const { text } = this;
    while (this.pos < text.length) {
      const ch = text[this.pos]!;
      if (ch === ' ' || ch === '\n') break;
      if (flow && FLOW_INDICATOR.has(ch)) break;
      if (ch === '\t' || ch === '\r') bail();
      this.pos++;
    }
    if (this.pos === start) bail();
    return text.slice(start, this.pos);
  }

  /** A tag as written (`!H`, `!!python/name:x`, `!<x>`), which must end at a space or line end. */
  tag(): string {
    const start = this.pos;
    const { text } = this;
    this.pos++;
    if (text[this.pos] === '<') {
      const close = text.indexOf('>', this.pos);
      if (close < 0) bail();
      this.pos = close + 1;
    } else {
      while (this.pos < text.length && TAG_CHAR.test(text[this.pos]!)) this.pos++;
    }
    if (!this.blankAt(this.pos)) bail();
    return text.slice(start, this.pos);
  }

  /**
   * A plain scalar, its continuation lines (indented past `parentIndent`) folded into spaces.
   * Stops before `: `, before a flow indicator in flow context, at a line end it cannot continue
   * past.
   */
  plain(parentIndent: number, flow: boolean): string {
    return this.plainRest(this.plainSegment(flow), parentIndent, flow);
  }

  /** The first line of a plain scalar (all of a key). */
  plainFirst(flow: boolean): string {
    return this.plainSegment(flow);
  }

  /** The continuation lines of a plain scalar whose first line was `value`. */
  plainRest(first: string, parentIndent: number, flow: boolean): string {
    let value = first;
    while (this.atLineEnd()) {
      const line = this.peekLine();
      if (!line || line.indent <= parentIndent) break;
      const c = this.text[line.at]!;
      if (flow && (FLOW_INDICATOR.has(c) || (c === ':' && this.blankAt(line.at + 1)))) {
        this.enterLine(line); // the scalar ended with its line
        break;
      }
      if (c === ':' && this.blankAt(line.at + 1)) bail();
      // (`- ` and `? ` starting a continuation line are text, as YAML reads them.)
      this.enterLine(line);
      const more = this.plainSegment(flow);
      if (!more) bail();
      // A multi-line implicit key is not YAML (a flow mapping checks its explicit keys itself).
      if (!flow && this.code() === 58 /* : */) bail();
      value += ` ${more}`;
    }
    return value;
  }

  private plainSegment(flow: boolean): string {
    const { text } = this;
    const start = this.pos;
    let end = start;
    let p = start;
    for (; p < text.length; p++) {
      const ch = text[p]!;
      if (ch === '\n') break;
      if (ch === ':') {
        const next = text[p + 1];
        if (
          next === undefined ||
          next === ' ' ||
          next === '\n' ||
          (flow && FLOW_INDICATOR.has(next))
        )
          break;
      } else if (ch === '#') {
        if (text[p - 1] === ' ') bail();
      } else if (ch === '\t' || ch === '\r') {
        bail();
      } else if (flow && FLOW_INDICATOR.has(ch)) break;
      if (ch !== ' ') end = p + 1;
    }
    this.pos = p;
    return text.slice(start, end);
  }

  /** Folds the line break at `pos` inside a quoted scalar: a space, or `\n` per empty line. */
  private foldBreak(parentIndent: number): string {
    const { text } = this;
    let breaks = 0;
    for (;;) {
      if (text.charCodeAt(this.pos) !== NL) bail();
      this.pos++;
      this.lineStart = this.pos;
      while (text.charCodeAt(this.pos) === SPACE) this.pos++;
      const c = text[this.pos];
      if (c === '\t' || c === '\r' || c === undefined) bail();
      if (c !== '\n') break;
      breaks++;
    }
    if (this.column <= parentIndent) bail();
    return breaks ? '\n'.repeat(breaks) : ' ';
  }

  singleQuoted(parentIndent: number): string {
    const { text } = this;
    let value = '';
    let start = ++this.pos;
    for (;;) {
      const p = this.pos;
      const ch = text[p];
      if (ch === undefined) bail();
      if (ch === "'") {
        value += text.slice(start, p);
        if (text[p + 1] === "'") {
          value += "'";
          this.pos = start = p + 2;
          continue;
        }
        this.pos = p + 1;
        return value;
      }
      if (ch === '\n') {
        value += text.slice(start, p).replace(/ +$/, '');
        value += this.foldBreak(parentIndent);
        start = this.pos;
        continue;
      }
      if (ch === '\t' || ch === '\r') bail();
      this.pos++;
    }
  }

  doubleQuoted(parentIndent: number): string {
    const { text } = this;
    let value = '';
    let start = ++this.pos;
    for (;;) {
      const p = this.pos;
      const ch = text[p];
      if (ch === undefined || ch === '\t' || ch === '\r') bail();
      if (ch === '"') {
        this.pos = p + 1;
        return value + text.slice(start, p);
      }
      if (ch === '\\') {
        value += text.slice(start, p);
        const next = text[p + 1];
        if (next === '\n') {
          this.pos = p + 1;
          // An escaped line break joins the lines (empty lines after it are not ruamel's).
          if (this.foldBreak(parentIndent) !== ' ') bail();
        } else {
          const [decoded, length] = unescape(text, p + 1);
          value += decoded;
          this.pos = p + 1 + length;
        }
        start = this.pos;
        continue;
      }
      if (ch === '\n') {
        // Spaces before the break go, those written as escapes stay: they end a segment.
        value += text.slice(start, p).replace(/ +$/, '') + this.foldBreak(parentIndent);
        start = this.pos;
        continue;
      }
      this.pos++;
    }
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** A double-quoted escape after its backslash: the text it stands for and its length. */
function unescape(text: string, at: number): [string, number] {
  const c = text[at];
  if (c === undefined) bail();
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return [simple, 1];
  const digits = HEX_LENGTH[c];
  if (digits === undefined) bail();
  const hex = text.slice(at + 1, at + 1 + digits);
  if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== digits) bail();
  const code = parseInt(hex, 16);
  if (code > 0x10ffff) bail();
  return [String.fromCodePoint(code), 1 + digits];
}
