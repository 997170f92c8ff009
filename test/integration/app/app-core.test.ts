import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore, JobEndedNotice } from '../../../src/core/app/types';
import type { EventName, EventPayload } from '../../../src/shared/ipc/contract';
import { appCalls, nextCoreEvent, openAppCore } from '../../support/app-core';

const fixture = (name: string) => readFileSync(path.join('test/fixtures/dialect', name), 'utf8');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-core-'));
const notices: JobEndedNotice[] = [];
let core: AppCore;

const { call, failure } = appCalls(() => core);
const nextEvent = <N extends EventName>(name: N, match?: (p: EventPayload<N>) => boolean) =>
  nextCoreEvent(core, name, match);

beforeAll(async () => {
  core = await openAppCore(dataDir, {
    simulator: { speed: 20 },
    notify: (n) => notices.push(n),
  });
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the handler table against the embedded simulator', () => {
  it('starts on the Variant A simulator with the demo user logged in, no account needed', async () => {
    const session = await call('session.get', {});
    expect(session).toMatchObject({ profileId: 'simulator-a', state: 'active', user: 'demo' });
    expect(session.secretStore).toEqual({ kind: 'memory', secure: false });
    const { profiles, activeId } = await call('profiles.list', {});
    expect(activeId).toBe('simulator-a');
    expect(profiles.find((p) => p.id === 'simulator-a')?.baseUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/,
    );
  });

  it('lists the simulator’s devices', async () => {
    const { devices, fetchedAt } = await call('devices.list', { refresh: true });
    expect(devices.map((d) => d.code)).toContain('sim.statevector');
    expect(new Set(devices.map((d) => d.status))).toEqual(
      new Set(['online', 'maintenance', 'offline']),
    );
    expect(Date.parse(fetchedAt)).not.toBeNaN();
  });

  it('submits a payload text and reports its status changes until it completes', async () => {
    const seen: string[] = [];
    const off = core.events.on('jobs.status', (e) => seen.push(e.to));
    const submitted = await call('jobs.submit', {
      text: fixture('a-digital-bell.yaml'),
      deviceCode: 'sim.statevector',
      name: 'bell',
    });
    expect(submitted).toMatchObject({ executeType: 'digital_propagation' });
    const done = await nextEvent(
      'jobs.status',
      (e) => e.jobId === submitted.jobId && e.to === 'completed',
    );
    off();
    expect(done.profileId).toBe('simulator-a');
    expect(seen.at(-1)).toBe('completed');
    expect(notices.some((n) => n.jobId === submitted.jobId && n.status === 'completed')).toBe(true);

    const full = await call('jobs.get', { id: submitted.jobId, full: true });
    expect(full.problems).toEqual([]);
    expect(full.detail).toMatchObject({ id: submitted.jobId, name: 'bell' });
    expect((full.detail as { result?: { type?: string } }).result?.type).toBe(
      'digital_propagation',
    );
    const list = await call('jobs.list', { deviceId: 1 });
    expect(list.jobs.map((j) => j.id)).toContain(submitted.jobId);
  });

  it('does not notify about an old job that is merely watched', async () => {
    const { jobs } = await call('jobs.list', {});
    const old = jobs[0]!;
    const before = notices.length;
    const seen = nextEvent('jobs.status', (e) => e.jobId === old.id);
    await call('jobs.watch', { ids: [old.id] });
    expect((await seen).from).toBeNull();
    expect(notices).toHaveLength(before);
  });

  it('refuses an invalid payload with its lines, submitting nothing', async () => {
    const error = await failure('jobs.submit', {
      text: 'type: sampling\n',
      deviceCode: 'sim.statevector',
    });
    expect(error.code).toBe('invalid-payload');
    expect(error.message).toContain('Variant A');
    expect(error.issues?.[0]?.message).toMatch(/^line \d+, column \d+: /);
  });

  it('rejects input that breaks the contract before any handler runs', async () => {
    const error = await failure('jobs.submit', { text: 'x', deviceCode: 42 });
    expect(error).toMatchObject({ code: 'invalid-input', issues: [{ path: 'deviceCode' }] });
  });

  it('cancels a job on the simulator', async () => {
    const submitted = await call('jobs.submit', {
      text: fixture('a-digital-bell.yaml'),
      deviceCode: 'sim.statevector',
    });
    const cancelled = nextEvent(
      'jobs.status',
      (e) => e.jobId === submitted.jobId && e.to === 'cancelled',
    );
    await call('jobs.cancel', { id: submitted.jobId });
    expect((await cancelled).to).toBe('cancelled');
  });

  it('logs out and in again, and refuses device calls in between', async () => {
    expect((await call('session.logout', {})).state).toBe('logged-out');
    expect((await failure('devices.list', {})).code).toBe('not-logged-in');
    const bad = await failure('session.login', { user: 'demo', apiKey: 'wrong' });
    expect(bad.code).toMatch(/^service\./);
    expect(JSON.stringify(bad)).not.toContain('wrong');
    // The simulator takes only this launch's key, which the core holds: activating logs in.
    expect((await call('profiles.activate', { id: 'simulator-a' })).state).toBe('active');
  });

  it('tests a profile’s connection and says what it reached', async () => {
    const { profiles } = await call('profiles.list', {});
    const result = await call(
      'profiles.testConnection',
      profiles.find((p) => p.id === 'simulator-a')!,
    );
    expect(result.ok).toBe(true);
    expect(result.summary).toMatch(/devices/);
    const broken = await call('profiles.testConnection', {
      id: 'nowhere',
      name: 'Nowhere',
      variant: 'A',
      baseUrl: 'http://127.0.0.1:9/api/v1',
    });
    expect(broken.ok).toBe(false);
  });

  it('saves, lists and deletes a real-service profile', async () => {
    const saved = await call('profiles.save', {
      id: 'lab',
      name: 'Lab',
      variant: 'B',
      baseUrl: 'https://lab.example/api/v1',
      pollIntervalMs: 2000,
    });
    expect(saved.id).toBe('lab');
    expect((await call('profiles.list', {})).profiles.map((p) => p.id)).toContain('lab');
    const invalid = await failure('profiles.save', { id: 'x', name: 'X', variant: 'A' });
    expect(invalid).toMatchObject({ code: 'invalid-input', issues: [{ path: 'baseUrl' }] });
    await call('profiles.delete', { id: 'lab' });
    expect((await call('profiles.list', {})).profiles.map((p) => p.id)).not.toContain('lab');
    expect((await failure('profiles.delete', { id: 'simulator-a' })).code).toBe('profile.builtin');
  });

  it('switches to the Variant B simulator and runs a Variant B payload there', async () => {
    const session = await call('profiles.activate', { id: 'simulator-b' });
    expect(session).toMatchObject({ profileId: 'simulator-b', state: 'active', user: 'demo' });
    const submitted = await call('jobs.submit', {
      text: fixture('b-sampling-bell.yaml'),
      deviceCode: 'sim.statevector',
    });
    expect(submitted.executeType).toBe('sampling');
    await nextEvent('jobs.status', (e) => e.jobId === submitted.jobId && e.to === 'completed');
  });

  it('autosaves drafts and says files need upload/download in browser mode', async () => {
    const tabs = [{ id: 't1', title: 'Bell', text: 'type: sampling\n', path: null }];
    await call('drafts.save', { tabs });
    expect(await call('drafts.load', {})).toEqual(tabs);
    expect((await failure('files.open', {})).code).toBe('unsupported');
    expect((await failure('app.openLogFolder', {})).code).toBe('unsupported');
    expect((await call('app.info', {})).shell).toBe('web');
  });
});
