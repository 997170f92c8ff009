/**
 * The local job store (issue 6, "Compare and keep") at the monitor's scale, through the calls
 * the core's `jobs.list` and `jobs.get` handlers make: 100,000 records written by one refresh,
 * list polls with nothing or a few statuses changed, a single-job lookup, a 50 MB log kept;
 * then, in a fresh process as after a restart, the monitor opening from the store and a job's
 * 50 MB log read back offline. The fresh process keeps the memory figures of the reads honest:
 * this one's resident size is already inflated by the writes.
 *
 * All of this runs in the core process, not the renderer; the times are what a core spends per
 * call, which matters because polling repeats them and the machine has two cores. Targets are
 * on CPU time with 2–3× headroom (wall time on the shared CI machine swings with the other jobs:
 * up to 3× the CPU time at a load of 11 on two cores) and a wall-time bound about 10× the CPU
 * time, loose enough for that and tight enough to catch the store waiting on the disk (a commit
 * per record, say).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteJobCache, getJob, listJobs, loadSqlite } from '../src/core/job-store';
import type { JobInfo } from '../src/shared/variants';
import { jobRecords, logText } from './fixtures';
import { inFreshProcess, measure } from './harness';

const N = 100_000;
const LOG_BYTES = 50_000_000;
const PROFILE = 'bench';
const LOG_JOB = 1;
const Sqlite = await loadSqlite();
const now = () => new Date().toISOString();
const serves = <T>(value: T) => ({ fetch: () => Promise.resolve(value) });
const OFFLINE = { unavailable: 'Not logged in.', reason: 'logged-out' as const };

function expect(what: string, ok: boolean): void {
  if (!ok) throw new Error(`cache bench: ${what}`);
}

async function writes(file: string): Promise<void> {
  const cache = new SqliteJobCache(Sqlite, file);
  const records = jobRecords(N);

  // The first refresh after login on a large account writes every record in one transaction,
  // while the list already shows the service's answer: it has to finish well within a poll
  // interval (seconds) without holding a large heap. ~0.8–1.2 s of CPU and ~30–45 MiB measured
  // (the fingerprints computed for every record add ~40 ms and a few MiB).
  await measure(
    'first refresh: write 100,000 new records',
    { maxCpuMs: 3_000, maxMs: 12_000, maxMiB: 100 },
    () => {
      const changes = cache.upsertRecords(PROFILE, records, now(), 'list');
      expect('every new record is a change', changes.length === N);
    },
  );

  // `jobs.list` on every refresh: the service's 100,000 records merged into the store, and the
  // store's records read back for the renderer. Nothing changed, so nothing is written; it has
  // to stay a small share of a core per refresh. Met: ~0.2–0.3 s of CPU (median of runs) and
  // ~10–45 MiB measured, where it was ~1 s and ~125 MiB when it read every row to compare and
  // then every row again for the answer. What is left: reading an id and a fingerprint per row
  // (~50 ms), fingerprinting the service's records (~40 ms), building the answer's objects.
  await measure(
    'jobs.list refresh, nothing changed',
    { maxCpuMs: 700, maxMs: 3_500, maxMiB: 80 },
    async () => {
      const answer = await listJobs(cache, PROFILE, serves<JobInfo[]>(records));
      expect('an unchanged refresh changes nothing', answer.changes.length === 0);
      expect('an unchanged refresh lists every job', answer.jobs.length === N);
    },
    { runs: 3 },
  );

  // The usual refresh: a few jobs moved on. The unchanged refresh plus 1,000 rows read whole
  // and written in the same transaction. Each run flips the same 1% (there and back). Met:
  // ~0.25–0.35 s of CPU measured (median of runs), where it was ~1 s.
  const moved = records.map((r, i) =>
    i % 100 === 0
      ? { ...r, status: r.status === 'error' ? ('completed' as const) : ('error' as const) }
      : r,
  );
  let flips = 0;
  await measure(
    'jobs.list refresh, 1% of statuses changed',
    { maxCpuMs: 800, maxMs: 4_000, maxMiB: 80 },
    async () => {
      const list = flips++ % 2 === 0 ? moved : records;
      const answer = await listJobs(cache, PROFILE, serves<JobInfo[]>(list));
      expect('1% of statuses change', answer.changes.length === N / 100);
    },
    // Odd: the store ends with `moved`, which the lookups below start from.
    { runs: 3 },
  );

  // `jobs.get` without the detail: the lookup that fills Variant A's statuses for the rows on
  // screen (a few dozen per scroll pause) and updates a row when its job ends. It reads and
  // writes only the record it looks up, so 30 of them cost a few ms, not the ~12 s they cost
  // when each read the whole store (0.4 s at 100,000). Met: ~0.4–0.7 ms of CPU measured (median
  // of runs, each a different job ending; the first pays for warming up).
  let lookups = 0;
  await measure(
    'jobs.get lookup: one record, 100,000 kept',
    { maxCpuMs: 2, maxMs: 20, maxMiB: 10 },
    async () => {
      const kept = moved[501 + lookups++]!;
      const ended = kept.status === 'completed' ? 'cancelled' : 'completed';
      const looked = { ...kept, status: ended, completed_at: now() } as const;
      const answer = await getJob(
        cache,
        PROFILE,
        looked.id,
        false,
        serves({ detail: looked, problems: [] }),
      );
      expect('the lookup is kept', answer.changes.length === 1);
    },
    { runs: 9 },
  );

  // A job detail with a 50 MB log, kept when it is fetched (after the detail is on screen):
  // about a second, holding no more than a few copies of the log at once. ~0.4–0.55 s of CPU
  // and ~90–145 MiB (the JSON text and SQLite's UTF-8 copy of it) measured: the lower figures
  // when a case before it had left the heap large (the lookup once read the whole store).
  const logs = logText(LOG_BYTES);
  const detail = { ...records[LOG_JOB - 1]!, logs };
  await measure(
    'jobs.get full: keep a 50 MB log',
    { maxCpuMs: 1_500, maxMs: 6_000, maxMiB: 250 },
    async () => {
      await getJob(cache, PROFILE, LOG_JOB, true, serves({ detail, problems: [] }));
    },
  );
  cache.close();
}

async function reads(file: string): Promise<void> {
  // The monitor opening (offline, or before the service answers: `jobs.list` with cachedOnly):
  // open the store and read every record. On the critical path of "the monitor opens at once
  // with 100,000 jobs", so the goal is well under half a second before the records cross to
  // the renderer. Nearly met: ~0.35–0.45 s of CPU and ~70 MiB measured (it was ~0.45–0.55 s and
  // ~95–100 MiB): rows are checked by hand before zod decides the odd ones, and read one at a
  // time so their arrays die young. What is left is mostly better-sqlite3 making 1.1 million
  // values (~0.25–0.3 s) and the 100,000 record objects themselves.
  let cache: SqliteJobCache | null = null;
  let listed = 0;
  await measure(
    'monitor opens: open the store, read 100,000 records',
    { maxCpuMs: 1_000, maxMs: 5_000, maxMiB: 150 },
    async () => {
      cache = new SqliteJobCache(Sqlite, file);
      listed = (await listJobs(cache, PROFILE, OFFLINE, { cachedOnly: true })).jobs.length;
    },
  );
  expect('every record is read back', listed === N);

  // Opening a job offline: its 50 MB log is read back while the reader waits (the log viewer
  // then indexes it in slices). Within a second, and no more than a few copies of the log.
  // ~0.2 s of CPU and ~50–75 MiB measured.
  await measure(
    'open a job offline: read its 50 MB log',
    { maxCpuMs: 600, maxMs: 2_500, maxMiB: 250 },
    async () => {
      const answer = await getJob(cache!, PROFILE, LOG_JOB, true, OFFLINE);
      expect('the log reads back whole', (answer.detail.logs?.length ?? 0) >= LOG_BYTES);
    },
  );
  cache!.close();
}

const [mode, given] = process.argv.slice(2);
if (mode === '--reads') {
  await reads(given!);
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'qjob-cache-bench-'));
  try {
    const file = path.join(dir, 'jobs.sqlite');
    await writes(file);
    // As after a restart: a new process reads what this one wrote.
    inFreshProcess(import.meta.filename, ['--reads', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
