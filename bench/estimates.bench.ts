/**
 * Estimates of when jobs end (issue 14, "Knowing when") at the monitor's scale: a profile with
 * 100,000 jobs in the local store, each watched through queued and running (three timeline
 * entries), the duration model the core builds from it when the set of finished jobs changes,
 * the same asked again unchanged (the monitor asks after every status change), and the
 * estimate and stuck verdict of 10,000 unfinished jobs (what the table works out per tick when
 * that many wait; on screen it is only the visible rows). Targets on CPU time, as in
 * cache.bench.ts, with 2–3× headroom over what was measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteJobCache, loadSqlite } from '../src/core/job-store';
import { EstimatesService } from '../src/core/history';
import type { DurationModel, JobPhase } from '../src/shared/estimates';
import { estimateRemaining, stuckVerdict } from '../src/shared/estimates';
import { jobRecords } from './fixtures';
import { measure } from './harness';

const N = 100_000;
const PROFILE = 'bench';
const dir = mkdtempSync(path.join(tmpdir(), 'qjob-bench-estimates-'));

function expect(what: string, ok: boolean): void {
  if (!ok) throw new Error(`estimates bench: ${what}`);
}

try {
  const cache = new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'));
  const records = jobRecords(N);
  cache.upsertRecords(
    PROFILE,
    records.map((r) => ({ ...r, status: 'queued' as const, completed_at: null })),
    new Date(Date.parse(records[0]!.created_at)).toISOString(),
    'watch',
  );
  for (const r of records) {
    const ran = Date.parse(r.created_at) + 400;
    cache.observe(PROFILE, r.id, 'running', new Date(ran).toISOString(), 'watch');
    if (r.status !== 'running' && r.completed_at)
      cache.observe(PROFILE, r.id, r.status!, r.completed_at, 'watch');
  }
  cache.upsertRecords(PROFILE, records, records.at(-1)!.created_at, 'list');
  const service = new EstimatesService(cache);

  // The first `estimates.get` after a job ends: the newest 20,000 completed jobs read with their
  // running times from the timeline, and the model built. Measured: ~130–160 ms of CPU.
  let model: DurationModel | null = null;
  await measure(
    'estimates: build the model from 100,000 jobs',
    { maxCpuMs: 600, maxMs: 4_000, maxMiB: 80 },
    () => {
      model = service.get(PROFILE).model;
    },
  );
  expect('the model has every device', Object.keys(model!.devices).length === 5);

  // Asked again with no job ended since: one counting query over the status index (it holds
  // the ids too), and when each running job started (this fixture has ~14,000 running, one
  // timeline lookup each). Measured: ~30 ms of CPU.
  await measure(
    'estimates: asked again, nothing ended',
    { maxCpuMs: 100, maxMs: 1_000, maxMiB: 20 },
    () => {
      expect('the same model', service.get(PROFILE).model === model);
    },
    { runs: 5 },
  );

  // 10,000 unfinished jobs' estimates and stuck verdicts, half waiting, half running, at
  // spread ages. Measured: ~25 ms of CPU.
  const m = model!;
  await measure('estimates: 10,000 open jobs', { maxCpuMs: 250, maxMs: 2_000, maxMiB: 40 }, () => {
    let some = 0;
    for (let i = 0; i < 10_000; i++) {
      const job = {
        deviceId: 1 + (i % 5),
        kind: i % 3 ? 'sampling' : null,
        phase: (i % 2 ? 'running' : 'waiting') as JobPhase,
        elapsedMs: (i * 37) % 600_000,
      };
      if (estimateRemaining(m, job).kind === 'estimate') some++;
      stuckVerdict(m, job);
    }
    expect('most open jobs have an estimate', some > 5_000);
  });
  cache.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
