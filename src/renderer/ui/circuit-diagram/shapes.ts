import type { DiagramItem } from '../../../shared/circuit-layout';
import { boxAngleText } from './angle-text';

/** The drawing's grid, in SVG units at zoom 1. */
export const COLUMN_WIDTH = 64;
export const ROW_HEIGHT = 52;
export const TOP = 18;
const BOX = 40;
const BOX_HALF = BOX / 2;

export const wireY = (q: number) => TOP + q * ROW_HEIGHT + ROW_HEIGHT / 2;
export const columnX = (column: number) => column * COLUMN_WIDTH + COLUMN_WIDTH / 2;
export const diagramHeight = (nqubits: number) => TOP * 2 + nqubits * ROW_HEIGHT;
export const diagramWidth = (columns: number) => Math.max(columns, 1) * COLUMN_WIDTH;

/** One primitive of the drawing; `cls` names its part for the style sheet (and the export's). */
export type Shape =
  | { t: 'rect'; x: number; y: number; w: number; h: number; cls: string }
  | { t: 'line'; x1: number; y1: number; x2: number; y2: number; cls: string }
  | { t: 'circle'; cx: number; cy: number; r: number; cls: string }
  | { t: 'text'; x: number; y: number; text: string; cls: string };

const label = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function box(x: number, q0: number, q1: number, item: DiagramItem, cls: string): Shape[] {
  const top = wireY(q0) - BOX_HALF;
  const bottom = wireY(q1) + BOX_HALF;
  const mid = (top + bottom) / 2;
  const angle = boxAngleText(item.angles, 9);
  const shapes: Shape[] = [
    { t: 'rect', x: x - BOX_HALF - 6, y: top, w: BOX + 12, h: bottom - top, cls },
  ];
  if (angle) {
    shapes.push({ t: 'text', x, y: mid - 3, text: label(item.label, 7), cls: 'gate-label' });
    shapes.push({ t: 'text', x, y: mid + 11, text: angle, cls: 'gate-angle' });
  } else {
    shapes.push({ t: 'text', x, y: mid + 4, text: label(item.label, 7), cls: 'gate-label' });
  }
  return shapes;
}

/** The shapes that draw one item, at its column. */
export function itemShapes(item: DiagramItem): Shape[] {
  const x = columnX(item.column);
  const shapes: Shape[] = [];
  const connect = item.hi > item.lo && item.kind !== 'unread' && item.kind !== 'measure';
  if (connect) {
    shapes.push({
      t: 'line',
      x1: x,
      y1: wireY(item.lo),
      x2: x,
      y2: wireY(item.hi),
      cls: 'connector',
    });
  }
  for (const q of item.controls)
    shapes.push({ t: 'circle', cx: x, cy: wireY(q), r: 5, cls: 'control' });
  switch (item.kind) {
    case 'not':
      for (const q of item.targets) {
        const y = wireY(q);
        shapes.push({ t: 'circle', cx: x, cy: y, r: 12, cls: 'not' });
        shapes.push({ t: 'line', x1: x - 12, y1: y, x2: x + 12, y2: y, cls: 'not-cross' });
        shapes.push({ t: 'line', x1: x, y1: y - 12, x2: x, y2: y + 12, cls: 'not-cross' });
      }
      break;
    case 'swap':
      for (const q of item.targets) {
        const y = wireY(q);
        shapes.push({ t: 'line', x1: x - 8, y1: y - 8, x2: x + 8, y2: y + 8, cls: 'swap' });
        shapes.push({ t: 'line', x1: x - 8, y1: y + 8, x2: x + 8, y2: y - 8, cls: 'swap' });
      }
      break;
    case 'measure':
      for (const q of item.targets) {
        const y = wireY(q);
        shapes.push({ t: 'rect', x: x - 16, y: y - 16, w: 32, h: 32, cls: 'gate-box' });
        shapes.push({ t: 'text', x, y: y + 5, text: 'M', cls: 'gate-label' });
      }
      break;
    case 'unread':
      shapes.push(...box(x, item.lo, item.hi, item, 'unread-box'));
      break;
    default: {
      const lo = Math.min(...item.targets);
      const hi = Math.max(...item.targets);
      shapes.push(...box(x, lo, hi, item, 'gate-box'));
    }
  }
  return shapes;
}

/** The rectangle an item's focus ring and highlight go round. */
export function itemBounds(item: DiagramItem): { x: number; y: number; w: number; h: number } {
  const x = columnX(item.column);
  const top = wireY(item.lo) - BOX_HALF - 4;
  const bottom = wireY(item.hi) + BOX_HALF + 4;
  return { x: x - COLUMN_WIDTH / 2 + 2, y: top, w: COLUMN_WIDTH - 4, h: bottom - top };
}
