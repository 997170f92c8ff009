import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src/core/auth/keytar-secret-store';
import { SECRET_SERVICE_NAME } from '../../../src/core/auth/secret-store';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { REPO_ROOT, runProcess, spawnCli } from '../../support/cli-runner';

/**
 * keytar against a real Secret Service (gnome-keyring in a D-Bus session; see DEVELOPERS.md,
 * "Keychain in tests"). Without a session bus these tests are skipped with a notice; the
 * project's `npm test` always provides one.
 */
// Under `npm test` (QJOB_TEST_SESSION) a keyring is always provided, so never skip there: a
// broken keyring setup in CI must fail, not pass quietly.
const HAS_BUS =
  Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.env.QJOB_TEST_SESSION === '1';
if (!HAS_BUS) {
  console.warn(
    'keychain tests skipped: no D-Bus session (run them as DEVELOPERS.md "Keychain in tests" shows)',
  );
}

const CHILD = path.join(REPO_ROOT, 'test/integration/keychain/keychain-child.ts');

function runChild(args: string[]) {
  return runProcess(process.execPath, ['--import', 'tsx', CHILD, ...args]);
}

describe.skipIf(!HAS_BUS)('KeytarSecretStore with a real Secret Service', () => {
  const account = `qjob-test-${process.pid}-${Date.now()}`;
  let store: KeytarSecretStore;

  beforeAll(async () => {
    store = await KeytarSecretStore.open();
  });
  afterAll(async () => {
    await store.delete(account).catch(() => false);
  });

  it('stores a secret that a new process reads, and a delete from there removes it here', async () => {
    const secret = JSON.stringify({
      accessToken: 'kt-access',
      refreshToken: 'kt-refresh',
      nonce: Math.random(),
    });
    await store.set(account, secret);
    expect(await store.get(account)).toBe(secret);

    const read = await runChild(['get', account]);
    expect(read.stderr).toBe('');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({ result: secret });

    const deleted = await runChild(['delete', account]);
    expect(JSON.parse(deleted.stdout)).toEqual({ result: true });
    expect(await store.get(account)).toBeNull();
  });
});

describe.skipIf(!HAS_BUS)('qjob login, whoami and logout through the OS keychain', () => {
  let sim: SimulatorHandle;
  let configDir: string;
  let env: Record<string, string | undefined>;
  let conn: string[];

  beforeAll(async () => {
    sim = await startSimulator({ variant: 'B', seed: 3, onProblem: () => undefined });
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-keychain-'));
    env = {
      QJOB_CONFIG_DIR: configDir,
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
    };
    conn = ['--base-url', sim.url, '--variant', 'B'];
  });
  afterAll(async () => {
    await spawnCli(['logout', ...conn], { env });
    await sim.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('keeps the login in the keychain across processes and deletes it on logout', async () => {
    const login = await spawnCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env,
      stdin: 'demo\n',
    });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/kept in the OS keychain/);
    // Nothing on disk: the config folder holds no credentials file.
    expect(fs.existsSync(path.join(configDir, 'credentials.json'))).toBe(false);

    const keytar = await KeytarSecretStore.open();
    const profileKey = `url:${sim.url}`;
    const stored = await keytar.get(`${profileKey}:demo`);
    expect(stored).not.toBeNull();
    const token = (JSON.parse(stored!) as { accessToken: string }).accessToken;

    const who = await spawnCli(['whoami', ...conn], { env });
    expect(who.code).toBe(0);
    expect(who.stdout).toMatch(/user\s+demo/);
    expect(who.stdout).toMatch(/kept in\s+keychain\n/);
    expect(who.stdout + who.stderr).not.toContain(token);

    const devices = await spawnCli(['devices', '--json', ...conn], { env });
    expect(devices.code).toBe(0);

    const logout = await spawnCli(['logout', ...conn], { env });
    expect(logout.code).toBe(0);
    expect(await keytar.get(`${profileKey}:demo`)).toBeNull();
    expect(await keytar.get(profileKey)).toBeNull();
    expect((await spawnCli(['whoami', ...conn], { env })).code).toBe(3);
  });
});

describe('qjob without a keychain', () => {
  it('checks the key first, then says the login could not be kept and points at --no-keychain (exit 3)', async () => {
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-nokeychain-'));
    const sim = await startSimulator({ variant: 'B', seed: 1, onProblem: () => undefined });
    try {
      // No session bus and no display: the Secret Service cannot be reached.
      const env = {
        QJOB_CONFIG_DIR: configDir,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
        DISPLAY: undefined,
      };
      const argv = ['login', '--user', 'demo', '--base-url', sim.url, '--variant', 'B'];
      const wrong = await spawnCli(argv, { env: { ...env, QJOB_API_KEY: 'wrong' } });
      expect(wrong.code).toBe(3);
      expect(wrong.stderr).toMatch(/invalid user name or API key/);
      expect(wrong.stderr).not.toMatch(/keychain/i);
      const run = await spawnCli(argv, { env: { ...env, QJOB_API_KEY: 'demo' } });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(
        /The service accepted the login, but nothing of it could be kept and you are not logged in: The OS keychain is not available \(.+\)/,
      );
      expect(run.stderr).toMatch(/--no-keychain/);
    } finally {
      await sim.stop();
      fs.rmSync(configDir, { recursive: true, force: true });
    }
  });
});

export { SECRET_SERVICE_NAME };
