import { stripAnsi } from './ansi';
import type { LineIndex } from './line-index';
import { lineAt } from './line-index';
import { createYielder } from './scheduler';

/** Positions kept for navigation; beyond this the matches are still counted. */
export const MAX_KEPT_MATCHES = 1_000_000;
const WINDOW = 1 << 20;

export interface SearchResult {
  query: string;
  /** Line, column (in the text without escape codes) and length of each kept match, in order. */
  lines: Uint32Array;
  cols: Uint32Array;
  lens: Uint32Array;
  kept: number;
  count: number;
  /** What was searched: the index's lineage, line count and text length (see `canResume`). */
  searched: { lineage: object; lines: number; length: number };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

class Collector {
  lines: Uint32Array;
  cols: Uint32Array;
  lens: Uint32Array;
  kept: number;
  count: number;
  /** Empty, or holding `previous`'s first `keep` matches (its kept matches are all it counted). */
  constructor(previous?: SearchResult, keep = 0) {
    const size = Math.max(256, keep * 2);
    const from = (a: Uint32Array | undefined) => {
      const b = new Uint32Array(size);
      if (a && keep > 0) b.set(a.subarray(0, keep));
      return b;
    };
    this.lines = from(previous?.lines);
    this.cols = from(previous?.cols);
    this.lens = from(previous?.lens);
    this.kept = keep;
    this.count = keep;
  }
  add(line: number, col: number, len: number): void {
    this.count++;
    if (this.kept >= MAX_KEPT_MATCHES) return;
    if (this.kept === this.lines.length) {
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.lines = grow(this.lines);
      this.cols = grow(this.cols);
      this.lens = grow(this.lens);
    }
    this.lines[this.kept] = line;
    this.cols[this.kept] = col;
    this.lens[this.kept] = len;
    this.kept++;
  }
}

/**
 * Whether searching `index` for `query` can start from `previous` instead of the top: the same
 * query, and `index` is the searched index with lines appended (the same lineage, a text at least
 * as long). Not when the matches overflowed what is kept: the count of the cut-off ones is lost.
 */
export function canResume(
  previous: SearchResult | null | undefined,
  index: LineIndex,
  query: string,
): previous is SearchResult {
  return (
    previous != null &&
    previous.query === query &&
    previous.searched.lineage === index.lineage &&
    previous.searched.lines > 0 &&
    previous.searched.length <= index.text.length &&
    previous.kept === previous.count
  );
}

/**
 * Case-insensitive search of a whole log, in slices (progress reported, cancellable through
 * the signal). Without escape codes the raw text is scanned in 1 MB windows; with them each
 * line is stripped first so that columns match what is drawn. With `previous` (see `canResume`)
 * only the appended lines are scanned, from the old last line on (it may have been partial):
 * matches before it are kept as they were, so a running job's log costs what it grew by.
 */
export async function searchLog(
  index: LineIndex,
  query: string,
  options: {
    signal?: AbortSignal;
    onProgress?: (fraction: number, count: number) => void;
    previous?: SearchResult | null;
  } = {},
): Promise<SearchResult> {
  const resume = canResume(options.previous, index, query) ? options.previous : null;
  const fromLine = resume ? resume.searched.lines - 1 : 0;
  const found = resume ? new Collector(resume, firstMatchFrom(resume, fromLine)) : new Collector();
  const y = createYielder(options.signal);
  if (query !== '' && index.count > 0) {
    const re = new RegExp(escapeRegExp(query), 'gi');
    if (!index.ansi) await scanWindows(index, fromLine, re, found, y, options.onProgress);
    else await scanLines(index, fromLine, re, found, y, options.onProgress);
  }
  return {
    query,
    lines: found.lines,
    cols: found.cols,
    lens: found.lens,
    kept: found.kept,
    count: found.count,
    searched: { lineage: index.lineage, lines: index.count, length: index.text.length },
  };
}

async function scanWindows(
  index: LineIndex,
  fromLine: number,
  re: RegExp,
  found: Collector,
  y: ReturnType<typeof createYielder>,
  onProgress?: (fraction: number, count: number) => void,
): Promise<void> {
  const { text, starts, count } = index;
  let line = fromLine;
  const begin = starts[fromLine]!;
  for (let from = begin; from < text.length; from += WINDOW) {
    // Windows overlap by the query's length so a match across a boundary is found once.
    const chunk = text.slice(from, from + WINDOW + re.source.length);
    re.lastIndex = 0;
    for (let m = re.exec(chunk); m; m = re.exec(chunk)) {
      if (m.index >= WINDOW) break;
      if (m[0].length === 0) re.lastIndex++;
      const at = from + m.index;
      while (line + 1 < count && starts[line + 1]! <= at) line++;
      found.add(line, at - starts[line]!, m[0].length);
    }
    // Progress per window whatever the machine's speed (a window is 1 MB: at most ~50 updates),
    // so a search that takes seconds always shows it is moving.
    onProgress?.(Math.min(1, (from + WINDOW - begin) / (text.length - begin)), found.count);
    if (y.due()) await y.yield();
  }
}

async function scanLines(
  index: LineIndex,
  fromLine: number,
  re: RegExp,
  found: Collector,
  y: ReturnType<typeof createYielder>,
  onProgress?: (fraction: number, count: number) => void,
): Promise<void> {
  // About 64 progress reports over the whole log, like the window scan's one per megabyte.
  const lines = index.count - fromLine;
  const step = Math.max(256, Math.ceil(lines / 64));
  for (let i = fromLine; i < index.count; i++) {
    const plain = stripAnsi(lineAt(index, i));
    re.lastIndex = 0;
    for (let m = re.exec(plain); m; m = re.exec(plain)) {
      if (m[0].length === 0) re.lastIndex++;
      found.add(i, m.index, m[0].length);
    }
    const done = i - fromLine + 1;
    if (done % step === 0) onProgress?.(done / lines, found.count);
    if ((i & 255) === 0 && y.due()) await y.yield();
  }
}

/** The first kept match at or after line `line` (binary search), for "next from here". */
export function firstMatchFrom(result: SearchResult, line: number): number {
  let lo = 0;
  let hi = result.kept;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (result.lines[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The kept matches on one line: [first, end) indices into the result arrays. */
export function matchesOnLine(result: SearchResult, line: number): [number, number] {
  const first = firstMatchFrom(result, line);
  let end = first;
  while (end < result.kept && result.lines[end] === line) end++;
  return [first, end];
}
