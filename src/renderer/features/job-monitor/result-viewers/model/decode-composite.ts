import type {
  FunctionalModel,
  IntermediateResult,
  ReadoutHint,
  ResultHints,
  VariationalModel,
  ViewModel,
} from './models';
import {
  ShapeError,
  itemsOf,
  join,
  mappingOf,
  numberOf,
  optional,
  optionalNumber,
  required,
  textOf,
} from '../../../../../shared/results/read';
import type { TNode } from '../../../../../shared/results/tree';
import { fieldNames, fieldOf } from '../../../../../shared/results/tree';

/** Decodes a nested result with its own hints; given by decode.ts (avoids an import cycle). */
export type DecodeNested = (
  node: TNode,
  path: string,
  hints: ResultHints,
  readout: ReadoutHint | null,
) => ViewModel;

function parameterList(
  node: TNode | undefined,
  path: string,
): Array<{ name: string; value: number }> {
  if (!node) return [];
  if (node.kind === 'map' || node.kind === 'counts') {
    return fieldNames(node).map((name) => ({
      name,
      value: numberOf(fieldOf(node, name), join(path, name)),
    }));
  }
  // Some optimisers report parameters as a plain list: name them by position.
  return itemsOf(node, path).map((item, i) => ({
    name: `θ${i}`,
    value: numberOf(item, join(path, i)),
  }));
}

/**
 * `!VariationalProgramResult {optimizer_result: !OptimizerResult {optimal_cost,
 * optimal_parameters, intermediate_results: [{cost, parameters}]}, result: <inner>}`.
 */
export function decodeVariational(
  node: TNode,
  path: string,
  hints: ResultHints,
  nested: DecodeNested,
): VariationalModel {
  const notes: string[] = [];
  const optPath = join(path, 'optimizer_result');
  const opt = mappingOf(required(node, 'optimizer_result', path), optPath);
  const optimalCost = optionalNumber(optional(opt, 'optimal_cost'), join(optPath, 'optimal_cost'));
  const optimalParameters = parameterList(
    optional(opt, 'optimal_parameters'),
    join(optPath, 'optimal_parameters'),
  );
  const stepsPath = join(optPath, 'intermediate_results');
  const stepsNode = optional(opt, 'intermediate_results');
  const steps = stepsNode ? itemsOf(stepsNode, stepsPath) : [];
  const cost = new Float64Array(steps.length);
  const names = optimalParameters.map((p) => p.name);
  const columns = new Map<string, Float64Array>(
    names.map((n) => [n, new Float64Array(steps.length).fill(NaN)]),
  );
  steps.forEach((step, i) => {
    const at = join(stepsPath, i);
    cost[i] = numberOf(required(step, 'cost', at), join(at, 'cost'));
    for (const p of parameterList(optional(step, 'parameters'), join(at, 'parameters'))) {
      let column = columns.get(p.name);
      if (!column) {
        column = new Float64Array(steps.length).fill(NaN);
        columns.set(p.name, column);
        names.push(p.name);
      }
      column[i] = p.value;
    }
  });
  if (!stepsNode) notes.push('The optimiser reported no intermediate results.');
  const innerNode = optional(node, 'result');
  const innerHint = hints.readouts[0] ?? null;
  const inner = innerNode ? nested(innerNode, join(path, 'result'), hints, innerHint) : null;
  if (!innerNode) notes.push('The result holds no inner result at the optimum.');
  return {
    kind: 'variational',
    tag: node.tag,
    path,
    notes,
    optimalCost,
    optimalParameters,
    iterations: { cost, parameterNames: names, parameters: names.map((n) => columns.get(n)!) },
    inner,
  };
}

function readoutList(
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

/** `!FunctionalResult {readout_results: [...], intermediate_results: [...]}` (Variant A). */
export function decodeFunctional(
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
  return { kind: 'functional', tag: node.tag, path, notes, readouts, intermediate };
}
