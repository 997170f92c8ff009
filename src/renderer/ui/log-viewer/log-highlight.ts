import type { AnsiSegment, AnsiStyle } from './ansi';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** A range of a line's plain text that gets a class: a level word, a timestamp, a search match. */
export interface Mark {
  start: number;
  end: number;
  kind:
    | 'level-error'
    | 'level-warn'
    | 'level-info'
    | 'level-debug'
    | 'time'
    | 'match'
    | 'match-current';
}

const LEVEL =
  /\b(FATAL|CRITICAL|ERROR|ERR|WARNING|WARN|INFO|DEBUG|TRACE)\b|\blevel=(error|warn(?:ing)?|info|debug|trace)\b/;
const LEVEL_OF: Record<string, LogLevel> = {
  fatal: 'error',
  critical: 'error',
  error: 'error',
  err: 'error',
  warning: 'warn',
  warn: 'warn',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
};
// ISO 8601 (date and time, optional fraction and zone), or a bare clock time at the line start.
const TIMESTAMP =
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?|^\[?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?\]?/;

/** Where a line's level word and first timestamp are (only the first 200 characters are looked at). */
export function lineMarks(plain: string): { level: LogLevel | null; marks: Mark[] } {
  const head = plain.length > 200 ? plain.slice(0, 200) : plain;
  const marks: Mark[] = [];
  const t = TIMESTAMP.exec(head);
  if (t) marks.push({ start: t.index, end: t.index + t[0].length, kind: 'time' });
  const l = LEVEL.exec(head);
  let level: LogLevel | null = null;
  if (l) {
    level = LEVEL_OF[(l[1] ?? l[2] ?? '').toLowerCase()] ?? null;
    if (level) marks.push({ start: l.index, end: l.index + l[0].length, kind: `level-${level}` });
  }
  return { level, marks };
}

/** A drawn piece of a line: text with its ANSI style and the classes of the marks over it. */
export interface Piece {
  text: string;
  style: AnsiStyle | null;
  kinds: Mark['kind'][];
}

/**
 * Cuts a line's ANSI segments at every mark boundary, so a search match inside a coloured word
 * keeps the colour and adds the highlight. Later marks win where marks overlap (search over
 * level), which is the order the caller passes them in.
 */
export function buildPieces(segments: readonly AnsiSegment[], marks: readonly Mark[]): Piece[] {
  if (marks.length === 0) return segments.map((s) => ({ text: s.text, style: s.style, kinds: [] }));
  const cuts = new Set<number>();
  for (const m of marks) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const pieces: Piece[] = [];
  let offset = 0;
  for (const seg of segments) {
    const segEnd = offset + seg.text.length;
    const inside = [...cuts].filter((c) => c > offset && c < segEnd).sort((a, b) => a - b);
    let from = offset;
    for (const to of [...inside, segEnd]) {
      if (to > from) {
        const kinds = marks.filter((m) => m.start <= from && m.end >= to).map((m) => m.kind);
        pieces.push({ text: seg.text.slice(from - offset, to - offset), style: seg.style, kinds });
      }
      from = to;
    }
    offset = segEnd;
  }
  return pieces;
}
