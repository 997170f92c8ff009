import { NO_HINTS } from '../../../../../src/renderer/state/results/models';
import { describe, expect, it } from 'vitest';
import { decodeResultText, knownResultTag } from '../../../../../src/renderer/state/results/decode';
import type { ViewModel } from '../../../../../src/renderer/state/results/models';
import { RESULT_TAGS } from '../../../../../src/shared/variants';
import {
  MALFORMED_SAMPLING,
  SDK_UNDERSCORE_SAMPLING,
  UNKNOWN_RESULT,
  bellSampling,
  functionalA,
  rabiA,
  rabiB,
  reservoirA,
  t1A,
  t1B,
  timeEvolution,
  variational,
} from './fixtures';

function as<K extends ViewModel['kind']>(m: ViewModel, kind: K): Extract<ViewModel, { kind: K }> {
  expect(m.kind, m.kind === 'tree' ? (m.reason ?? 'tree') : m.kind).toBe(kind);
  return m as Extract<ViewModel, { kind: K }>;
}

describe('decoding result YAML into viewer models', () => {
  it('reads a sampling result exactly as the simulator writes it', () => {
    const m = as(
      decodeResultText(
        '!SamplingResult\nnshots: 1000\nnqubits: 2\nsamples:\n  "00": 501\n  "11": 499\n',
      ),
      'sampling',
    );
    expect(m.tag).toBe('!SamplingResult');
    expect(m.nshots).toBe(1000);
    expect(m.nqubits).toBe(2);
    expect(m.counts.keys).toEqual(['00', '11']);
    expect(Array.from(m.counts.values)).toEqual([501, 499]);
    expect(m.total).toBe(1000);
    expect(m.notes).toEqual([]);
  });

  it('notes counts that do not add up to nshots, and bitstrings of the wrong width', () => {
    const m = as(
      decodeResultText('!SamplingResult {nshots: 10, nqubits: 2, samples: {"00": 4, "101": 5}}'),
      'sampling',
    );
    expect(m.notes.join(' ')).toMatch(/add up to 9, but 10 shots/);
    expect(m.notes.join(' ')).toMatch(/"101" has 3 bits, but nqubits is 2/);
  });

  it('keeps the leading zeros of plain bitstring keys', () => {
    const m = as(
      decodeResultText('!SamplingResult\nnshots: 3\nsamples:\n  0011: 2\n  0100: 1\n'),
      'sampling',
    );
    expect(m.counts.keys).toEqual(['0011', '0100']);
  });

  it("accepts the SDK's underscore attribute names", () => {
    const m = as(decodeResultText(SDK_UNDERSCORE_SAMPLING), 'sampling');
    expect(m.nshots).toBe(100);
    expect(m.counts.keys).toEqual(['0', '1']);
  });

  it('reads a time evolution: final values, the series per observable and the final state', () => {
    const m = as(decodeResultText(timeEvolution(100, 2)), 'time-evolution');
    expect(m.labels).toEqual(['O1', 'O2', 'O3']);
    expect(m.series?.t.length).toBe(101);
    expect(m.series?.values).toHaveLength(3);
    expect(m.series!.t[100]).toBeCloseTo(2);
    expect(m.series!.values[0]![0]).toBeCloseTo(1);
    expect(m.finalState?.nqubits).toBe(2);
  });

  it('labels time-evolution curves with the observables the payload names', () => {
    const m = as(
      decodeResultText(timeEvolution(10), {
        ...NO_HINTS,
        observables: ['Z0', 'Z1', 'Z0 Z1'],
      }),
      'time-evolution',
    );
    expect(m.labels).toEqual(['Z0', 'Z1', 'Z0 Z1']);
  });

  it('reads Rabi and T1 results of Variant B and fits them', () => {
    const rabi = as(decodeResultText(rabiB()), 'experiment');
    expect(rabi.experiment).toBe('rabi');
    expect(rabi.xName).toBe('drive_pulse_duration');
    expect(rabi.x).toHaveLength(51);
    expect(rabi.analysis.fit?.kind).toBe('rabi');
    const t1 = as(decodeResultText(t1B()), 'experiment');
    expect(t1.experiment).toBe('t1');
    expect(t1.analysis.fit?.kind).toBe('t1');
  });

  it('reads Variant A experiments from data and dims', () => {
    const rabi = as(decodeResultText(rabiA()), 'experiment');
    expect(rabi.qubit).toBe(1);
    expect(rabi.averages).toBe(500);
    expect(rabi.xName).toBe('drive_duration');
    expect(rabi.s21.re).toHaveLength(41);
    const t1 = as(decodeResultText(t1A()), 'experiment');
    expect(t1.xName).toBe('wait_duration');
    expect(t1.x[1]).toBe(8000);
  });

  it('reads a variational program with its iterations and the inner result by its own tag', () => {
    const m = as(decodeResultText(variational(bellSampling(2000))), 'variational');
    expect(m.iterations.cost).toHaveLength(30);
    expect(m.iterations.parameterNames).toEqual(['t0', 't1']);
    expect(m.optimalParameters.map((p) => p.name)).toEqual(['t0', 't1']);
    expect(m.optimalCost).toBeCloseTo(m.iterations.cost[29]!);
    const inner = as(m.inner!, 'sampling');
    expect(inner.path).toBe('result');
    expect(inner.total).toBe(2000);
  });

  it('reads a functional result with one model per readout, labelled from the payload', () => {
    const m = as(
      decodeResultText(functionalA(), {
        ...NO_HINTS,
        observables: null,
        readouts: [
          { tag: '!SamplingReadout', observables: null, nshots: 500 },
          { tag: '!ExpectationReadout', observables: ['Z0', 'Z0 Z1', 'X2'], nshots: 0 },
          { tag: '!StateTomographyReadout', observables: null, nshots: null },
        ],
      }),
      'functional',
    );
    expect(m.readouts.map((r) => r.kind)).toEqual(['sampling', 'expectation', 'state']);
    const sampling = as(m.readouts[0]!, 'sampling');
    expect(sampling.nshots).toBe(500);
    expect(sampling.probabilities?.keys).toHaveLength(4);
    expect(as(m.readouts[1]!, 'expectation').labels).toEqual(['Z0', 'Z0 Z1', 'X2']);
    expect(as(m.readouts[2]!, 'state').nqubits).toBe(3);
    expect(m.intermediate).toEqual([]);
  });

  it('reads a reservoir: one intermediate result per input, named by its input', () => {
    const m = as(decodeResultText(reservoirA()), 'functional');
    expect(m.intermediate).toHaveLength(4);
    expect(m.intermediate[1]!.label).toBe('Input 2 (u = 0.5)');
    expect(m.intermediate[1]!.readouts[0]!.kind).toBe('expectation');
  });

  it('shows an unknown tag as a tree, tags kept and nothing run', () => {
    const m = as(decodeResultText(UNKNOWN_RESULT), 'tree');
    expect(m.tag).toBe('!QuantumVolumeResult');
    expect(m.reason).toBeNull();
    const root = m.root;
    expect(root.kind).toBe('map');
    if (root.kind !== 'map') return;
    const calibration = root.entries.find((e) => e.key === 'calibration')!.value;
    expect(calibration).toMatchObject({
      kind: 'scalar',
      tag: '!function',
      value: 'gASVSQAAAAAAAACMCGJ1aWx0aW5zlIwFcHJpbnSUk5Qu',
    });
  });

  it('shows a tag named like a property of every object as a tree, not as a viewer', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const m = as(decodeResultText(`!${name}\nvalue: 1\n`), 'tree');
      expect(m.tag).toBe(`!${name}`);
      expect(knownResultTag(`!${name}`)).toBe(false);
    }
  });

  it('has a viewer for every result tag the variant declaration gives a type or a readout', () => {
    expect(RESULT_TAGS.length).toBeGreaterThan(0);
    for (const tag of RESULT_TAGS) expect(knownResultTag(tag), tag).toBe(true);
  });

  it('falls back to the tree with the reason when a known tag has an unexpected shape', () => {
    const m = as(decodeResultText(MALFORMED_SAMPLING), 'tree');
    expect(m.tag).toBe('!SamplingResult');
    expect(m.reason).toMatch(
      /samples: expected a mapping of outcomes to numbers, found a sequence of 2/,
    );
  });

  it('shows text that is not YAML as text, with the problem and its line', () => {
    const m = as(decodeResultText('!SamplingResult\nsamples: {"00": 1\nnshots: [\n'), 'tree');
    expect(m.reason).toMatch(/could not be read: the result is not valid YAML \(line \d+/);
    expect(m.root).toMatchObject({ kind: 'scalar' });
  });

  it('says so when a mapping result carries no tag', () => {
    const m = as(decodeResultText('nshots: 3\nsamples: {"0": 3}\n'), 'tree');
    expect(m.reason).toMatch(/no tag/);
  });
});
