import { memo } from 'react';
import type { CSSProperties } from 'react';
import type { AnsiColor, AnsiStyle } from './ansi';
import { parseAnsiLine } from './ansi';
import type { Mark, Piece } from './log-highlight';
import { buildPieces, lineMarks } from './log-highlight';
import { showBidiControls } from '../../../shared/text/bidi';

/** Past this many characters a line is cut when drawn (it is still searched, copied and saved whole). */
export const MAX_DRAWN_CHARS = 10_000;

function colorClass(prefix: 'fg' | 'bg', c: AnsiColor | null): string {
  return typeof c === 'number' ? ` ansi-${prefix}-${c}` : '';
}

function pieceProps(p: Piece): { className?: string; style?: CSSProperties } {
  const s: AnsiStyle | null = p.style;
  let className = p.kinds.map((k) => `log-${k}`).join(' ');
  let style: CSSProperties | undefined;
  if (s) {
    const fg = s.inverse ? s.bg : s.fg;
    const bg = s.inverse ? (s.fg ?? 'inverse') : s.bg;
    className += colorClass('fg', fg) + (bg === 'inverse' ? ' ansi-inverse' : colorClass('bg', bg));
    if (s.bold) className += ' ansi-bold';
    if (s.dim) className += ' ansi-dim';
    if (s.italic) className += ' ansi-italic';
    if (s.underline) className += ' ansi-underline';
    if (typeof fg === 'string' || (typeof bg === 'string' && bg !== 'inverse')) {
      style = {};
      if (typeof fg === 'string') style.color = fg;
      if (typeof bg === 'string' && bg !== 'inverse') style.backgroundColor = bg;
    }
  }
  className = className.trim();
  return { ...(className ? { className } : {}), ...(style ? { style } : {}) };
}

/** Cuts pieces after `max` characters; returns how many were left out. */
function capPieces(pieces: Piece[], max: number): { pieces: Piece[]; cut: number } {
  let total = 0;
  for (const p of pieces) total += p.text.length;
  if (total <= max) return { pieces, cut: 0 };
  const out: Piece[] = [];
  let left = max;
  for (const p of pieces) {
    if (left <= 0) break;
    out.push(p.text.length > left ? { ...p, text: p.text.slice(0, left) } : p);
    left -= p.text.length;
  }
  return { pieces: out, cut: total - max };
}

/**
 * One log line: its number, then its text with ANSI styles, the level word and timestamp
 * highlighted, and search matches marked. Memoised: scrolling redraws only lines that appear.
 */
export const LogLine = memo(function LogLine({
  number,
  raw,
  ansi,
  matches,
  top,
  height,
  gutter,
}: {
  number: number;
  raw: string;
  ansi: boolean;
  /** Search matches on this line as "col:len:current" triples, joined (a string so memo can compare). */
  matches: string;
  top: number;
  height: number;
  gutter: string;
}) {
  const segments = ansi ? parseAnsiLine(raw) : [{ text: raw, style: null }];
  const plain = ansi ? segments.map((s) => s.text).join('') : raw;
  const { level, marks } = lineMarks(plain);
  const all: Mark[] = [...marks];
  if (matches) {
    for (const m of matches.split(',')) {
      const [col, len, current] = m.split(':').map(Number);
      all.push({ start: col!, end: col! + len!, kind: current ? 'match-current' : 'match' });
    }
  }
  const { pieces, cut } = capPieces(buildPieces(segments, all), MAX_DRAWN_CHARS);
  return (
    <div
      className={`log-line${level ? ` log-line-${level}` : ''}`}
      style={{ top, height }}
      data-line={number}
    >
      <span className="log-gutter" style={{ width: gutter }} aria-hidden="true">
        {number}
      </span>
      <span className="log-text">
        {pieces.map((p, i) =>
          p.style || p.kinds.length ? (
            <span key={i} {...pieceProps(p)}>
              {showBidiControls(p.text)}
            </span>
          ) : (
            showBidiControls(p.text)
          ),
        )}
        {cut > 0 ? (
          <span className="log-cut">
            {' '}
            … {cut.toLocaleString()} more characters (copy or save to read them)
          </span>
        ) : null}
      </span>
    </div>
  );
});
