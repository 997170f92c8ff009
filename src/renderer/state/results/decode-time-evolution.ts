import type { ResultHints, TimeEvolutionModel, TimeSeries } from './models';
import { decodeState, fieldKey, observableLabels } from './decode-basic';
import { decodeLegacyTimeEvolution } from './decode-legacy';
import { ShapeError, join, numbersOf, optional, required } from '../../../shared/results/read';
import { isNdarray, ndarrayOf } from '../../../shared/results/sdk-data';
import type { TNode } from '../../../shared/results/tree';
import { childCount } from '../../../shared/results/tree';

/**
 * NumPy's `linspace(0, T, n)`: the time grid of qilisdk 0.1.x's backends (`tlist`), on which
 * a time evolution's `expected_values` rows lie.
 */
export function linspace(start: number, stop: number, n: number): Float64Array {
  const out = new Float64Array(n);
  if (n === 1) out[0] = start;
  const step = (stop - start) / (n - 1);
  for (let i = 0; i < n; i++) out[i] = start + i * step;
  if (n > 1) out[n - 1] = stop;
  return out;
}

/**
 * `!TimeEvolutionResult` (Variant B, qilisdk 0.1.6): `_final_expected_values` (an `!ndarray`, one
 * value per observable), `_expected_values` (steps × observables, or empty when the job did not
 * store intermediate results), `_final_state` (`!QTensor` or null), `_intermediate_states`. The
 * rows carry no times: they lie on the backend's grid `linspace(0, T, steps)`, placed when the
 * payload says T and numbered otherwise. A result in the simulator's older shape goes to the
 * legacy decoder.
 */
export function decodeTimeEvolution(
  node: TNode,
  path: string,
  hints: ResultHints,
): TimeEvolutionModel {
  const finalNode = required(node, 'final_expected_values', path);
  if (!isNdarray(finalNode)) return decodeLegacyTimeEvolution(node, path, hints.observables);
  const notes: string[] = [];
  const finalValues = numbersOf(finalNode, join(path, fieldKey(node, 'final_expected_values')));
  const labels = observableLabels(finalValues.length, hints.observables, notes);
  const rowsPath = join(path, fieldKey(node, 'expected_values'));
  const rowsNode = optional(node, 'expected_values');
  const rows = rowsNode && isNdarray(rowsNode) ? ndarrayOf(rowsNode, rowsPath) : null;
  let series: TimeSeries | null = null;
  if (rows && rows.shape.length === 2 && rows.shape[0]! > 0) {
    const [count, width] = rows.shape as [number, number];
    if (width !== finalValues.length)
      throw new ShapeError(rowsPath, `rows of ${finalValues.length} values`, `rows of ${width}`);
    const values = Array.from(finalValues, (_, c) =>
      Float64Array.from({ length: count }, (_, r) => rows.values[r * width + c]!),
    );
    const duration = hints.duration;
    series =
      duration !== null && duration > 0
        ? { t: linspace(0, duration, count), values, axis: 'time' }
        : { t: Float64Array.from({ length: count }, (_, i) => i), values, axis: 'step' };
    if (series.axis === 'step')
      notes.push("The payload does not say the schedule's duration, so values are drawn per step.");
  } else if (rowsNode && !rows) {
    throw new ShapeError(rowsPath, 'an !ndarray of expectation values', 'another value');
  } else {
    notes.push('The job did not store intermediate results, so only the final values are shown.');
  }
  const stateNode = optional(node, 'final_state');
  const statesNode = optional(node, 'intermediate_states');
  return {
    kind: 'time-evolution',
    tag: node.tag,
    path,
    notes,
    labels,
    finalValues,
    series,
    finalState: stateNode
      ? decodeState(stateNode, join(path, fieldKey(node, 'final_state')), null)
      : null,
    intermediateStates: statesNode ? childCount(statesNode) : 0,
  };
}
