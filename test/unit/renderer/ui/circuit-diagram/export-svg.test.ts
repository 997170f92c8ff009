import { describe, expect, it } from 'vitest';
import { packColumns } from '../../../../../src/shared/circuit-layout';
import type { CircuitDiagram, DiagramItem } from '../../../../../src/shared/circuit-layout';
import {
  circuitSvgMarkup,
  exportSize,
} from '../../../../../src/renderer/ui/circuit-diagram/export-svg';
import { drawingIndex, moveFocus } from '../../../../../src/renderer/ui/circuit-diagram/navigation';

const COLOURS = {
  background: '#111',
  foreground: '#eee',
  muted: '#999',
  box: '#222',
  error: '#f00',
};

function item(over: Partial<DiagramItem>): DiagramItem {
  return {
    kind: 'box',
    name: 'H',
    label: 'H',
    angles: [],
    targets: [0],
    controls: [],
    lo: 0,
    hi: 0,
    column: 0,
    accessibleName: 'H, qubit 0',
    title: 'H, qubit 0',
    line: 1,
    endLine: 1,
    problem: undefined,
    ...over,
  };
}

/** A circuit of `n` single-qubit gates on `wires` wires, round-robin. */
function circuit(n: number, wires: number): CircuitDiagram {
  const spans = Array.from({ length: n }, (_, i) => ({ lo: i % wires, hi: i % wires }));
  const { columns, count } = packColumns(spans, wires);
  const items = spans.map((s, i) =>
    item({
      targets: [s.lo],
      lo: s.lo,
      hi: s.hi,
      column: columns[i] ?? 0,
      line: i + 1,
      endLine: i + 1,
    }),
  );
  return { nqubits: wires, columns: count, items, line: 1 };
}

describe('circuitSvgMarkup', () => {
  it('draws every column, not only those on screen, with a wire and a label per qubit', () => {
    const c = circuit(3_000, 3);
    const svg = circuitSvgMarkup(c, COLOURS);
    const { width, height } = exportSize(c);
    expect(svg).toContain(`width="${width}" height="${height}"`);
    expect(svg.match(/<g>/g)).toHaveLength(3_000);
    expect(svg.match(/class="wire"/g)).toHaveLength(3);
    expect(svg).toContain('>q2</text>');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('escapes a label that holds markup (an unread tag is the text as written)', () => {
    const c: CircuitDiagram = {
      nqubits: 1,
      columns: 1,
      items: [item({ kind: 'unread', label: '!<b>&', name: '!<b>&' })],
      line: 1,
    };
    const svg = circuitSvgMarkup(c, COLOURS);
    expect(svg).toContain('!&lt;b&gt;&amp;');
    expect(svg).not.toContain('<b>');
  });
});

describe('moveFocus', () => {
  // Column 0: H0, H1; column 1: H0; column 2: H0.
  const c: CircuitDiagram = {
    nqubits: 2,
    columns: 3,
    line: 1,
    items: [
      item({ column: 0 }),
      item({ column: 0, targets: [1], lo: 1, hi: 1 }),
      item({ column: 1 }),
      item({ column: 2 }),
    ],
  };
  const index = drawingIndex(c);
  it('goes column by column with Left and Right, within a column with Up and Down', () => {
    expect(moveFocus(c, index, 0, 'ArrowRight')).toBe(1);
    expect(moveFocus(c, index, 1, 'ArrowRight')).toBe(2);
    expect(moveFocus(c, index, 2, 'ArrowLeft')).toBe(1);
    expect(moveFocus(c, index, 0, 'ArrowDown')).toBe(1);
    expect(moveFocus(c, index, 1, 'ArrowUp')).toBe(0);
    expect(moveFocus(c, index, 2, 'ArrowDown')).toBe(2);
    expect(moveFocus(c, index, 1, 'End')).toBe(3);
    expect(moveFocus(c, index, 3, 'Home')).toBe(0);
    expect(moveFocus(c, index, 3, 'ArrowRight')).toBe(3);
    expect(moveFocus(c, index, 3, 'x')).toBeUndefined();
  });
});
