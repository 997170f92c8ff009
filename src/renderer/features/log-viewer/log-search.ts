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
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

class Collector {
  lines = new Uint32Array(256);
  cols = new Uint32Array(256);
  lens = new Uint32Array(256);
  kept = 0;
  count = 0;
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
 * Case-insensitive search of a whole log, in slices (progress reported, cancellable through
 * the signal). Without escape codes the raw text is scanned in 1 MB windows; with them each
 * line is stripped first so that columns match what is drawn.
 */
export async function searchLog(
  index: LineIndex,
  query: string,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, count: number) => void } = {},
): Promise<SearchResult> {
  const found = new Collector();
  const y = createYielder(options.signal);
  if (query !== '' && index.count > 0) {
    const re = new RegExp(escapeRegExp(query), 'gi');
    if (!index.ansi) await scanWindows(index, re, found, y, options.onProgress);
    else await scanLines(index, re, found, y, options.onProgress);
  }
  return {
    query,
    lines: found.lines,
    cols: found.cols,
    lens: found.lens,
    kept: found.kept,
    count: found.count,
  };
}

async function scanWindows(
  index: LineIndex,
  re: RegExp,
  found: Collector,
  y: ReturnType<typeof createYielder>,
  onProgress?: (fraction: number, count: number) => void,
): Promise<void> {
  const { text, starts, count } = index;
  let line = 0;
  for (let from = 0; from < text.length; from += WINDOW) {
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
    onProgress?.(Math.min(1, (from + WINDOW) / text.length), found.count);
    if (y.due()) await y.yield();
  }
}

async function scanLines(
  index: LineIndex,
  re: RegExp,
  found: Collector,
  y: ReturnType<typeof createYielder>,
  onProgress?: (fraction: number, count: number) => void,
): Promise<void> {
  // About 64 progress reports over the whole log, like the window scan's one per megabyte.
  const step = Math.max(256, Math.ceil(index.count / 64));
  for (let i = 0; i < index.count; i++) {
    const plain = stripAnsi(lineAt(index, i));
    re.lastIndex = 0;
    for (let m = re.exec(plain); m; m = re.exec(plain)) {
      if (m[0].length === 0) re.lastIndex++;
      found.add(i, m.index, m[0].length);
    }
    if (i % step === step - 1) onProgress?.((i + 1) / index.count, found.count);
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
