import type { LineIndex } from './line-index';

/**
 * Where each log line sits vertically. Without wrapping every line is one row of a fixed
 * height. With wrapping a line takes as many rows as its length needs at the current width
 * (monospace, so it is arithmetic, not measurement), capped so that one enormous line cannot
 * fill the screen; the rest of it is cut off with a note.
 */
export interface Geometry {
  readonly total: number;
  rowTop(i: number): number;
  rowHeight(i: number): number;
  /** The line at a vertical position. */
  lineAt(y: number): number;
}

export const MAX_WRAPPED_ROWS = 40;

export function fixedGeometry(count: number, lineHeight: number): Geometry {
  return {
    total: count * lineHeight,
    rowTop: (i) => i * lineHeight,
    rowHeight: () => lineHeight,
    lineAt: (y) => Math.max(0, Math.min(count - 1, Math.floor(y / lineHeight))),
  };
}

/** Visual rows a line of `length` characters takes at `columns` characters per row. */
export function wrappedRows(length: number, columns: number): number {
  return Math.min(MAX_WRAPPED_ROWS, Math.max(1, Math.ceil(length / Math.max(1, columns))));
}

export function wrappedGeometry(index: LineIndex, columns: number, lineHeight: number): Geometry {
  const n = index.count;
  // tops[i] is the first visual row of line i; one pass over the line starts (a million lines: milliseconds).
  const tops = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const end = i + 1 < n ? index.starts[i + 1]! - 1 : index.text.length;
    tops[i + 1] = tops[i]! + wrappedRows(end - index.starts[i]!, columns);
  }
  return {
    total: tops[n]! * lineHeight,
    rowTop: (i) => tops[i]! * lineHeight,
    rowHeight: (i) => (tops[i + 1]! - tops[i]!) * lineHeight,
    lineAt(y) {
      const row = y / lineHeight;
      let lo = 0;
      let hi = Math.max(0, n - 1);
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (tops[mid]! <= row) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
  };
}

/**
 * Browsers cap an element's height (around 17–33 million px). Past a safe height the scroll bar
 * covers a scaled range: scroll position × scale = position in the log.
 */
export const MAX_SCROLL_PX = 10_000_000;

export function scrollScale(total: number, viewport: number): number {
  if (total <= MAX_SCROLL_PX) return 1;
  return (total - viewport) / Math.max(1, MAX_SCROLL_PX - viewport);
}
