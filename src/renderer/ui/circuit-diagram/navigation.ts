import type { CircuitDiagram } from '../../../shared/circuit-layout';

/** The items in reading order of the drawing (column by column, top to bottom), and per column. */
export interface DrawingIndex {
  /** Item indices, column by column, top to bottom. */
  order: number[];
  /** Each item's place in `order`. */
  placeOf: number[];
  /** Item indices by column. */
  byColumn: number[][];
}

export function drawingIndex(circuit: CircuitDiagram): DrawingIndex {
  const byColumn: number[][] = Array.from({ length: circuit.columns }, () => []);
  circuit.items.forEach((item, i) => byColumn[item.column]?.push(i));
  for (const column of byColumn)
    column.sort((a, b) => (circuit.items[a]?.lo ?? 0) - (circuit.items[b]?.lo ?? 0));
  const order = byColumn.flat();
  const placeOf = new Array<number>(circuit.items.length).fill(0);
  order.forEach((item, place) => (placeOf[item] = place));
  return { order, placeOf, byColumn };
}

/** Columns drawn beyond each edge of the view, so a quick scroll shows no gap. */
const OVERSCAN = 4;

/**
 * What one frame of the view draws: the columns under the scroller's view (in its pixels, one
 * column `column` wide) and a few beyond each edge, and their items. The work is the view's,
 * whatever the circuit's length (the bench measures a frame of 25,000 gates).
 */
export function columnsInView(
  index: DrawingIndex,
  columns: number,
  view: { left: number; width: number },
  column: number,
): { first: number; last: number; visible: number[] } {
  const first = Math.max(0, Math.floor(view.left / column) - OVERSCAN);
  const last = Math.min(columns, Math.ceil((view.left + view.width) / column) + OVERSCAN);
  return { first, last, visible: index.byColumn.slice(first, last).flat() };
}

/**
 * Where a key moves the focus from item `at` (an item index): Left/Right the previous/next item
 * in the drawing's order, Up/Down the item above/below in the same column, Home/End the first
 * and last. Undefined for any other key; the same item where there is nowhere to go.
 */
export function moveFocus(
  circuit: CircuitDiagram,
  index: DrawingIndex,
  at: number,
  key: string,
): number | undefined {
  const { order, placeOf, byColumn } = index;
  const place = placeOf[at] ?? 0;
  const column = byColumn[circuit.items[at]?.column ?? 0] ?? [];
  const inColumn = column.indexOf(at);
  const pick = (i: number | undefined) => i ?? at;
  switch (key) {
    case 'ArrowRight':
      return pick(order[Math.min(place + 1, order.length - 1)]);
    case 'ArrowLeft':
      return pick(order[Math.max(place - 1, 0)]);
    case 'ArrowDown':
      return pick(column[Math.min(inColumn + 1, column.length - 1)]);
    case 'ArrowUp':
      return pick(column[Math.max(inColumn - 1, 0)]);
    case 'Home':
      return pick(order[0]);
    case 'End':
      return pick(order[order.length - 1]);
    default:
      return undefined;
  }
}
