import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import type { CallInput, CallName } from '../../../src/shared/ipc/contract';
import { callCore, openAppCore, outcomeOf } from '../../support/app-core';

/**
 * The local job store behind the contract, against a simulator this test owns and then stops:
 * lists and details are kept as they are fetched, the timeline records what was seen, and with
 * the service gone the same calls answer from the store and say why. A second core on the same
 * data folder (an app restart) still has it all.
 */
const BELL = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 200
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-cache-it-'));
let sim: SimulatorHandle;
let core: AppCore;

const open = () => openAppCore(dataDir);
const call = <N extends CallName>(name: N, input: CallInput<N>) => callCore(core, name, input);

beforeAll(async () => {
  sim = await startSimulator({ variant: 'B', speed: 50, onProblem: () => undefined });
  core = await open();
  await call('profiles.save', { id: 'own', name: 'Own service', variant: 'B', baseUrl: sim.url });
  await call('profiles.activate', { id: 'own' });
  await call('session.login', { user: 'demo', apiKey: 'demo' });
});
afterAll(async () => {
  await core?.dispose();
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local job store', () => {
  let jobId = 0;

  it('keeps what the service answers and records the statuses it saw', async () => {
    jobId = (
      await call('jobs.submit', { text: BELL, deviceCode: 'sim.statevector', name: 'kept bell' })
    ).jobId;
    await expect
      .poll(async () => (await call('jobs.get', { id: jobId })).detail.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('completed');
    const list = await call('jobs.list', {});
    expect(list).toMatchObject({
      fromCache: false,
      offline: null,
      cache: { persistent: true, message: null },
    });
    expect(list.jobs.map((j) => j.id)).toContain(jobId);
    const full = await call('jobs.get', { id: jobId, full: true });
    expect(full.detail['logs']).toMatch(/finished/);
    const { entries } = await call('jobs.history', { id: jobId });
    expect(entries.at(-1)?.status).toBe('completed');
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('answers from the store when the service is gone, and says so', async () => {
    await sim.stop();
    const list = await call('jobs.list', {});
    expect(list.fromCache).toBe(true);
    expect(list.offline).toMatch(/could not be reached/);
    expect(list.jobs.find((j) => j.id === jobId)).toMatchObject({
      name: 'kept bell',
      status: 'completed',
    });
    const full = await call('jobs.get', { id: jobId, full: true });
    expect(full).toMatchObject({ fromCache: true });
    expect(full.detail['result']).toBeTruthy();
    expect(full.detail['logs']).toMatch(/finished/);
    const missing = await outcomeOf(core, 'jobs.get', { id: 99_999, full: true });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const { text } = await call('diagnostics.build', { id: jobId });
    expect(text).toContain('Source: the local store');
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{5,}\./);
  });

  it('still has everything after a restart of the app', async () => {
    await core.dispose();
    core = await open();
    await call('profiles.activate', { id: 'own' });
    const list = await call('jobs.list', { cachedOnly: true });
    expect(list.jobs.map((j) => j.id)).toContain(jobId);
    const offline = await call('jobs.list', {});
    expect(offline.fromCache).toBe(true);
    expect(offline.offline).toBeTruthy();
    const full = await call('jobs.get', { id: jobId, full: true });
    expect(full.detail['logs']).toMatch(/finished/);
    expect((await call('jobs.history', { id: jobId })).entries.at(-1)?.status).toBe('completed');
  });
});
