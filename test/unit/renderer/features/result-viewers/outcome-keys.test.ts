import { describe, expect, it } from 'vitest';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import { toCsv } from '../../../../../src/renderer/features/result-viewers/model/export-csv';
import { toJson } from '../../../../../src/renderer/features/result-viewers/model/export-json';
import type { SamplingModel, ViewModel } from '../../../../../src/renderer/state/results/models';
import {
  matchOutcomes,
  outcomeAt,
  outcomeWidth,
  packOutcomes,
  unpackOutcomes,
  valuesByOutcome,
} from '../../../../../src/renderer/state/results/outcome-keys';
import { rankAll } from '../../../../../src/renderer/features/result-viewers/model/top-k';
import { bellSampling, functionalA, variational, wideSampling } from './fixtures';

/** What the window receives from the decoding worker: packed, transferred, unpacked. */
function crossed(model: ViewModel): { model: ViewModel; transferred: number } {
  const transfer = packOutcomes(model);
  const copy = structuredClone(model, { transfer });
  return { model: unpackOutcomes(copy), transferred: transfer.length };
}

const sampling = (m: ViewModel | null) => {
  if (m?.kind !== 'sampling') throw new Error(`not a sampling model: ${m?.kind}`);
  return m;
};

describe('sampling outcomes packed across the worker boundary', () => {
  it('reads the same outcomes, one at a time or all, and exports the same files', () => {
    const text = wideSampling(12).yaml;
    const original = sampling(decodeResultText(text));
    const { model, transferred } = crossed(decodeResultText(text));
    const m = sampling(model);
    expect(transferred).toBe(1);
    expect(outcomeWidth(m.counts)).toBe(12);
    for (const i of [0, 1, 77, 4095]) expect(outcomeAt(m.counts, i)).toBe(original.counts.keys[i]);
    expect(m.counts.keys).toEqual(original.counts.keys);
    expect(toCsv(m)).toBe(toCsv(original));
    expect(toJson(m, { id: 3 })).toBe(toJson(original, { id: 3 }));
  });

  it('finds outcomes by pattern exactly as the strings would', () => {
    const text = wideSampling(10).yaml;
    const original = sampling(decodeResultText(text));
    const m = sampling(crossed(decodeResultText(text)).model);
    const order = rankAll(original.counts.values);
    for (const q of ['1', '01', '0?1', 'x1X0', '1111111111', '11111111111', ' 10 ', '2', 'a1']) {
      expect(matchOutcomes(m.counts, order, q, 10_000)).toEqual(
        matchOutcomes(original.counts, order, q, 10_000),
      );
    }
    expect(matchOutcomes(m.counts, order, '0', 5)).toHaveLength(5);
    expect(matchOutcomes(m.counts, order, '  ', 5)).toBeNull();
  });

  it('packs the sampling results inside other results, with their probabilities', () => {
    const functional = crossed(decodeResultText(functionalA())).model;
    if (functional.kind !== 'functional') throw new Error(functional.kind);
    const readout = sampling(functional.readouts[0]!);
    expect(outcomeAt(readout.counts, 2)).toBe('110');
    expect(readout.probabilities!.keys).toEqual(['000', '001', '110', '111']);
    const p = valuesByOutcome(readout.counts, readout.probabilities!);
    expect([0, 1, 2, 3].map(p)).toEqual([0.426, 0.07, 0.448, 0.056]);

    const opt = crossed(decodeResultText(variational(bellSampling(2000)))).model;
    if (opt.kind !== 'variational') throw new Error(opt.kind);
    expect(sampling(opt.inner).counts.keys).toEqual(['00', '11']);
  });

  it('leaves outcomes that are not bit strings of one width as text', () => {
    const text = '!SamplingResult {nshots: 3, samples: {"0 1": 1, "1 0": 1, "abc": 1}}';
    const { model, transferred } = crossed(decodeResultText(text));
    const m = sampling(model) as SamplingModel;
    expect(transferred).toBe(0);
    expect(m.counts.keys).toEqual(['0 1', '1 0', 'abc']);
    expect(outcomeWidth(m.counts)).toBe(3);
    expect(matchOutcomes(m.counts, [0, 1, 2], 'b', 10)).toEqual([2]);
  });

  it('looks reported values up by outcome when the tables differ', () => {
    const counts = sampling(
      crossed(decodeResultText('!SamplingResult {nshots: 3, samples: {"01": 1, "10": 2}}')).model,
    ).counts;
    const reported = sampling(
      crossed(decodeResultText('!SamplingResult {nshots: 3, samples: {"10": 7, "11": 9}}')).model,
    ).counts;
    expect([0, 1].map(valuesByOutcome(counts, reported))).toEqual([undefined, 7]);
    const plain = { keys: ['10'], values: Float64Array.of(5) };
    expect([0, 1].map(valuesByOutcome(counts, plain))).toEqual([undefined, 5]);
  });
});
