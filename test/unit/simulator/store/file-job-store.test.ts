import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileJobStore } from '../../../../src/simulator/store/file-job-store';
import type { StoredJob } from '../../../../src/simulator/store/stored-job';

function job(id: number, overrides: Partial<StoredJob> = {}): StoredJob {
  return {
    format: 1,
    id,
    variant: 'B',
    name: `job-${id}`,
    description: 'sampling on simulator',
    device_id: 1,
    device_code: 'sim.statevector',
    execute_type: 'sampling',
    job_type: 'digital',
    status: 'pending',
    created_at: '2026-11-22T11:25:28.000Z',
    updated_at: '2026-11-22T11:25:28.000Z',
    completed_at: null,
    payload: { type: 'sampling', sampling_payload: { sampling: '!Sampling {nshots: 10}' } },
    meta: {},
    result: null,
    error: null,
    error_logs: null,
    notice: null,
    ...overrides,
  } as StoredJob;
}

describe('FileJobStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qjs-store-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps jobs and their logs across instances', async () => {
    const a = new FileJobStore(dir);
    await a.load();
    await a.save(job(1));
    await a.save(job(1, { status: 'completed', completed_at: '2026-11-22T11:26:00.000Z' }));
    await a.appendLog(1, 'line one\n');
    await a.appendLog(1, 'line two\n');
    await a.flush();

    const b = new FileJobStore(dir);
    const report = await b.load();
    expect(report.problems).toEqual([]);
    expect(report.highestId).toBe(1);
    expect(report.jobs).toHaveLength(1);
    expect(report.jobs[0]?.job.status).toBe('completed');
    expect(report.jobs[0]?.logs).toBe('line one\nline two\n');
  });

  it('coalesces a burst of saves and ends with the newest snapshot', async () => {
    const store = new FileJobStore(dir);
    await store.load();
    const saves = Array.from({ length: 20 }, (_, i) => store.save(job(3, { name: `n${i}` })));
    await Promise.all(saves);
    const text = await readFile(join(dir, 'jobs', '3.json'), 'utf8');
    expect(JSON.parse(text).name).toBe('n19');
  });

  it('sets aside a corrupt record and a record that breaks the models, reports both, never reuses their ids', async () => {
    const store = new FileJobStore(dir);
    await store.load();
    await store.save(job(1));
    await store.appendLog(7, 'orphan\n');
    await store.flush();
    await writeFile(join(dir, 'jobs', '5.json'), '{"format": 1, "id": 5, "trunc');
    await writeFile(join(dir, 'jobs', '5.log'), 'log of the corrupt job\n');
    await writeFile(
      join(dir, 'jobs', '6.json'),
      JSON.stringify(
        job(6, {
          payload: {
            type: 'sampling',
            sampling_payload: { sampling: 'x' },
            t1_experiment_payload: { t1_experiment: 'y' },
          } as never,
        }),
      ),
    );
    await writeFile(join(dir, 'jobs', '.1.json.abcd.tmp'), '{"half": ');

    const report = await new FileJobStore(dir).load();
    expect(report.jobs.map((j) => j.job.id)).toEqual([1]);
    expect(report.highestId).toBe(7);
    expect(report.problems.join('\n')).toMatch(/job 5.*not readable JSON/);
    expect(report.problems.join('\n')).toMatch(/job 6.*payload/);
    expect(report.problems.join('\n')).toMatch(/7\.log.*without its job record/);
    expect(report.problems.join('\n')).toMatch(/unfinished write/);

    const aside = await readdir(join(dir, 'corrupt'));
    expect(aside.some((n) => n.startsWith('5.json.'))).toBe(true);
    expect(aside.some((n) => n.startsWith('5.log.'))).toBe(true);
    expect(aside.some((n) => n.startsWith('6.json.'))).toBe(true);
    // The set-aside contents are kept byte for byte for whoever investigates.
    const kept = aside.find((n) => n.startsWith('5.json.')) ?? '';
    expect(await readFile(join(dir, 'corrupt', kept), 'utf8')).toBe(
      '{"format": 1, "id": 5, "trunc',
    );

    // A later start still counts the set-aside ids.
    expect((await new FileJobStore(dir).load()).highestId).toBe(7);
  });
});
