import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/simulator/clock';
import type { JobManager } from '../../../../src/simulator/jobs/job-manager';
import type { JobManagerOptions } from '../../../../src/simulator/jobs/job-manager';
import { FileJobStore } from '../../../../src/simulator/store/file-job-store';
import type { StoredJob } from '../../../../src/simulator/store/stored-job';
import { startManager, submit } from './manager-support';

describe('JobManager', () => {
  let dir: string;
  let managers: JobManager[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qjs-jobs-'));
    managers = [];
  });
  afterEach(async () => {
    await Promise.all(managers.map((m) => m.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  async function manager(overrides: Partial<JobManagerOptions> = {}) {
    const m = await startManager(new FileJobStore(dir), overrides);
    managers.push(m);
    return m;
  }

  async function until(
    m: JobManager,
    id: number,
    done: (j: StoredJob) => boolean,
  ): Promise<StoredJob> {
    for (let i = 0; i < 500; i++) {
      const job = m.get(id)?.job;
      if (job && done(job)) return job;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`job ${id} never got there: ${m.get(id)?.job.status}`);
  }
  const terminal = (j: StoredJob) =>
    ['completed', 'error', 'timeout', 'cancelled'].includes(j.status);

  it('walks pending → validating → queued → running → completed, logging each step', async () => {
    const m = await manager();
    const created = await submit(m, 'work: 40');
    expect(created.status).toBe('pending');
    const done = await until(m, created.id, terminal);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({
      type: 'sampling',
      sampling_result: '!SamplingResult {nshots: 1}',
      t1_experiment_result: null,
    });
    expect(done.completed_at).not.toBeNull();
    const logs = m.get(created.id)?.logs ?? '';
    const order = [
      'validating',
      'validated',
      'queued on sim.statevector behind 0 jobs',
      'started on device',
      'progress',
      'finished in',
    ];
    let at = -1;
    for (const step of order) {
      const next = logs.indexOf(step, at + 1);
      expect(next, `${step} after the previous step in:\n${logs}`).toBeGreaterThan(at);
      at = next;
    }
    expect(logs).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /m);
  });

  it('says 100% only when the run is over, not when the engine is done before the device', async () => {
    // Vega's overhead (3 s simulated, 300 ms here) outlasts the scripted engine's 4 ms by far.
    const m = await manager({ clock: new SimClock(10) });
    const { id } = await submit(m, 'work: 4', 'qpu.analog.vega');
    for (let i = 0; i < 2000; i++) {
      const found = m.get(id)!;
      if (terminal(found.job)) break;
      expect(found.logs, `logged while ${found.job.status}`).not.toMatch(/progress 100%/);
      await new Promise((r) => setTimeout(r, 5));
    }
    const logs = m.get(id)!.logs;
    const percents = [...logs.matchAll(/progress (\d+)%/g)].map((p) => Number(p[1]));
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // While the device finishes, progress keeps moving and says what is going on.
    expect(logs).toMatch(/progress [1-9]\d%: computed; Vega is finishing its run/);
  });

  it('runs one job per device at a time, in order', async () => {
    const m = await manager();
    const a = await submit(m, 'work: 400');
    await until(m, a.id, (j) => j.status === 'running');
    const b = await submit(m, 'work: 10');
    await until(m, b.id, (j) => j.status === 'queued');
    expect(m.get(b.id)?.logs).toMatch(/behind 1 job\b/);
    const doneB = await until(m, b.id, terminal);
    const doneA = m.get(a.id)?.job;
    expect(doneA?.status).toBe('completed');
    expect(Date.parse(doneA?.completed_at ?? '')).toBeLessThanOrEqual(
      Date.parse(doneB.completed_at ?? ''),
    );
  });

  it('holds the queue of a device in maintenance', async () => {
    const m = await manager();
    const job = await submit(m, 'work: 1', 'qpu.digital.altair');
    const queued = await until(m, job.id, (j) => j.status === 'queued');
    expect(m.get(queued.id)?.logs).toMatch(/queue is held/);
    await new Promise((r) => setTimeout(r, 200));
    expect(m.get(job.id)?.job.status).toBe('queued');
  });

  it('ends an invalid payload in error with its error logs', async () => {
    const m = await manager();
    const job = await until(m, (await submit(m, 'invalid')).id, terminal);
    expect(job).toMatchObject({ status: 'error', error: 'bad thing at sampling_payload.sampling' });
    expect(job.error_logs).toContain('(line 1)');
  });

  it('cancels queued and running jobs, and refuses to cancel a finished one', async () => {
    const m = await manager();
    // The queue is in order of validation, so the second job goes in once the first runs:
    // submitted together, a loaded machine may validate the short one first.
    const running = await submit(m, 'work: 5000');
    await until(m, running.id, (j) => j.status === 'running');
    const queued = await submit(m, 'work: 1');
    await until(m, queued.id, (j) => j.status === 'queued');
    expect(await m.cancel(queued.id)).toMatchObject({ ok: true, job: { status: 'cancelled' } });
    expect(await m.cancel(running.id)).toMatchObject({ ok: true, job: { status: 'cancelled' } });
    expect(await m.cancel(running.id)).toEqual({
      ok: false,
      reason: 'terminal',
      status: 'cancelled',
    });
    expect(await m.cancel(999)).toEqual({ ok: false, reason: 'not_found' });
    await new Promise((r) => setTimeout(r, 50));
    expect(m.get(running.id)?.job.status).toBe('cancelled');
  });

  it('times a long run out', async () => {
    const m = await manager({ runTimeLimitSeconds: 0.01 });
    const job = await until(m, (await submit(m, 'work: 2000')).id, terminal);
    expect(job.status).toBe('timeout');
    expect(job.error).toMatch(/run-time limit of 0.01 s exceeded/);
  });

  it('injects device errors at the configured rate', async () => {
    const m = await manager({ failureRate: 1 });
    const job = await until(m, (await submit(m, 'work: 1')).id, terminal);
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/device error/);
    expect(job.error_logs).toMatch(/injected/);
  });

  it('after a restart keeps finished jobs, re-queues waiting ones and fails the one that was running', async () => {
    const first = await manager();
    const done = await submit(first, 'work: 1');
    await until(first, done.id, terminal);
    const running = await submit(first, 'work: 5000');
    await until(first, running.id, (j) => j.status === 'running');
    const waiting = await submit(first, 'work: 1');
    await until(first, waiting.id, (j) => j.status === 'queued');
    await first.stop();

    const second = await manager();
    expect(second.get(done.id)?.job.status).toBe('completed');
    expect(second.get(done.id)?.logs).toMatch(/finished in/);
    const lost = await until(second, running.id, terminal);
    expect(lost).toMatchObject({
      status: 'error',
      error: 'simulator restarted while the job was running',
    });
    expect((await until(second, waiting.id, terminal)).status).toBe('completed');
    const next = await submit(second, 'work: 1');
    expect(next.id).toBe(waiting.id + 1);
  });
});
