/**
 * What the simulator's and the CLI's refusals of issue 28 cost, each against the valid work of
 * its kind (the parsing refusals are in parsing-refusals.bench.ts):
 *
 * - item 2, a 20 KB time evolution of 300 labelled Hamiltonians on 20 qubits (before: the
 *   engine grew ~100 MB/s, 6.2 GB after 45 s), run by the simulator's engine (`dryRun`: an
 *   engine thread, a job's limits), against the engine running the Variant B time-evolution
 *   template;
 * - item 3, a time evolution recording 100,001 times × 100 observables (before: a 208 MB
 *   result), refused by the engine, against the engine running it without recording;
 * - item 4, `/dev/zero` read as a payload file (before: 4.6 GB read), against reading an 8 MiB
 *   file (`readFileUpTo`, what `qjob validate FILE` and the app's file opening use);
 * - item 5, exporting 20 jobs whose logs are 40 MB each (before: every detail fetched and held,
 *   the limit checked at the end), refused at the job that passes the bundle's limit, against
 *   exporting one such job (`collectBundle`, what `qjob bundle export` and the app's Export use).
 *
 * Time: wall time (the engine runs on its own thread), interleaved in one process. Memory: each
 * side in a fresh process (`--fresh <side>`), the growth of resident memory, refusing / valid.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectBundle } from '../src/core/bundles';
import { MemoryJobCache } from '../src/core/job-store';
import { readFileUpTo } from '../src/node-kit/fs/read-limited';
import { BundleError } from '../src/shared/bundles';
import { dryRun } from '../src/simulator';
import type { ExecutePayload } from '../src/shared/variants';
import { jobDetail } from '../test/support/wire-fixtures';
import { DEFAULT_PARSE_LIMITS, documentToExecutePayload } from '../src/shared/yaml';
import type { Measurement } from './harness';
import { MARK, interleaved, measure, reportRatio } from './harness';

const ROOT = join(import.meta.dirname, '..');
const LIMIT = DEFAULT_PARSE_LIMITS.maxBytes;

const unrecorded = (text: string): string =>
  text.replace('store_intermediate_results: true', 'store_intermediate_results: false');

function payloadOf(file: string, edit = (text: string) => text): ExecutePayload {
  const text = edit(readFileSync(join(ROOT, file), 'utf8'));
  const { payload, problems } = documentToExecutePayload('B', text, {}, { dialect: true });
  if (!payload) throw new Error(`limits-refusals bench: ${file}: ${problems[0]?.message}`);
  return payload;
}

async function engine(payload: ExecutePayload, refusal: string | null): Promise<void> {
  const out = await dryRun('B', payload, 'sim.statevector');
  const ok = refusal ? out.error?.includes(refusal) : out.error === null;
  if (!ok)
    throw new Error(`limits-refusals bench: expected ${refusal ?? 'a result'}, got ${out.error}`);
}

let eightMiB: string | null = null;
function eightMiBFile(): string {
  if (!eightMiB) {
    const dir = mkdtempSync(join(tmpdir(), 'qjs-bench-'));
    eightMiB = join(dir, 'gates.yaml');
    writeFileSync(eightMiB, 'x'.repeat(LIMIT - 1024));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return eightMiB;
}

async function readUpTo(file: string, tooLarge: boolean): Promise<void> {
  const read = await readFileUpTo(file, LIMIT);
  if (read.tooLarge !== tooLarge)
    throw new Error(`limits-refusals bench: ${file}: tooLarge ${read.tooLarge}`);
}

const MB = 1024 * 1024;

/** Exports jobs 1…n, each with a 40 MB log, as a service would hand them over one by one. */
async function exportJobs(n: number, refused: boolean): Promise<void> {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  const out = await collectBundle(
    {
      cache: new MemoryJobCache(null),
      profileKey: 'bench:B',
      detail: async (id) => ({
        detail: jobDetail(id, 'completed', { logs: `log of job ${id}\n`.padEnd(40 * MB, 'x') }),
        problems: [],
        fetchedAt: '2026-01-02T00:00:00.000Z',
        fromCache: false,
      }),
      devices: async () => null,
      app: { name: 'qjob', version: '0.1.0', shell: 'cli' },
      source: { variant: 'B', connection: 'bench', baseUrl: null },
    },
    ids,
  ).then(
    () => null,
    (error: unknown) => error,
  );
  if (refused !== out instanceof BundleError)
    throw new Error(`limits-refusals bench: exporting ${n} jobs: ${String(out ?? 'written')}`);
}

interface Pair {
  item: string;
  refused: { label: string; run: () => Promise<void> };
  valid: { label: string; run: () => Promise<void> };
  atMost: { time: number; memory: number };
}

const TEMPLATE = 'resources/templates/b/time-evolution.yaml';
const HUGE_RESULT = 'test/fixtures/hostile/documents/huge-result.yaml';
const PAIRS: Pair[] = [
  {
    // Both take a fraction of a second (the refusal reads 300 Hamiltonians on 20 qubits, the
    // template two on one): what the ratio holds is that nothing is evolved before refusing.
    item: '2',
    refused: {
      label: 'the engine refusing 300 Hamiltonian labels on 20 qubits',
      run: () =>
        engine(
          payloadOf('test/fixtures/hostile/documents/many-labels.yaml'),
          'labelled Hamiltonians',
        ),
    },
    valid: {
      label: 'the engine running the B time-evolution template',
      run: () => engine(payloadOf(TEMPLATE), null),
    },
    atMost: { time: 6, memory: 2 },
  },
  {
    // The result's size is known from the schedule before anything runs: refusing it costs a
    // fraction of running the same schedule once without recording its times.
    item: '3',
    refused: {
      label: 'the engine refusing a 10,000,100-value result',
      run: () => engine(payloadOf(HUGE_RESULT), 'its result would hold'),
    },
    valid: {
      label: 'the engine running the same evolution, recording only its end',
      run: () => engine(payloadOf(HUGE_RESULT, unrecorded), null),
    },
    atMost: { time: 0.5, memory: 1.5 },
  },
  {
    item: '4',
    refused: {
      label: 'reading /dev/zero as a payload file, refused',
      run: () => readUpTo('/dev/zero', true),
    },
    valid: { label: 'reading an 8 MiB payload file', run: () => readUpTo(eightMiBFile(), false) },
    // Both sides read about 8 MiB in some ten milliseconds, so a loaded machine's noise is a good
    // part of the ratio; what it holds is that the refusal reads the limit, not the 4.6 GB before.
    atMost: { time: 2, memory: 1.5 },
  },
  {
    // Each log is cut to the 20 MB a bundle keeps of it; the third job passes the 48 MB limit,
    // so the refusal holds about two jobs' worth where it once held all twenty.
    item: '5',
    refused: {
      label: 'exporting 20 jobs with 40 MB logs, refused at the limit',
      run: () => exportJobs(20, true),
    },
    valid: { label: 'exporting one job with a 40 MB log', run: () => exportJobs(1, false) },
    atMost: { time: 4, memory: 3 },
  },
];

const sides = PAIRS.flatMap((p) => [p.refused, p.valid]);

if (process.argv[2] === '--fresh') {
  const side = sides.find((s) => s.label === process.argv[3]);
  if (!side) throw new Error(`limits-refusals bench: no side ${process.argv[3]}`);
  await measure(`${side.label} (a fresh process)`, {}, side.run);
  process.exit(0);
} else {
  const fresh = (label: string): Measurement => {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, '--fresh', label],
      {
        encoding: 'utf8',
      },
    );
    if (child.status !== 0) throw new Error(`${label}: exited ${child.status}\n${child.stderr}`);
    const line = child.stdout.split('\n').find((l) => l.startsWith(MARK));
    if (!line) throw new Error(`${label}: no measurement`);
    process.stdout.write(`${line}\n`);
    return JSON.parse(line.slice(MARK.length)) as Measurement;
  };
  for (const pair of PAIRS) {
    // Once each first: the engine's thread starts, the file is written.
    await pair.refused.run();
    await pair.valid.run();
    const t = await interleaved({ refused: pair.refused.run, valid: pair.valid.run }, 3, 'wall');
    reportRatio({
      section: 'limits',
      name: `issue 28 item ${pair.item}: ${pair.refused.label} / ${pair.valid.label}: time`,
      value: t.refused! / t.valid!,
      meaning: 'refusing time / valid work time (wall)',
      target: { atMost: pair.atMost.time },
      detail: { refusedMs: Math.round(t.refused!), validMs: Math.round(t.valid!) },
    });
    const refusedPeak = fresh(pair.refused.label).rssMiB;
    const validPeak = fresh(pair.valid.label).rssMiB;
    reportRatio({
      section: 'limits',
      name: `issue 28 item ${pair.item}: ${pair.refused.label} / ${pair.valid.label}: memory`,
      value: refusedPeak / Math.max(1, validPeak),
      meaning: 'refusing growth / valid growth (fresh processes, MiB, at least 1)',
      target: { atMost: pair.atMost.memory },
      detail: { refusedMiB: Math.round(refusedPeak), validMiB: Math.round(validPeak) },
    });
  }
  process.exit(0);
}
