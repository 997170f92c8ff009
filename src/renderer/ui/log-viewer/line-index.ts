import { createYielder } from './scheduler';

/**
 * Where each line of a log starts, found once (in slices, so a 50 MB log never blocks the
 * window) and kept as a typed array: a million lines cost 4 MB, not a million strings. Lines are
 * sliced out of the text only when they are drawn.
 */
export interface LineIndex {
  readonly text: string;
  /** Start offset of each line; only the first `count` entries are meaningful. */
  readonly starts: Uint32Array;
  readonly count: number;
  /** Length of the longest line (for the horizontal scroll range). */
  readonly maxLength: number;
  /** True when the text holds escape codes (lines need ANSI parsing and search strips them). */
  readonly ansi: boolean;
  /**
   * Shared by every index grown from one full indexing through appends only (a running job's
   * log): an index of the same lineage with a shorter text indexed a prefix of this one, so what
   * was found in its lines but the last (which may have been partial) still holds.
   */
  readonly lineage: object;
}

const PROGRESS_BYTES = 1 << 20;

export const EMPTY_INDEX: LineIndex = {
  text: '',
  starts: new Uint32Array(1),
  count: 0,
  maxLength: 0,
  ansi: false,
  lineage: {},
};

/** The text of line `i`, without its newline (and without a CR of a CRLF ending). */
export function lineAt(index: LineIndex, i: number): string {
  const start = index.starts[i]!;
  let end = i + 1 < index.count ? index.starts[i + 1]! - 1 : index.text.length;
  if (i + 1 >= index.count && index.text.endsWith('\n')) end = index.text.length - 1;
  if (end > start && index.text.charCodeAt(end - 1) === 13) end--;
  return index.text.slice(start, Math.max(start, end));
}

/** The line holding a text offset (binary search). */
export function lineOfOffset(index: LineIndex, offset: number): number {
  let lo = 0;
  let hi = index.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (index.starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Characters at the end of the old text compared first: a replaced log is told apart at once. */
const TAIL_CHARS = 4096;

/**
 * Whether `text` is `previous`'s text with more appended (a running job's log between two polls),
 * so that only the new part needs indexing and searching. Exact, and cheap for what it proves:
 * the tail is compared first (a different log fails there), then the whole old text at once
 * through a slice, which V8 compares with memcmp: ~4 ms for 50 MB, where `startsWith` walked it
 * character by character (~50 ms, more than indexing the log from scratch).
 */
export function appendsTo(previous: LineIndex, text: string): boolean {
  const old = previous.text;
  if (previous.count === 0 || text.length < old.length) return false;
  const tail = Math.max(0, old.length - TAIL_CHARS);
  return text.startsWith(old.slice(tail), tail) && text.slice(0, old.length) === old;
}

/**
 * Indexes `text`. With `previous`, which must have indexed a prefix of it (check with
 * `appendsTo`; a running job's log that grew), only the new part is scanned: from the start of
 * the previous last line, which may have been partial.
 */
export async function indexLines(
  text: string,
  options: {
    previous?: LineIndex;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  } = {},
): Promise<LineIndex> {
  const prev = options.previous && options.previous.count > 0 ? options.previous : null;
  let starts = new Uint32Array(
    Math.max(1024, prev ? prev.starts.length : Math.ceil(text.length / 48)),
  );
  let count = 0;
  let maxLength = 0;
  let from = 0;
  if (prev) {
    count = prev.count - 1;
    starts.set(prev.starts.subarray(0, count));
    maxLength = prev.maxLength;
    from = prev.starts[count]!;
  }
  const y = createYielder(options.signal);
  const push = (start: number) => {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = start;
  };
  if (text.length > 0) {
    let pos = from;
    // Progress once per megabyte indexed, whatever the machine's speed.
    let reportAt = pos + PROGRESS_BYTES;
    for (;;) {
      push(pos);
      const nl = text.indexOf('\n', pos);
      const end = nl === -1 ? text.length : nl;
      if (end - pos > maxLength) maxLength = end - pos;
      if (nl === -1 || nl === text.length - 1) break;
      pos = nl + 1;
      if (pos >= reportAt) {
        reportAt = pos + PROGRESS_BYTES;
        options.onProgress?.(pos / text.length);
      }
      if ((count & 1023) === 0 && y.due()) await y.yield();
    }
  }
  const ansi =
    (prev?.ansi ?? false) || (prev ? text.slice(prev.text.length) : text).includes('\u001b');
  return { text, starts, count, maxLength, ansi, lineage: prev?.lineage ?? {} };
}
