import type { NumericNode } from '../../../../shared/sweeps/numeric-nodes';

/*
 * What the Sweep dialog offers first. A sweep varies an angle, a number of shots or a duration
 * far more often than a qubit index or a width, so those come first; the number under the
 * cursor before all of them.
 */

/** The last key of a path, without its list index: `gates[1].theta` → `theta`. */
function keyOf(path: string): string {
  const last = path.slice(path.lastIndexOf('.') + 1);
  return last.replace(/\[\d+\]$/, '');
}

const ANGLES = /^(theta|phi|gamma|lambda|lam|angle|beta|alpha|value)$/i;
const SHOTS = /^(nshots|shots|averages|repetitions)$/i;
const TIMES = /(^t$|^dt$|duration|wait|delay|time)/i;
const QUBITS = /^(qubit|qubits|qubit_id|control|target|control_qubits|nqubits|qubits_to_reset)$/i;

/** 0 angles, 1 shots, 2 times and durations, 3 anything else, 4 qubit indices and widths. */
export function sweepRank(path: string): number {
  const key = keyOf(path);
  if (QUBITS.test(key)) return 4;
  if (ANGLES.test(key)) return 0;
  if (SHOTS.test(key)) return 1;
  if (TIMES.test(key)) return 2;
  return 3;
}

/** The numbers in the order to offer them: the one under the cursor, then by rank, then as written. */
export function sweepOrder(nodes: readonly NumericNode[], cursor: number | null): NumericNode[] {
  const under =
    cursor === null ? -1 : nodes.findIndex((n) => n.offset <= cursor && cursor <= n.endOffset);
  return nodes
    .map((node, i) => ({ node, key: i === under ? -1 : sweepRank(node.path), i }))
    .sort((a, b) => a.key - b.key || a.node.offset - b.node.offset || a.i - b.i)
    .map((x) => x.node);
}

/** `gates[1]` → `gates #2` (counted from 1, as people count list items). */
function counted(segment: string): string {
  const m = /^(.*?)\[(\d+)\]$/.exec(segment);
  return m ? `${m[1]} #${Number(m[2]) + 1}` : segment;
}

/** A column heading for a swept number: its key, and where it is (`theta`, `gates #2`). */
export function sweepLabel(path: string): { key: string; where: string } {
  const parts = path.split('.');
  return {
    key: counted(parts[parts.length - 1] ?? path),
    where: parts.length > 1 ? counted(parts[parts.length - 2]!) : '',
  };
}

/** A swept value as the table shows it: at most six significant digits. */
export function sweepValue(n: number): string {
  return Number.isInteger(n) || !Number.isFinite(n) ? String(n) : String(Number(n.toPrecision(6)));
}
