/**
 * The sampling viewer on 2^20 distinct outcomes (issue 6: "copes with 2^20 distinct outcomes"),
 * and the line chart's data preparation at 100,000 points ("charts stay interactive with 100k
 * points"). What runs, in order: the result's YAML decoded into a SamplingModel in the decoding
 * worker (results over 200,000 characters), its outcomes packed into numbers, the model cloned
 * across to the window with those transferred, then in the window SamplingView's top-K bars and
 * its ranking of every outcome for the table.
 *
 * Not measured here: SamplingView's "find outcomes" filter (`matching`) lives in the .tsx
 * component, not in model/, so it cannot be imported without React; and the charts have no
 * decimation step of their own (uPlot is handed every point), so the chart case is alignSeries,
 * the one pure step LineChart runs on its data.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { alignSeries } from '../src/renderer/ui/charts/align';
import { decodeResultText } from '../src/renderer/state/results/decode';
import type { SamplingModel } from '../src/renderer/state/results/models';
import {
  outcomeAt,
  packOutcomes,
  unpackOutcomes,
} from '../src/renderer/state/results/outcome-keys';
import { rankAll, topKWithRest } from '../src/renderer/features/result-viewers/model/top-k';
import { seeded, wideSamplingYaml } from './fixtures';
import { inFreshProcess, measure } from './harness';

const OUTCOMES = 2 ** 20;

function expect(what: string, ok: boolean): void {
  if (!ok) throw new Error(`result-viewer bench: ${what}`);
}

/**
 * The sampling cases, in a fresh process that reads the result's text from a file: like the
 * decoding worker, a new heap that receives only the text, so the memory figures are the
 * decoder's own and not what generating the text left behind.
 */
async function sampling(file: string, nshots: number): Promise<void> {
  const yaml = readFileSync(file, 'utf8');

  // Opening a sampling job with 2^20 outcomes: the reader waits for the histogram while the
  // worker decodes ~30 MB of YAML. A few seconds at most, and memory for the model (a million
  // outcome strings and their counts), not a YAML document tree (the `yaml` package would take
  // about a minute and gigabytes). ~0.55 s of CPU and ~120 MiB measured.
  let model: SamplingModel | null = null;
  await measure('decode a 2^20-outcome result (worker)', { maxCpuMs: 1_500, maxMiB: 300 }, () => {
    const decoded = decodeResultText(yaml);
    expect('a sampling model', decoded.kind === 'sampling');
    model = decoded as SamplingModel;
  });
  const decoded = model! as SamplingModel;
  expect(
    'every outcome, every shot',
    decoded.counts.keys.length === OUTCOMES && decoded.total === nshots,
  );

  // The worker's model crosses to the window by structured clone (postMessage): the worker pays
  // the serialising, the window the deserialising on its main thread, a freeze while it lasts.
  // It should be a frame or two, and is now. A million outcome strings made the whole clone
  // ~0.2–0.25 s of CPU, ~0.15 s of it the window's. Packed into a Uint32Array in the worker
  // (~0.1–0.2 s there: twenty million characters read; the worker's serialising of the strings,
  // ~55 ms, is gone) and transferred, the clone is ~3 ms, the window's part of it (the counts
  // copied in; outcomes become strings only when drawn) ~1–2 ms.
  const lastKey = decoded.counts.keys[OUTCOMES - 1];
  let transfer: ArrayBuffer[] = [];
  await measure('the worker packs the outcomes', { maxCpuMs: 350, maxMiB: 40 }, () => {
    transfer = packOutcomes(decoded);
    expect('the outcomes are packed', transfer.length === 1);
  });
  const wire = serialize(decoded);
  await measure(
    "the window's part of the clone (deserialise, unpack)",
    // Memory: the 8 MB of counts and 4 MB of packed outcomes copied in.
    { maxCpuMs: 10, maxMiB: 40 },
    () => {
      const copy = unpackOutcomes(deserialize(wire) as SamplingModel) as SamplingModel;
      expect('the copy is whole', copy.counts.values.length === OUTCOMES);
    },
    { runs: 5 },
  );
  let received: SamplingModel | null = null;
  await measure(
    'the model crosses to the window (structured clone, outcomes transferred)',
    { maxCpuMs: 20, maxMiB: 40 },
    () => {
      received = unpackOutcomes(structuredClone(decoded, { transfer })) as SamplingModel;
    },
  );
  const m = received! as SamplingModel;
  expect('the outcomes read back', outcomeAt(m.counts, OUTCOMES - 1) === lastKey);

  // The histogram's top K with the rest summed: on first paint and when K is changed. Within a
  // frame or two for the default K and the largest choice. ~20–30 ms of CPU measured.
  for (const k of [16, 256]) {
    await measure(
      `top ${k} of 2^20 outcomes with the rest`,
      { maxCpuMs: 80, maxMiB: 30 },
      () => {
        const top = topKWithRest((i) => outcomeAt(m.counts, i), m.counts.values, k);
        expect('k bars and a rest', top.top.length === k && top.rest?.outcomes === OUTCOMES - k);
      },
      { runs: 5 },
    );
  }

  // The table of every outcome, most frequent first: `rankAll` (a counting sort for integer
  // counts) and the rank of each outcome, both memoised per model. On the viewer's first
  // paint, so a few frames at most. ~40 ms of CPU and two 4 MB arrays measured.
  await measure(
    'rank all 2^20 outcomes for the table',
    { maxCpuMs: 120, maxMiB: 40 },
    () => {
      const order = rankAll(m.counts.values);
      const rankOf = new Uint32Array(order.length);
      order.forEach((index, rank) => (rankOf[index] = rank));
      expect(
        'the largest count ranks first',
        m.counts.values[order[0]!]! >= m.counts.values[order[1]!]!,
      );
    },
    { runs: 5 },
  );
}

async function charts(): Promise<void> {
  // A line chart of 100,000 points: LineChart aligns its series onto one x array on every data
  // change (not on zoom or pan) before uPlot draws. Three series on a shared, sorted x (time
  // evolution's observables): a frame or two; ~22–34 ms of CPU measured (copies into plain
  // arrays). A measured series with a fit on its own x (Rabi, T1) takes the union-and-sort path:
  // a few frames; ~90–115 ms of CPU measured.
  const random = seeded(9);
  const POINTS = 100_000;
  const x = Float64Array.from({ length: POINTS }, (_, i) => i * 0.01);
  const ys = [0, 1, 2].map((s) =>
    Float64Array.from(x, (t) => Math.cos(t * (s + 1)) + random() * 0.01),
  );
  await measure(
    'chart data: 3 series of 100,000 points, shared x',
    // Memory: ~3 MB of arrays, but the young generation growing adds up to ~20 MiB of noise.
    { maxCpuMs: 80, maxMiB: 60 },
    () => {
      const aligned = alignSeries(
        x,
        ys.map((y) => ({ y })),
      );
      expect('every point kept', aligned.x.length === POINTS);
    },
    { runs: 5 },
  );
  const fitX = Float64Array.from({ length: 1_000 }, (_, i) => i * 1.000_3);
  const fitY = Float64Array.from(fitX, (t) => Math.cos(t));
  await measure(
    'chart data: 100,000 points and a fit on its own x',
    // Memory: a Set, a Map and arrays of 101,000 entries, 15–40 MiB measured.
    { maxCpuMs: 250, maxMiB: 100 },
    () => {
      const aligned = alignSeries(x, [{ y: ys[0]! }, { x: fitX, y: fitY }]);
      expect('the union of both x', aligned.x.length > POINTS);
    },
    { runs: 5 },
  );
}

const [mode, given, shots] = process.argv.slice(2);
if (mode === '--sampling') {
  await sampling(given!, Number(shots));
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'qjob-result-bench-'));
  try {
    const file = path.join(dir, 'sampling.yaml');
    const { yaml, nshots } = wideSamplingYaml(20);
    writeFileSync(file, yaml);
    inFreshProcess(import.meta.filename, ['--sampling', file, String(nshots)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await charts();
}
