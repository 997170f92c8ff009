import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import {
  BELL_CIRCUIT,
  call,
  envelope,
  fullDetail,
  heavyCircuit,
  login,
  pollUntil,
  samplesOf,
  samplingPayload,
  startTestSimulator,
} from './helpers';

describe.each(['A', 'B'] as const)('simulator persistence and limits, Variant %s', (variant) => {
  const dirs: string[] = [];
  const running: SimulatorHandle[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps jobs, results and logs across a restart on the same data folder', async () => {
    const first = await startTestSimulator({ variant });
    dirs.push(first.dataDir);
    let token = (await login(first.sim)).accessToken;
    const done = Number(
      (
        await call(first.sim, 'POST', '/execute', {
          token,
          body: envelope(samplingPayload(variant, BELL_CIRCUIT, 500)),
        })
      ).body.id,
    );
    await pollUntil(first.sim, token, done);
    const before = await fullDetail(first.sim, token, done);
    const busy = Number(
      (
        await call(first.sim, 'POST', '/execute', {
          token,
          body: envelope(samplingPayload(variant, heavyCircuit(22, 12), 10)),
        })
      ).body.id,
    );
    await pollUntil(first.sim, token, busy, ['running']);
    const waiting = Number(
      (
        await call(first.sim, 'POST', '/execute', {
          token,
          body: envelope(samplingPayload(variant, BELL_CIRCUIT, 10)),
        })
      ).body.id,
    );
    await pollUntil(first.sim, token, waiting, ['queued']);
    await first.sim.stop();
    // A crash can leave a half-written temporary file and damage a record: neither may cost the others.
    await writeFile(
      join(first.dataDir, `variant-${variant}`, 'jobs', `.${done}.json.dead.tmp`),
      '{"half',
    );
    await writeFile(join(first.dataDir, `variant-${variant}`, 'jobs', '999.json'), 'not json');

    const second = await startTestSimulator({ variant, dataDir: first.dataDir });
    running.push(second.sim);
    expect(second.sim.problems.join('\n')).toMatch(/job 999/);
    token = (await login(second.sim)).accessToken;

    const after = await fullDetail(second.sim, token, done);
    expect(after).toMatchObject({
      id: done,
      status: 'completed',
      payload: before.payload,
      result: before.result,
    });
    expect(after.logs?.startsWith(before.logs ?? '')).toBe(true);
    expect(samplesOf(variant, after.result as Record<string, unknown>)).toEqual(
      samplesOf(variant, before.result as Record<string, unknown>),
    );

    const lost = await fullDetail(second.sim, token, busy);
    expect(lost).toMatchObject({
      status: 'error',
      error: 'simulator restarted while the job was running',
    });
    // Taken up again, not lost (running it to the end would only measure worker start-up).
    const resumed = await pollUntil(second.sim, token, waiting, ['queued', 'running', 'completed']);
    expect(['queued', 'running', 'completed']).toContain(resumed.status);
    expect((await fullDetail(second.sim, token, waiting)).logs).toMatch(
      /simulator restarted; back in the queue/,
    );

    const next = await call(second.sim, 'POST', '/execute', {
      token,
      body: envelope(samplingPayload(variant, BELL_CIRCUIT, 10)),
    });
    expect(Number(next.body.id)).toBe(1000);
    expect(await readdir(join(first.dataDir, `variant-${variant}`, 'corrupt'))).toHaveLength(1);
  });

  it('ends a run that exceeds the run-time limit in timeout', async () => {
    const t = await startTestSimulator({ variant, runTimeLimitSeconds: 0.05 });
    dirs.push(t.dataDir);
    running.push(t.sim);
    const token = (await login(t.sim)).accessToken;
    const id = Number(
      (
        await call(t.sim, 'POST', '/execute', {
          token,
          body: envelope(samplingPayload(variant, BELL_CIRCUIT, 10)),
        })
      ).body.id,
    );
    expect((await pollUntil(t.sim, token, id)).status).toBe('timeout');
    const detail = await fullDetail(t.sim, token, id);
    expect(detail.error).toMatch(/run-time limit of 0.05 s exceeded/);
    expect(detail.error_logs).toMatch(/run-time limit/);
    expect(detail.completed_at).toBeTruthy();
  });
});

describe('simulator data folder', () => {
  it('is used by one simulator per variant at a time', async () => {
    const first = await startTestSimulator({ variant: 'A' });
    try {
      await expect(startSimulator({ variant: 'A', dataDir: first.dataDir })).rejects.toThrow(
        /in use/,
      );
      const other = await startSimulator({ variant: 'B', dataDir: first.dataDir });
      await other.stop();
    } finally {
      await first.cleanup();
    }
  });
});

describe('simulator without a data folder', () => {
  it('runs entirely in memory', async () => {
    const sim = await startSimulator({ speed: 200 });
    try {
      expect(sim.dataDir).toBeNull();
      const token = (await login(sim)).accessToken;
      expect((await call(sim, 'GET', '/jobs', { token })).body).toEqual({ items: [] });
    } finally {
      await sim.stop();
    }
  });
});
