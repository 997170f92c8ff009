import type { ComplexArray } from './read';
import {
  ShapeError,
  complexesOf,
  itemsOf,
  join,
  numbersOf,
  optional,
  optionalNumber,
  required,
  textOf,
} from './read';
import type { TNode } from './tree';

/** What a Rabi or T1 result holds: the sweep, its s21 points, and the qubit when it says. */
export interface ExperimentData {
  /** The sweep's name as the result spells it. */
  xName: string;
  /** Sweep values (ns), in the result's order. */
  x: Float64Array;
  s21: ComplexArray;
  qubit: number | null;
  averages: number | null;
  /** What was left out, in words. */
  notes: string[];
}

/**
 * Rabi and T1 results:
 * - the SDK's (both variants): `{qubit, averages?, data: !ndarray (N, 2) of I and Q, dims:
 *   [!Dimension {labels: [name], values: [!ndarray sweep]}]}`;
 * - LEGACY, the simulator's own before it wrote the SDK's: B `{drive_pulse_duration | wait_times,
 *   s21: [!complex]}`, A `{qubit, averages, data: [!complex], dims: [{labels, values: [[..]]}]}`.
 * Throws `ShapeError` naming the path when the node does not have that shape.
 */
export function readExperimentData(
  node: TNode,
  path: string,
  experiment: 'rabi' | 't1',
): ExperimentData {
  const sweepKey = experiment === 'rabi' ? 'drive_pulse_duration' : 'wait_times';
  const notes: string[] = [];
  let xName: string;
  let x: Float64Array;
  let s21;
  if (optional(node, 'data') || optional(node, 'dims')) {
    const dimsPath = join(path, 'dims');
    const dims = itemsOf(required(node, 'dims', path), dimsPath);
    if (dims.length === 0) throw new ShapeError(dimsPath, 'one sweep dimension', 'none');
    if (dims.length > 1)
      notes.push(`The result has ${dims.length} sweep dimensions; the first is drawn.`);
    const dim = dims[0]!;
    const dimPath = join(dimsPath, 0);
    const labels = itemsOf(required(dim, 'labels', dimPath), join(dimPath, 'labels'));
    const values = itemsOf(required(dim, 'values', dimPath), join(dimPath, 'values'));
    if (values.length === 0)
      throw new ShapeError(join(dimPath, 'values'), 'a list of sweep values', 'none');
    xName = textOf(labels[0]) ?? (experiment === 'rabi' ? 'drive_duration' : 'wait_duration');
    x = numbersOf(values[0], join(join(dimPath, 'values'), 0));
    s21 = complexesOf(required(node, 'data', path), join(path, 'data'));
  } else {
    xName = sweepKey;
    x = numbersOf(required(node, sweepKey, path), join(path, sweepKey));
    s21 = complexesOf(required(node, 's21', path), join(path, 's21'));
  }
  if (s21.re.length !== x.length) {
    throw new ShapeError(
      path,
      `as many s21 points as sweep values (${x.length})`,
      `${s21.re.length} points`,
    );
  }
  return {
    xName,
    x,
    s21,
    qubit: optionalNumber(optional(node, 'qubit'), join(path, 'qubit')),
    averages: optionalNumber(optional(node, 'averages'), join(path, 'averages')),
    notes,
  };
}
