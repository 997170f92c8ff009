import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileDurable } from '../../../../src/node-kit/fs/durable-append';
import { writeFileAtomic } from '../../../../src/node-kit/fs/atomic-write';
import type { JobManager } from '../../../../src/simulator/jobs/job-manager';
import type { JobView } from '../../../../src/simulator/jobs/live-job';
import { FileJobStore } from '../../../../src/simulator/store/file-job-store';
import type { JobFileWrites } from '../../../../src/simulator/store/file-job-store';
import { ScriptedEngine, startManager, submit } from './manager-support';

/**
 * A full disk under the simulator's job store, at the file-system seam (the writes fail with
 * ENOSPC as the real ones do); test/integration/simulator/disk-full.test.ts does the same on a
 * real full tmpfs where the machine allows mounting one. A job must be shown as it is on disk,
 * so nothing a client is told is undone by a restart.
 */
class FillableDisk implements JobFileWrites {
  full = false;
  private check(): void {
    if (!this.full) return;
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  }
  async replace(file: string, data: Uint8Array): Promise<void> {
    this.check();
    await writeFileAtomic(file, data);
  }
  async append(file: string, text: string): Promise<void> {
    this.check();
    await appendFileDurable(file, text);
  }
}

describe('JobManager on a full disk', () => {
  let dir: string;
  let disk: FillableDisk;
  let managers: JobManager[];
  let problems: string[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qjs-full-'));
    disk = new FillableDisk();
    managers = [];
    problems = [];
  });
  afterEach(async () => {
    disk.full = false;
    await Promise.all(managers.map((m) => m.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  async function manager(engine = new ScriptedEngine()) {
    const m = await startManager(new FileJobStore(dir, disk), {
      engine,
      onProblem: (message) => problems.push(message),
      saveRetryMs: 20,
    });
    managers.push(m);
    return { m, engine };
  }

  const onDisk = async (id: number) => {
    const record = JSON.parse(await readFile(join(dir, 'jobs', `${id}.json`), 'utf8')) as {
      status: string;
    };
    return { status: record.status, logs: await readFile(join(dir, 'jobs', `${id}.log`), 'utf8') };
  };

  async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`never: ${what}`);
  }

  it('shows a job as it is on disk while writes fail, then catches up once they succeed', async () => {
    const { m, engine } = await manager();
    const job = await submit(m, 'work: 40');
    disk.full = true;
    // The run goes on in memory and ends; none of it reaches the disk.
    await until(() => engine.finished.length === 1, 'the run ends');
    await until(() => m.get(job.id)?.unsaved != null, 'the failed write is noticed');
    const seen = m.get(job.id) as JobView;
    // Submitted and handed to validation before the disk filled: one of those, never further.
    expect(['pending', 'validating']).toContain(seen.job.status);
    expect(seen.job.status).toBe((await onDisk(job.id)).status);
    expect(seen.unsaved).toMatch(/ENOSPC/);
    expect(m.list({ limit: 10, offset: 0 }).map((j) => j.status)).toEqual([seen.job.status]);
    expect(problems.filter((p) => p.includes(`job ${job.id}:`))).toHaveLength(1); // not one per retry

    // A submission is refused and spends no id.
    await expect(submit(m, 'work: 1')).rejects.toThrow(/ENOSPC/);

    disk.full = false;
    await until(() => m.get(job.id)?.job.status === 'completed', 'the retry writes it');
    const caught = m.get(job.id) as JobView;
    expect(caught.unsaved).toBeNull();
    expect(await onDisk(job.id)).toEqual({ status: 'completed', logs: caught.logs });
    expect(caught.logs).toMatch(/finished in/);
    expect((await submit(m, 'work: 1')).id).toBe(job.id + 1);
  });

  it('after a restart shows what clients were shown before it', async () => {
    const first = await manager();
    const job = await submit(first.m, 'work: 40');
    disk.full = true;
    await until(() => first.engine.finished.length === 1, 'the run ends');
    await until(() => first.m.get(job.id)?.unsaved != null, 'the failed write is noticed');
    const told = first.m.get(job.id)?.job.status ?? '';
    await first.m.stop();
    disk.full = false;

    const second = await manager();
    const after = second.m.get(job.id)?.job.status;
    // Told it was waiting for validation: after the restart it is validated again and runs,
    // where the record in memory had already completed.
    expect(['pending', 'validating']).toContain(told);
    expect(after).toBe('validating');
    await until(() => second.m.get(job.id)?.job.status === 'completed', 'it runs again');
  });

  it('answers a cancellation that cannot be saved with the reason, not with success', async () => {
    const { m } = await manager();
    const job = await submit(m, 'work: 5000');
    await until(() => m.get(job.id)?.job.status === 'running', 'the job runs');
    disk.full = true;
    const outcome = await m.cancel(job.id);
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'not_stored',
      view: { job: { status: 'running' }, unsaved: expect.stringMatching(/ENOSPC/) },
    });
    expect(await m.cancel(job.id)).toMatchObject({ ok: false, reason: 'not_stored' });
    disk.full = false;
    await until(() => m.get(job.id)?.job.status === 'cancelled', 'the retry writes it');
    expect((await onDisk(job.id)).status).toBe('cancelled');
  });
});
