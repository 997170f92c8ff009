import type { CircuitDiagram } from '../../../shared/circuit-layout';

/** What the overview strip draws of a circuit, per column: how full it is, and its problems. */
export interface ColumnDensity {
  columns: number;
  /** Wires each column's items span (controls included), out of `nqubits`. */
  filled: Uint16Array;
  nqubits: number;
  /** Columns holding an item with a problem. */
  problems: number[];
}

/** One pass over the items (25,000 in the bench's circuit), made once per circuit. */
export function columnDensity(circuit: CircuitDiagram): ColumnDensity {
  const filled = new Uint16Array(Math.max(circuit.columns, 1));
  const problems: number[] = [];
  for (const item of circuit.items) {
    const c = item.column;
    filled[c] = Math.min(65535, (filled[c] ?? 0) + item.hi - item.lo + 1);
    if (item.problem && problems[problems.length - 1] !== c) problems.push(c);
  }
  return { columns: circuit.columns, filled, nqubits: Math.max(circuit.nqubits, 1), problems };
}

/**
 * The strip's bars, one per pixel of its width: the fullest column under that pixel, from 0
 * (empty) to 1 (every wire busy). A pixel wider than a column repeats it; a column narrower
 * than a pixel is folded into it, so the work is the larger of the width and the columns.
 */
export function densityBars(density: ColumnDensity, pixels: number): Float32Array {
  const bars = new Float32Array(Math.max(0, Math.floor(pixels)));
  const { columns, filled, nqubits } = density;
  if (columns === 0) return bars;
  for (let x = 0; x < bars.length; x++) {
    const c0 = Math.floor((x * columns) / bars.length);
    const c1 = Math.max(c0 + 1, Math.floor(((x + 1) * columns) / bars.length));
    let most = 0;
    for (let c = c0; c < c1 && c < columns; c++) most = Math.max(most, filled[c] ?? 0);
    bars[x] = Math.min(1, most / nqubits);
  }
  return bars;
}

/** Where the strip marks the columns in view: its left and width in pixels, at least 6 wide. */
export function windowMark(
  scroll: { left: number; width: number; total: number },
  pixels: number,
): { left: number; width: number } {
  if (scroll.total <= 0 || pixels <= 0) return { left: 0, width: pixels };
  const width = Math.min(pixels, Math.max(6, (scroll.width / scroll.total) * pixels));
  const left = Math.min(pixels - width, (scroll.left / scroll.total) * pixels);
  return { left: Math.max(0, left), width };
}
