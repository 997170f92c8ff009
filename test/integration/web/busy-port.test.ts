import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../support/cli-runner';

/**
 * `qjob web --port <busy>` said "port in use" and then stayed alive (issue 28): the app core,
 * its embedded simulator and their timers were started before the port was found taken, and
 * never stopped. It and `qjob simulator` must exit 1 at once, with the port named. The CLI runs
 * as a child process from `bin/qjob.js`, so a process that does not end is seen as one.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-busy-port-'));
let holder: Server;
let port: number;

beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ QJOB_CONFIG_DIR: path.join(dir, 'config'), QJOB_NO_KEYCHAIN: '1' });

describe('a port that is taken', () => {
  it('qjob web exits 1 and names the port', async () => {
    const run = await spawnCli(
      ['web', '--port', String(port), '--no-open', '--data', path.join(dir, 'web')],
      { env: env(), timeoutMs: 30_000 },
    );
    expect(run.stderr).toBe(
      `qjob web: port ${port} is in use; choose another with --port, or --port 0 for a free one\n`,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
  });

  it('qjob simulator exits 1 and names the port', async () => {
    const run = await spawnCli(
      ['simulator', '--port', String(port), '--data', path.join(dir, 'simulator')],
      { env: env(), timeoutMs: 30_000 },
    );
    expect(run.stderr).toContain(`qjob simulator: could not start:`);
    expect(run.stderr).toContain(`127.0.0.1:${port}`);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
  });
});
