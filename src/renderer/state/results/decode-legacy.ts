import type {
  FunctionalModel,
  IntermediateResult,
  ResultHints,
  TimeEvolutionModel,
  ViewModel,
} from './models';
import { decodeStateVector, observableLabels } from './decode-basic';
import type { DecodeNested } from './decode-composite';
import {
  ShapeError,
  itemsOf,
  join,
  mappingOf,
  numbersOf,
  optional,
  required,
  rowsOf,
  textOf,
} from '../../../shared/results/read';
import type { TNode } from '../../../shared/results/tree';
import { fieldNames, fieldOf } from '../../../shared/results/tree';

/*
 * LEGACY decoders: the result shapes the simulator wrote before it wrote the SDK's own
 * (docs/sdk-wire.md, "Results"). Jobs stored then keep their results in these shapes, so the
 * viewers keep reading them; nothing writes them any more.
 */

/**
 * LEGACY: the simulator's own `!TimeEvolutionResult {final_expected_values: [..],
 * expected_values: [[t, v1, ..], ..], final_state: [!complex]}`, written before results took the
 * SDK's shapes; results stored then stay readable.
 */
export function decodeLegacyTimeEvolution(
  node: TNode,
  path: string,
  hint: string[] | null,
): TimeEvolutionModel {
  const notes: string[] = [];
  const finalValues = numbersOf(
    required(node, 'final_expected_values', path),
    join(path, 'final_expected_values'),
  );
  const labels = observableLabels(finalValues.length, hint, notes);
  const rowsNode = optional(node, 'expected_values');
  let series: TimeEvolutionModel['series'] = null;
  if (rowsNode) {
    const rowsPath = join(path, 'expected_values');
    const rows = rowsOf(rowsNode, rowsPath);
    if (rows.count > 0 && rows.width !== finalValues.length + 1) {
      throw new ShapeError(
        join(rowsPath, 0),
        `[t, ${finalValues.length} values]`,
        `${rows.width} numbers`,
      );
    }
    const t = new Float64Array(rows.count);
    const values = finalValues.length
      ? Array.from(finalValues, () => new Float64Array(rows.count))
      : [];
    for (let r = 0; r < rows.count; r++) {
      t[r] = rows.values[r * rows.width]!;
      for (let c = 0; c < values.length; c++) values[c]![r] = rows.values[r * rows.width + c + 1]!;
    }
    series = { t, values, axis: 'time' };
  } else {
    notes.push('The job did not store intermediate results, so only the final values are shown.');
  }
  const stateNode = optional(node, 'final_state');
  const finalState = stateNode
    ? decodeStateVector(stateNode, join(path, 'final_state'), null)
    : null;
  return {
    kind: 'time-evolution',
    tag: node.tag,
    path,
    notes,
    labels,
    finalValues,
    series,
    finalState,
    intermediateStates: 0,
  };
}

/** A list of readout results (or one), each decoded with the readout hint at its place. */
export function readoutList(
  node: TNode | undefined,
  path: string,
  hints: ResultHints,
  nested: DecodeNested,
): ViewModel[] {
  if (!node) return [];
  const items = node.kind === 'seq' ? node.items : [node];
  return items.map((item, i) =>
    nested(item, node.kind === 'seq' ? join(path, i) : path, hints, hints.readouts[i] ?? null),
  );
}

/**
 * LEGACY: the simulator's own `!FunctionalResult {readout_results: [...], intermediate_results:
 * [...]}` (a list of readout results; a reservoir step `{input, readout_results}`).
 */
export function decodeLegacyFunctional(
  node: TNode,
  path: string,
  hints: ResultHints,
  nested: DecodeNested,
): FunctionalModel {
  const notes: string[] = [];
  const readoutsPath = join(path, 'readout_results');
  const readouts = readoutList(
    required(node, 'readout_results', path),
    readoutsPath,
    hints,
    nested,
  );
  if (readouts.length === 0) notes.push('The result holds no readout results.');
  const interPath = join(path, 'intermediate_results');
  const interNode = optional(node, 'intermediate_results');
  const intermediate: IntermediateResult[] = (interNode ? itemsOf(interNode, interPath) : []).map(
    (item, i) => {
      const at = join(interPath, i);
      // A reservoir step is `{input: {name: value}, readout_results: [...]}`; anything else is one result.
      if (
        item.tag === null &&
        (item.kind === 'map' || item.kind === 'counts') &&
        fieldOf(item, 'readout_results')
      ) {
        const inputNode = optional(item, 'input');
        const input = inputNode
          ? fieldNames(mappingOf(inputNode, join(at, 'input'))).map((name) => ({
              name,
              value: textOf(fieldOf(inputNode, name)) ?? '(complex value)',
            }))
          : [];
        const label = `Input ${i + 1}${input.length ? ` (${input.map((p) => `${p.name} = ${p.value}`).join(', ')})` : ''}`;
        return {
          label,
          input,
          readouts: readoutList(
            fieldOf(item, 'readout_results'),
            join(at, 'readout_results'),
            hints,
            nested,
          ),
        };
      }
      if (item.kind === 'scalar')
        throw new ShapeError(at, 'an intermediate result', String(item.value));
      return { label: `Step ${i + 1}`, input: [], readouts: [nested(item, at, hints, null)] };
    },
  );
  return {
    kind: 'functional',
    tag: node.tag,
    path,
    notes,
    readouts,
    intermediate,
    executionTime: null,
  };
}
