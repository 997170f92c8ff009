import type {
  ExpectationModel,
  ReadoutHint,
  SamplingModel,
  StateModel,
  TimeEvolutionModel,
} from './models';
import type { CountTable } from '../../../../../shared/results/read';
import {
  ShapeError,
  complexesOf,
  countsOf,
  join,
  numbersOf,
  optional,
  optionalNumber,
  required,
  rowsOf,
} from '../../../../../shared/results/read';
import type { TNode } from '../../../../../shared/results/tree';

/** Decoders of the leaf results: sampling, expectation values, states, time evolution. */

export function sumOf(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
}

function checkCounts(counts: CountTable, path: string): void {
  for (let i = 0; i < counts.values.length; i++) {
    const v = counts.values[i]!;
    if (!(v >= 0) || !Number.isFinite(v)) {
      throw new ShapeError(join(path, counts.keys[i]!), 'a count of 0 or more', String(v));
    }
  }
}

/** `!SamplingResult {nshots, nqubits, samples}` and `!SamplingReadoutResult {samples, probabilities}`. */
export function decodeSampling(node: TNode, path: string, hint: ReadoutHint | null): SamplingModel {
  const notes: string[] = [];
  const samplesPath = join(path, 'samples');
  const counts = countsOf(required(node, 'samples', path), samplesPath);
  checkCounts(counts, samplesPath);
  const probNode = optional(node, 'probabilities');
  const probabilities = probNode ? countsOf(probNode, join(path, 'probabilities')) : null;
  const nshots =
    optionalNumber(optional(node, 'nshots'), join(path, 'nshots')) ?? hint?.nshots ?? null;
  const nqubits = optionalNumber(optional(node, 'nqubits'), join(path, 'nqubits'));
  const total = sumOf(counts.values);
  if (nshots !== null && total !== nshots) {
    notes.push(`The counts add up to ${total}, but ${nshots} shots were asked for.`);
  }
  if (nqubits !== null) {
    const wrong = counts.keys.find((k) => k.length !== nqubits);
    if (wrong !== undefined)
      notes.push(`Outcome "${wrong}" has ${wrong.length} bits, but nqubits is ${nqubits}.`);
  }
  if (probabilities) {
    const sum = sumOf(probabilities.values);
    if (Math.abs(sum - 1) > 1e-6)
      notes.push(`The probabilities add up to ${sum.toPrecision(8)}, not 1.`);
  }
  return {
    kind: 'sampling',
    tag: node.tag,
    path,
    notes,
    nshots,
    nqubits,
    counts,
    probabilities,
    total,
  };
}

/** Observable labels: the payload's when they fit, else O1..On (with a note when they did not fit). */
export function observableLabels(count: number, hint: string[] | null, notes: string[]): string[] {
  if (hint && hint.length === count) return hint;
  if (hint && hint.length !== count) {
    notes.push(
      `The payload names ${hint.length} observables but the result has ${count} values; they are numbered instead.`,
    );
  }
  return Array.from({ length: count }, (_, i) => `O${i + 1}`);
}

/** `!ExpectationReadoutResult {expectation_values, nshots}` (also `final_expected_values`). */
export function decodeExpectation(
  node: TNode,
  path: string,
  hint: ReadoutHint | null,
): ExpectationModel {
  const notes: string[] = [];
  const key = optional(node, 'expectation_values') ? 'expectation_values' : 'final_expected_values';
  const values = numbersOf(required(node, key, path), join(path, key));
  const nshots =
    optionalNumber(optional(node, 'nshots'), join(path, 'nshots')) ?? hint?.nshots ?? null;
  const labels = observableLabels(values.length, hint?.observables ?? null, notes);
  return { kind: 'expectation', tag: node.tag, path, notes, labels, values, nshots };
}

/** A state vector: amplitudes in bitstring order, qubit 0 leftmost (docs/payload-dialect.md). */
export function decodeStateVector(
  list: TNode | undefined,
  path: string,
  tag: string | null,
): StateModel {
  const amplitudes = complexesOf(list, path);
  const n = amplitudes.re.length;
  const nqubits = Math.log2(n);
  if (n < 2 || !Number.isInteger(nqubits)) {
    throw new ShapeError(path, 'a state of 2^n amplitudes', `${n} amplitudes`);
  }
  const notes: string[] = [];
  let norm = 0;
  for (let i = 0; i < n; i++) norm += amplitudes.re[i]! ** 2 + amplitudes.im[i]! ** 2;
  if (Math.abs(norm - 1) > 1e-6) notes.push(`The state's norm² is ${norm.toPrecision(8)}, not 1.`);
  return { kind: 'state', tag, path, notes, nqubits, amplitudes };
}

/** `!StateTomographyReadoutResult {state}` */
export function decodeTomography(node: TNode, path: string): StateModel {
  return decodeStateVector(required(node, 'state', path), join(path, 'state'), node.tag);
}

/** `!TimeEvolutionResult {final_expected_values, expected_values?, final_state?}` */
export function decodeTimeEvolution(
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
    series = { t, values };
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
  };
}
