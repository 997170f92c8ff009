import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../src/core/app/create-app-core';
import { dispatchCall } from '../../../src/core/app/dispatch';
import type { AppCore } from '../../../src/core/app/types';
import type { SecretStore } from '../../../src/core/auth/secret-store';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { CallInput, CallName, CallOutput } from '../../../src/shared/ipc/contract';
import { storeWithLoginsFromEarlierSimulators } from '../../support/stale-login';

/**
 * Logins the app finds kept from an earlier run. A built-in simulator profile always comes up
 * logged in, whatever was kept: its simulator takes only the key made for this launch, and a
 * kept login from another simulator (another data folder, a reset) is not even tried. A real
 * service's kept login is tried, and when the service refuses it the session says why.
 */
const dirs: string[] = [];
let core: AppCore | null = null;
let service: SimulatorHandle | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  await service?.stop();
  service = null;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function open(store: SecretStore): Promise<AppCore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-kept-login-'));
  dirs.push(dataDir);
  core = await createAppCore({
    shell: 'web',
    dataDir,
    fetch: (url, init) => fetch(url, init),
    secretStoreFactory: async () => store,
    resourcesDir: path.resolve('resources'),
    simulator: { speed: 20 },
    deviceRefreshMs: 60_000,
  });
  return core;
}

async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const outcome = await dispatchCall(core!.handlers, name, input, { checkOutput: true });
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.value as CallOutput<N>;
}

describe('a login kept from an earlier run', () => {
  it('a built-in simulator profile comes up logged in despite a login from another simulator', async () => {
    const store = await storeWithLoginsFromEarlierSimulators([
      { profile: 'simulator-a', variant: 'A' },
    ]);
    const kept = await store.get('simulator-a:demo');
    await open(store);
    expect(await call('session.get', {})).toMatchObject({
      profileId: 'simulator-a',
      state: 'active',
      user: 'demo',
      message: null,
    });
    // The simulator answers: the login in use is this launch's, not the kept one.
    const { devices } = await call('devices.list', { refresh: true });
    expect(devices.length).toBeGreaterThan(0);
    expect((await call('session.get', {})).state).toBe('active');
    expect(await store.get('simulator-a:demo')).not.toBe(kept);
  });

  it('the embedded simulator refuses the public demo key; activating the profile logs in again', async () => {
    await open(await storeWithLoginsFromEarlierSimulators([]));
    await call('session.logout', {});
    const refused = await dispatchCall(core!.handlers, 'session.login', {
      user: 'demo',
      apiKey: 'demo',
    });
    expect(refused.ok).toBe(false);
    expect(await call('profiles.activate', { id: 'simulator-a' })).toMatchObject({
      state: 'active',
      user: 'demo',
    });
  });

  it('a real service’s kept login that it refuses ends in a session that says why', async () => {
    service = await startSimulator({ variant: 'B', onProblem: () => undefined });
    const store = await storeWithLoginsFromEarlierSimulators([{ profile: 'lab', variant: 'B' }]);
    await open(store);
    await call('profiles.save', { id: 'lab', name: 'Lab', variant: 'B', baseUrl: service.url });
    await call('profiles.activate', { id: 'lab' });
    const failed = await dispatchCall(core!.handlers, 'devices.list', { refresh: true });
    expect(failed.ok).toBe(false);
    const session = await call('session.get', {});
    expect(session).toMatchObject({ profileId: 'lab', state: 'expired' });
    expect(session.message).toMatch(/^The session has ended: .*HTTP 401.*Log in again\.$/);
  });
});
