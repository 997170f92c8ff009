import type {
  DensityModel,
  ExpectationModel,
  ReadoutHint,
  SamplingModel,
  StateModel,
} from './models';
import type { CountTable } from '../../../shared/results/read';
import {
  ShapeError,
  complexesOf,
  countsOf,
  join,
  numbersOf,
  optional,
  optionalNumber,
  required,
} from '../../../shared/results/read';
import type { DenseMatrix } from '../../../shared/results/sdk-data';
import { isQTensor, qtensorOf } from '../../../shared/results/sdk-data';
import type { TNode } from '../../../shared/results/tree';

/** Decoders of the leaf results: sampling, expectation values, states. */

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

/** A density matrix → its model; a pure one is still drawn as a density matrix, as the SDK sent it. */
function decodeDensity(m: DenseMatrix, path: string, tag: string | null): DensityModel {
  const nqubits = Math.log2(m.rows);
  if (m.rows < 2 || !Number.isInteger(nqubits))
    throw new ShapeError(path, 'a 2^n × 2^n density matrix', `${m.rows} × ${m.cols}`);
  const notes: string[] = [];
  let trace = 0;
  let purity = 0;
  for (let i = 0; i < m.rows; i++) trace += m.re[i * m.cols + i]!;
  for (let k = 0; k < m.re.length; k++) purity += m.re[k]! ** 2 + m.im[k]! ** 2;
  if (Math.abs(trace - 1) > 1e-6)
    notes.push(`The density matrix's trace is ${trace.toPrecision(8)}, not 1.`);
  return { kind: 'density', tag, path, notes, nqubits, matrix: { re: m.re, im: m.im }, purity };
}

/**
 * A state: the SDK's `!QTensor` (a ket 2^n × 1, a bra 1 × 2^n, or a density matrix), or a
 * list of `!complex` amplitudes (results stored before the SDK's shapes).
 */
export function decodeState(
  node: TNode,
  path: string,
  tag: string | null,
): StateModel | DensityModel {
  if (!isQTensor(node)) return decodeStateVector(node, path, tag);
  const m = qtensorOf(node, path);
  if (m.rows === m.cols && m.rows > 1) return decodeDensity(m, path, tag);
  if (m.cols !== 1 && m.rows !== 1)
    throw new ShapeError(path, 'a ket, a bra or a square density matrix', `${m.rows} × ${m.cols}`);
  // A bra's amplitudes are the conjugates of the ket's.
  const im = m.rows === 1 ? m.im.map((v) => -v) : m.im;
  return decodeStateVector(
    { kind: 'complexes', tag: null, itemTag: null, re: m.re, im },
    path,
    tag,
  );
}

/** The key a field is written under: `name`, or the SDK's `_name`. */
export function fieldKey(node: TNode, name: string): string {
  if (node.kind !== 'map' || node.entries.some((e) => e.key === name)) return name;
  return node.entries.some((e) => e.key === `_${name}`) ? `_${name}` : name;
}

/** `!StateTomographyReadoutResult {_state: !QTensor}` (also the old `{state: [!complex]}`). */
export function decodeTomography(node: TNode, path: string): StateModel | DensityModel {
  return decodeState(required(node, 'state', path), join(path, fieldKey(node, 'state')), node.tag);
}
