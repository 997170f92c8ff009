/** What packing needs of an item: the wires it spans, lowest and highest. */
export interface Span {
  lo: number;
  hi: number;
}

/**
 * Packs items into columns as a circuit drawer does: each goes to the first column, after
 * everything before it on any wire it spans, where all those wires are free (a controlled gate
 * spans every wire from its lowest to its highest qubit, so nothing is drawn across its line).
 * Returns each item's column and the number of columns.
 */
export function packColumns(
  items: readonly Span[],
  nqubits: number,
): { columns: number[]; count: number } {
  let wires = Math.max(nqubits, 0);
  for (const s of items) wires = Math.max(wires, s.hi + 1);
  const free = new Array<number>(wires).fill(0);
  const columns: number[] = [];
  let count = 0;
  for (const { lo, hi } of items) {
    let column = 0;
    for (let q = lo; q <= hi; q++) column = Math.max(column, free[q] ?? 0);
    for (let q = lo; q <= hi; q++) free[q] = column + 1;
    columns.push(column);
    count = Math.max(count, column + 1);
  }
  return { columns, count };
}
