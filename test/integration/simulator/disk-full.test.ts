import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BELL_CIRCUIT,
  call,
  envelope,
  login,
  pollUntil,
  samplingPayload,
  startTestSimulator,
} from './helpers';
import { mountTmpfs, type Tmpfs } from '../../support/tmpfs';

/**
 * The simulator on a real full disk: a 2 MB tmpfs filled to the last page while a job waits for
 * its device. Mounting needs root; elsewhere this is skipped, and the same behaviour is checked at
 * the file-system seam by test/unit/simulator/jobs/job-manager-disk-full.test.ts.
 */
const tmpfs = mountTmpfs(512);

const running: { cleanup(): Promise<void> }[] = [];
afterAll(async () => {
  for (const t of running) await t.cleanup().catch(() => undefined);
  tmpfs?.unmount();
});

describe.runIf(tmpfs !== null)('the simulator on a full disk (tmpfs)', () => {
  it('never tells a client a state that is not on disk, so a restart contradicts nothing', async () => {
    const disk = tmpfs as Tmpfs;
    const dataDir = join(disk.dir, 'data');
    const options = { variant: 'B' as const, dataDir, speed: 60 };
    const first = await startTestSimulator(options);
    running.push(first);
    const { sim } = first;
    const { accessToken: token } = await login(sim);
    // The device is in maintenance at start: the job waits in its queue until it comes back.
    const submitted = await call(sim, 'POST', '/execute', {
      token,
      body: envelope(samplingPayload('B', BELL_CIRCUIT, 100), 'qpu.digital.altair'),
    });
    expect(submitted.status).toBe(200);
    const id = Number(submitted.body.id);
    const recordFile = join(dataDir, 'variant-B', 'jobs', `${id}.json`);
    const statusOnDisk = () =>
      (JSON.parse(readFileSync(recordFile, 'utf8')) as { status: string }).status;

    await pollUntil(sim, token, id, ['queued']);
    await new Promise((r) => setTimeout(r, 50)); // its "queued behind" log line, written after
    const filler = disk.fill();
    const refused = await call(sim, 'POST', '/execute', {
      token,
      body: envelope(samplingPayload('B', BELL_CIRCUIT, 100)),
    });
    expect(refused).toMatchObject({ status: 503, body: { code: 'not_stored' } });

    // Every answer is what the disk holds, until the device comes back and its run cannot be
    // written: then the lookup says so.
    const told: string[] = [];
    let failure: Record<string, unknown> | null = null;
    for (let i = 0; i < 2000 && !failure; i++) {
      const reply = await call(sim, 'GET', `/jobs/${id}`, { token });
      if (reply.status === 200) {
        told.push(String(reply.body.status));
        expect(reply.body.status).toBe(statusOnDisk());
      } else {
        expect(reply.status).toBe(503);
        failure = reply.body;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(failure).toMatchObject({ code: 'not_stored' });
    expect(String(failure?.message)).toMatch(/no space left on device/);
    expect(new Set(told)).toEqual(new Set(['queued']));
    expect(statusOnDisk()).toBe('queued');
    await sim.stop();

    rmSync(filler);
    const second = await startTestSimulator(options);
    running.push(second);
    const { accessToken } = await login(second.sim);
    const after = await call(second.sim, 'GET', `/jobs/${id}`, { token: accessToken });
    expect(after.body.status).toBe('queued'); // as the client was told, taken up again
    let status = '';
    for (let i = 0; i < 2000 && status !== 'completed'; i++) {
      const reply = await call(second.sim, 'GET', `/jobs/${id}`, { token: accessToken });
      status = String(reply.body.status);
      expect(['queued', 'running', 'completed']).toContain(status);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).toBe('completed');
    const next = await call(second.sim, 'POST', '/execute', {
      token: accessToken,
      body: envelope(samplingPayload('B', BELL_CIRCUIT, 100)),
    });
    expect(Number(next.body.id)).toBe(id + 1); // the refused submission spent no id
  });
});
