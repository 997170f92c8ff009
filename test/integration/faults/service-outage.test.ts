import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import type {
  CallInput,
  CallName,
  EventName,
  EventPayload,
} from '../../../src/shared/ipc/contract';
import { callCore, nextCoreEvent, openAppCore, outcomeOf } from '../../support/app-core';
import { QJOB_BIN, REPO_ROOT } from '../../support/cli-runner';
import { heavyCircuit } from '../simulator/helpers';

/**
 * The service disappears in the middle of a job and comes back: `qjob simulator` runs as a
 * child process, is killed with SIGKILL while a job runs and another waits behind it, and is
 * started again on the same port and data folder. The app core watching them keeps answering
 * from its store and says the service cannot be reached, refuses to submit while it is gone
 * (nothing half-sent), and picks up where it was once the service is back: every job record
 * consistent, nothing submitted twice.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-outage-'));
const simData = path.join(root, 'simulator');
let service: { child: ChildProcessWithoutNullStreams; url: string } | null = null;
let core: AppCore;

/** Starts `qjob simulator` as a person would, on `port` (0: any), and reads its one line. */
function startService(port = 0): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(
    process.execPath,
    [
      QJOB_BIN,
      'simulator',
      '--variant',
      'B',
      '--speed',
      '20',
      '--data',
      simData,
      '--port',
      String(port),
    ],
    { cwd: REPO_ROOT },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const url = /^listening on (\S+)\n/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`simulator exited (${code}): ${err}`)));
  });
}

function killService(): Promise<void> {
  const running = service!.child;
  service = null;
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

const call = <N extends CallName>(name: N, input: CallInput<N>) => callCore(core, name, input);
const nextEvent = <N extends EventName>(name: N, match: (p: EventPayload<N>) => boolean) =>
  nextCoreEvent(core, name, match);

/** What the simulator has on disk for a job (read without it, as a restart would). */
function storedStatus(id: number): string | null {
  try {
    const file = path.join(simData, 'variant-B', 'jobs', `${id}.json`);
    return (JSON.parse(readFileSync(file, 'utf8')) as { status?: string }).status ?? null;
  } catch {
    return null;
  }
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);
const payload = (circuit: string, nshots: number) => `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: ${nshots}
    circuit: ${indent(circuit, '      ')}
`;
const HEAVY = payload(heavyCircuit(22, 12), 10);
const LIGHT = payload(
  '!Circuit\nnqubits: 2\ngates:\n  - !H {qubit: 0}\n  - !CNOT {control: 0, target: 1}',
  100,
);

beforeAll(async () => {
  service = await startService();
  core = await openAppCore(path.join(root, 'app'));
  await call('profiles.save', {
    id: 'own',
    name: 'Own service',
    variant: 'B',
    baseUrl: service.url,
    pollIntervalMs: 250,
  });
  await call('profiles.activate', { id: 'own' });
  await call('session.login', { user: 'demo', apiKey: 'demo' });
});
afterAll(async () => {
  await core?.dispose();
  if (service) await killService();
  rmSync(root, { recursive: true, force: true });
});

describe('the service killed in the middle of a job, then back', () => {
  it('keeps every job record, says what is wrong, never submits twice, and carries on', async () => {
    const url = service!.url;
    const running = nextEvent('jobs.status', (e) => e.to === 'running');
    const seen = new Set<number>();
    core.events.on('jobs.status', (e) => seen.add(e.jobId));
    const heavy = (
      await call('jobs.submit', { text: HEAVY, deviceCode: 'sim.statevector', name: 'heavy' })
    ).jobId;
    const light = (
      await call('jobs.submit', { text: LIGHT, deviceCode: 'sim.statevector', name: 'light' })
    ).jobId;
    expect((await running).jobId).toBe(heavy);
    // Both seen by the job watcher (and so kept in the local store) before the service goes.
    await expect.poll(() => seen.has(light), { timeout: 30_000, interval: 50 }).toBe(true);
    // Killed once the service has recorded the run on disk (a kill before that only puts the
    // job back in the queue, which the simulator's own tests cover).
    await expect.poll(() => storedStatus(heavy), { timeout: 30_000, interval: 50 }).toBe('running');

    // Gone, abruptly: no goodbye, no flushed state.
    const offline = nextEvent(
      'connection.changed',
      (e) => e.profileId === 'own' && e.state !== 'online',
    );
    await killService();
    expect((await offline).message).toMatch(/could not be reached/);

    const listed = await call('jobs.list', {});
    expect(listed.fromCache).toBe(true);
    expect(listed.offline).toMatch(/could not be reached/);
    expect(listed.jobs.map((j) => [j.id, j.name])).toEqual([
      [light, 'light'],
      [heavy, 'heavy'],
    ]);
    expect(listed.jobs.find((j) => j.id === heavy)?.status).toBe('running');
    const refused = await outcomeOf(core, 'jobs.submit', {
      text: LIGHT,
      deviceCode: 'sim.statevector',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'service.network' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^Submitting the job failed: the service could not be reached/,
    );
    expect((await call('session.get', {})).state).toBe('active');

    // Back on the same address and data folder.
    const ended = Promise.all([
      nextEvent('jobs.status', (e) => e.jobId === heavy && e.to === 'error'),
      nextEvent('jobs.status', (e) => e.jobId === light && e.to === 'completed'),
    ]);
    const online = nextEvent(
      'connection.changed',
      (e) => e.profileId === 'own' && e.state === 'online',
    );
    service = await startService(Number(new URL(url).port));
    expect(service.url).toBe(url);
    await online;
    await ended;

    // The run lost with the process is an error that says so; the one waiting ran.
    const lost = await call('jobs.get', { id: heavy, full: true });
    expect(lost.detail).toMatchObject({
      status: 'error',
      error: 'simulator restarted while the job was running',
    });
    expect((await call('jobs.get', { id: light, full: true })).detail).toMatchObject({
      status: 'completed',
    });
    // Exactly the two jobs, on the service and in the store: nothing submitted twice.
    const after = await call('jobs.list', {});
    expect(after.fromCache).toBe(false);
    expect(after.jobs.map((j) => [j.id, j.status])).toEqual([
      [light, 'completed'],
      [heavy, 'error'],
    ]);
    expect(
      readdirSync(path.join(simData, 'variant-B', 'jobs')).filter((f) => f.endsWith('.json')),
    ).toHaveLength(2);
    const { entries } = await call('jobs.history', { id: heavy });
    expect(entries.map((e) => e.status)).toEqual(expect.arrayContaining(['running', 'error']));
  });
});
