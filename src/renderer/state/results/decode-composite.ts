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
} from '../../../shared/results/read';
import type { TNode } from '../../../shared/results/tree';
import { describeNode, fieldNames, fieldOf, tagName } from '../../../shared/results/tree';
import { fieldKey } from './decode-basic';
import { decodeLegacyFunctional } from './decode-legacy';

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

const READOUT_FIELDS = [
  { key: 'sampling', readout: 'SamplingReadout' },
  { key: 'expectation_values', readout: 'ExpectationReadout' },
  { key: 'state_tomography', readout: 'StateTomographyReadout' },
] as const;

/** The payload's readout of a kind (`SamplingReadout`, ...), for labels and the shot check. */
function readoutHintOf(hints: ResultHints, readout: string): ReadoutHint | null {
  return hints.readouts.find((r) => tagName(r.tag) === readout) ?? null;
}

/**
 * `!ReadoutCompositeResults {sampling, expectation_values, state_tomography}` (qilisdk 0.2.x):
 * one viewer per readout the job asked for (None for the others). Keys the SDK does not write
 * are kept, each shown in its own tree, so nothing a newer service adds is hidden.
 */
export function decodeReadoutComposite(
  node: TNode,
  path: string,
  hints: ResultHints,
  nested: DecodeNested,
): ViewModel[] {
  const known = new Set<string>(READOUT_FIELDS.map((f) => f.key));
  const out: ViewModel[] = [];
  for (const f of READOUT_FIELDS) {
    const value = optional(node, f.key);
    if (value) out.push(nested(value, join(path, f.key), hints, readoutHintOf(hints, f.readout)));
  }
  for (const name of fieldNames(node)) {
    if (known.has(name)) continue;
    const value = optional(node, name);
    if (value) out.push(nested(value, join(path, name), hints, null));
  }
  return out;
}

function isComposite(node: TNode): boolean {
  return tagName(node.tag) === 'ReadoutCompositeResults';
}

/**
 * `!FunctionalResult {_readout_results: !ReadoutCompositeResults, _intermediate_results:
 * [!ReadoutCompositeResults], _execution_time}` (Variant A, qilisdk 0.2.x): the final readouts,
 * and one set of readouts per intermediate step (a time step of an analog evolution, an input
 * of a reservoir). A result in the simulator's older shape goes to the legacy decoder.
 */
export function decodeFunctional(
  node: TNode,
  path: string,
  hints: ResultHints,
  nested: DecodeNested,
): FunctionalModel {
  const final = required(node, 'readout_results', path);
  if (!isComposite(final)) return decodeLegacyFunctional(node, path, hints, nested);
  const notes: string[] = [];
  const at = join(path, fieldKey(node, 'readout_results'));
  const readouts = decodeReadoutComposite(final, at, hints, nested);
  if (readouts.length === 0) notes.push('The result holds no readout results.');
  const interPath = join(path, fieldKey(node, 'intermediate_results'));
  const interNode = optional(node, 'intermediate_results');
  const steps = interNode ? itemsOf(interNode, interPath) : [];
  const word = hints.intermediate === 'input' ? 'Input' : 'Step';
  const inputAt = (i: number) => (hints.intermediate === 'input' ? (hints.inputs?.[i] ?? []) : []);
  const labelAt = (i: number) => {
    const bound = inputAt(i)
      .map((p) => `${p.name} = ${p.value}`)
      .join(', ');
    return `${word} ${i + 1}${bound ? ` (${bound})` : ''}`;
  };
  const intermediate: IntermediateResult[] = steps.map((item, i) => {
    const itemPath = join(interPath, i);
    if (!isComposite(item)) {
      throw new ShapeError(itemPath, 'a !ReadoutCompositeResults', describeNode(item));
    }
    return {
      label: labelAt(i),
      input: inputAt(i),
      readouts: decodeReadoutComposite(item, itemPath, hints, nested),
    };
  });
  const time = optional(node, 'execution_time');
  return {
    kind: 'functional',
    tag: node.tag,
    path,
    notes,
    readouts,
    intermediate,
    // A reservoir's final readouts are those of its last input, after the earlier ones.
    finalLabel: hints.intermediate === 'input' ? labelAt(steps.length) : null,
    executionTime: time ? numberOf(time, join(path, fieldKey(node, 'execution_time'))) : null,
  };
}
