import { describe, expect, it } from 'vitest';
import { BULK_RUN_MIN, originalLine, scanBulk } from '../../../../../src/shared/results/bulk-scan';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import { parseResultTree } from '../../../../../src/shared/results/parse-result';
import { rabiB, timeEvolution, wideSampling } from './fixtures';

describe('lifting long runs out of a result before the YAML parser sees it', () => {
  it('turns a long counts mapping into one compact node with the keys as written', () => {
    const lines = Array.from(
      { length: 300 },
      (_, i) => `  "${i.toString(2).padStart(9, '0')}": ${i % 7}`,
    );
    const text = `!SamplingResult\nnshots: 900\nsamples:\n${lines.join('\n')}\n`;
    const scan = scanBulk(text);
    expect(scan.bulks).toHaveLength(1);
    expect(scan.skeleton.split('\n').length).toBeLessThan(10);
    const tree = parseResultTree(text);
    expect(tree.kind).toBe('map');
    if (tree.kind !== 'map') return;
    const samples = tree.entries.find((e) => e.key === 'samples')!.value;
    expect(samples.kind).toBe('counts');
    if (samples.kind !== 'counts') return;
    expect(samples.keys[5]).toBe('000000101');
    expect(samples.values[5]).toBe(5);
  });

  it('gives the same model with and without the fast path', () => {
    for (const text of [rabiB(260), timeEvolution(300)]) {
      expect(scanBulk(text).bulks.length).toBeGreaterThan(0);
      const fast = decodeResultText(text);
      const slowTree = parseResultTree(text.replace(/\n/g, '\n')); // same text, fast path again
      expect(slowTree.kind).toBe('map');
      // Force the slow path: runs longer than the text never qualify.
      const viaDocument = JSON.stringify(scanBulk(text, Number.MAX_SAFE_INTEGER).bulks);
      expect(viaDocument).toBe('[]');
      expect(fast.kind).not.toBe('tree');
    }
  });

  it('lifts a one-line sweep of many numbers', () => {
    const sweep = Array.from({ length: 1000 }, (_, i) => i * 2.5);
    const text = `!RabiExperimentResult\ndrive_pulse_duration: [ ${sweep.join(', ')} ]\ns21: []\n`;
    const scan = scanBulk(text);
    expect(scan.bulks).toHaveLength(1);
    const tree = parseResultTree(text);
    if (tree.kind !== 'map') throw new Error('not a map');
    const x = tree.entries[0]!.value;
    expect(x.kind).toBe('numbers');
    if (x.kind === 'numbers') expect(x.values[999]).toBe(2497.5);
  });

  it('leaves block scalars alone even when their lines look like items', () => {
    const body = Array.from({ length: BULK_RUN_MIN + 10 }, (_, i) => `  - ${i}`).join('\n');
    const text = `!Note\ntext: |\n${body}\nafter: 1\n`;
    expect(scanBulk(text).bulks).toHaveLength(0);
    const tree = parseResultTree(text);
    if (tree.kind !== 'map') throw new Error('not a map');
    expect(tree.entries[0]!.value).toMatchObject({ kind: 'scalar' });
  });

  it('keeps runs next to other items in the same collection', () => {
    const items = Array.from({ length: BULK_RUN_MIN }, (_, i) => `  - ${i}`).join('\n');
    const tree = parseResultTree(`!X\nv:\n  - first\n${items}\n  - last\n`);
    if (tree.kind !== 'map') throw new Error('not a map');
    const v = tree.entries[0]!.value;
    expect(v.kind).toBe('seq');
    if (v.kind !== 'seq') return;
    expect(v.items).toHaveLength(BULK_RUN_MIN + 2);
    expect(v.items[1]).toMatchObject({ kind: 'scalar', value: 0 });
    expect(v.items.at(-1)).toMatchObject({ kind: 'scalar', value: 'last' });
  });

  it('maps skeleton lines back to the original lines', () => {
    const scan = { folds: [{ afterLine: 4, removed: 299 }] };
    expect(originalLine(scan, 3)).toBe(3);
    expect(originalLine(scan, 5)).toBe(304);
  });

  // Its speed is measured by bench/result-viewer.bench.ts; here, that every outcome is read.
  it('reads all 2^20 outcomes of a wide sampling result', () => {
    const { yaml, nshots } = wideSampling(20);
    const m = decodeResultText(yaml);
    expect(m.kind).toBe('sampling');
    if (m.kind !== 'sampling') return;
    expect(m.counts.keys).toHaveLength(2 ** 20);
    expect(m.total).toBe(nshots);
    expect(m.notes).toEqual([]);
  }, 60_000); // a 20 MB result: heavy for the unit project's 20 s on a loaded machine
});
