import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { jobInfo, wireJobDetail, wireToken } from '../../support/wire-fixtures';

/**
 * `qjob login` and `qjob wait` against a service whose tokens last no time, or longer than any
 * date (issue 28): `expiresIn: 0` made `qjob wait` renew its login hundreds of times a second,
 * and `expiresIn: 1e15` left a login that no later command could read ("Invalid time value").
 * Both are now a failed login that says why, and nothing is kept.
 */
let server: FaultyServer;
let configDir: string;
let env: Record<string, string>;
let conn: string[];

beforeEach(async () => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-token-lifetimes-'));
  server = await startFaultyServer();
  server.route('GET', '/jobs/7', json(wireJobDetail('B', jobInfo(7, 'running'))));
  env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1', QJOB_USER: 'demo', QJOB_API_KEY: 'k' };
  conn = ['--base-url', server.url, '--variant', 'B'];
});
afterEach(async () => {
  await server.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

const refreshes = () => server.count('POST', '/authorisation-tokens/refresh');

describe('tokens whose lifetime cannot be used', () => {
  it('expiresIn 0: the login fails with the reason, and qjob wait renews nothing', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ expiresIn: 0 })));
    server.route('POST', '/authorisation-tokens/refresh', json(wireToken({ expiresIn: 0 })));
    const login = await runCli(['login', ...conn], { env });
    expect(login.stderr).toContain('the token expires at once (0 seconds)');
    expect(login.code).not.toBe(0);
    const wait = await runCli(['wait', '7', '--timeout', '3', ...conn], {
      env: { ...env, QJOB_USER: '', QJOB_API_KEY: '' },
    });
    expect(wait.code).not.toBe(0);
    expect(refreshes()).toBe(0);
  });

  it('expiresIn 1e15: the login fails with the reason, and no unreadable login is kept', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ expiresIn: 1e15 })));
    const login = await runCli(['login', ...conn], { env });
    expect(login.stderr).toContain('seconds is no expiry date');
    expect(login.code).not.toBe(0);
    const whoami = await runCli(['whoami', ...conn], { env });
    expect(`${whoami.stdout}${whoami.stderr}`).not.toContain('Invalid time value');
    expect(whoami.stderr).toMatch(/not logged in/i);
  });
});
