/**
 * ANSI escape codes in log text: SGR colour and weight codes become styles, every other escape
 * (cursor moves, OSC titles and links, lone control characters) is dropped. Pure and per line:
 * the viewer parses only the lines on screen.
 */

/** A colour: 0–15 are the palette (themed in CSS), strings are `#rrggbb` from 256-colour or RGB codes. */
export type AnsiColor = number | string;

export interface AnsiStyle {
  fg: AnsiColor | null;
  bg: AnsiColor | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
}

export interface AnsiSegment {
  text: string;
  /** Null for the default style (most log text): nothing to render but the text. */
  style: AnsiStyle | null;
}

// CSI (ESC [ params final), OSC (ESC ] ... BEL or ST), other two-byte escapes, stray controls.
// None of them spans a newline, so stripping never changes the line count.
const ESCAPES =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /\x1b\[([0-9;:?<=>]*)[ -/]*([@-~])|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]?|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]/g;

export function hasEscapes(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /[\x00-\x08\x0b-\x1f\x7f]/.test(text);
}

/** The text without any escape code (what is searched, copied and saved). */
export function stripAnsi(text: string): string {
  return text.replace(ESCAPES, '');
}

const PLAIN: AnsiStyle = {
  fg: null,
  bg: null,
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  inverse: false,
};

function isPlain(s: AnsiStyle): boolean {
  return (
    s.fg === null && s.bg === null && !s.bold && !s.dim && !s.italic && !s.underline && !s.inverse
  );
}

/** xterm's 256-colour palette beyond the first 16: a 6×6×6 cube, then 24 greys. */
export function color256(n: number): AnsiColor {
  if (n < 16) return n;
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  if (n >= 232) {
    const g = 8 + (n - 232) * 10;
    return `#${hex(g)}${hex(g)}${hex(g)}`;
  }
  const i = n - 16;
  const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
  return `#${hex(level(Math.floor(i / 36)))}${hex(level(Math.floor(i / 6) % 6))}${hex(level(i % 6))}`;
}

/** Applies one SGR parameter list to a style (a new object; styles are shared between segments). */
export function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  const s = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c === 0) Object.assign(s, PLAIN);
    else if (c === 1) s.bold = true;
    else if (c === 2) s.dim = true;
    else if (c === 3) s.italic = true;
    else if (c === 4) s.underline = true;
    else if (c === 7) s.inverse = true;
    else if (c === 22) s.bold = s.dim = false;
    else if (c === 23) s.italic = false;
    else if (c === 24) s.underline = false;
    else if (c === 27) s.inverse = false;
    else if (c >= 30 && c <= 37) s.fg = c - 30;
    else if (c >= 90 && c <= 97) s.fg = c - 90 + 8;
    else if (c === 39) s.fg = null;
    else if (c >= 40 && c <= 47) s.bg = c - 40;
    else if (c >= 100 && c <= 107) s.bg = c - 100 + 8;
    else if (c === 49) s.bg = null;
    else if (c === 38 || c === 48) {
      // 38;5;n (palette) or 38;2;r;g;b (true colour); anything else is malformed: stop here.
      let color: AnsiColor;
      if (codes[i + 1] === 5 && codes[i + 2] !== undefined) {
        color = color256(codes[i + 2]! & 255);
        i += 2;
      } else if (codes[i + 1] === 2 && codes[i + 4] !== undefined) {
        const hex = (v: number) => (v & 255).toString(16).padStart(2, '0');
        color = `#${hex(codes[i + 2]!)}${hex(codes[i + 3]!)}${hex(codes[i + 4]!)}`;
        i += 4;
      } else break;
      if (c === 38) s.fg = color;
      else s.bg = color;
    }
  }
  return s;
}

/** One line as styled segments; their texts joined are `stripAnsi(line)`. */
export function parseAnsiLine(line: string): AnsiSegment[] {
  if (!hasEscapes(line)) return [{ text: line, style: null }];
  const out: AnsiSegment[] = [];
  let style = PLAIN;
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = out[out.length - 1];
    const st = isPlain(style) ? null : style;
    if (prev && prev.style === st) prev.text += text;
    else out.push({ text, style: st });
  };
  for (const m of line.matchAll(ESCAPES)) {
    push(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[2] === 'm') style = applySgr(style, m[1] ?? '');
  }
  push(line.slice(last));
  return out.length ? out : [{ text: '', style: null }];
}
