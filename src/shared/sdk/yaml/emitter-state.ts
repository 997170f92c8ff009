/*
 * The state of ruamel's `Emitter` (emitter.py, pure-Python emitter, the SDK's settings: indent 2,
 * width 80, no explicit document markers) and its writing primitives, kept as close to the
 * original as a port allows: the same fields, the same decisions in the same order. Every byte
 * the SDK writes comes out of these few methods, so any "simplification" here is a byte-level
 * difference somewhere in the corpus.
 */

export const BEST_WIDTH = 80;
export const BEST_INDENT = 2;

const SPACES: string[] = [];
const NEWLINE_SPACES: string[] = [];

function spaces(n: number): string {
  return (SPACES[n] ??= ' '.repeat(n));
}

function newlineAndSpaces(n: number): string {
  return (NEWLINE_SPACES[n] ??= `\n${' '.repeat(n)}`);
}

type IndentEntry = readonly [indent: number | null, sequence: boolean | null];

export class EmitterState {
  private readonly chunks: string[] = [];
  private readonly parts: string[] = [];
  column = 0;
  whitespace = true;
  indention = true;
  /** Set right after `- ` (ruamel's `no_newline`): the next `write_indent` stays on the line. */
  noNewline: boolean | null = null;
  openEnded = false;
  indent: number | null = null;
  readonly indents: IndentEntry[] = [];
  /** One entry per open flow collection: `[`, `{`, or `` for a brace-less single pair. */
  readonly flowContext: string[] = [];
  rootContext = false;
  sequenceContext = false;
  mappingContext = false;
  simpleKeyContext = false;

  get flowLevel(): number {
    return this.flowContext.length;
  }

  /** Raw output, no bookkeeping (ruamel's `self.stream.write`). */
  write(data: string): void {
    // Small pieces are joined into flat strings as they come: a rope of millions of pieces kept
    // to the end cost more in garbage collection than all the emitting.
    const parts = this.parts;
    parts.push(data);
    if (parts.length >= 1024) {
      this.chunks.push(parts.join(''));
      parts.length = 0;
    }
  }

  text(): string {
    this.chunks.push(this.parts.join(''));
    this.parts.length = 0;
    return this.chunks.join('');
  }

  increaseIndent(flow = false, sequence: boolean | null = null, indentless = false): void {
    this.indents.push([this.indent, sequence]);
    if (this.indent === null) {
      // ruamel: `self.indent = self.requested_indent` (None) for a flow collection at the top.
      this.indent = flow ? null : 0;
    } else if (!indentless) {
      this.indent += BEST_INDENT;
    }
  }

  popIndent(): void {
    const entry = this.indents.pop();
    this.indent = entry ? entry[0] : null;
  }

  /** `Indents.seq_seq`: the last two indents both belong to block sequences (`- - x`). */
  seqSeq(): boolean {
    const n = this.indents.length;
    return n >= 2 && !!this.indents[n - 2]![1] && !!this.indents[n - 1]![1];
  }

  /** `Indents.seq_flow_align` without comments: extra spaces before a flow collection's opener. */
  seqFlowAlign(): number {
    const n = this.indents.length;
    if (n < 2 || !this.indents[n - 1]![1]) return 0;
    const base = this.indents[n - 1]![0] ?? 0;
    return Math.max(0, base + BEST_INDENT - this.column - 1);
  }

  /** `write_indicator`; `length` is the indicator's length in code points when it differs. */
  writeIndicator(
    indicator: string,
    needWhitespace: boolean,
    whitespace = false,
    indention = false,
    length = indicator.length,
  ): void {
    let data = indicator;
    if (!this.whitespace && needWhitespace) {
      data = ` ${indicator}`;
      length++;
    }
    this.whitespace = whitespace;
    this.indention = this.indention && indention;
    this.column += length;
    this.openEnded = false;
    this.write(data);
  }

  writeIndent(): void {
    const indent = this.indent ?? 0;
    let out = '';
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      if (this.noNewline) this.noNewline = false;
      else {
        // `write_line_break`, written together with the indentation below.
        this.whitespace = true;
        this.indention = true;
        this.column = 0;
        out = '\n';
      }
    }
    if (this.column < indent) {
      this.whitespace = true;
      out = out ? newlineAndSpaces(indent) : spaces(indent - this.column);
      this.column = indent;
    }
    if (out) this.write(out);
  }

  writeLineBreak(data = '\n'): void {
    this.whitespace = true;
    this.indention = true;
    this.column = 0;
    this.write(data);
  }
}
