import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * `qjob cancel ID` against the simulator over HTTP: the built-in simulator profile cancels (it
 * asks first in a terminal, --yes skips the question), a connection that names no cancel
 * endpoint says so and exits 1 without sending anything, and a real profile that names one
 * cancels through it. Jobs go to Altair, in maintenance at start: they wait in its queue.
 */
const BELL = path.join(REPO_ROOT, 'test/fixtures/dialect/b-sampling-bell.yaml');
const HELD = 'qpu.digital.altair';

async function* typed(text: string): AsyncIterable<string> {
  yield text;
}

describe('qjob cancel', () => {
  let sim: SimulatorHandle;
  let configDir: string;
  let env: Record<string, string>;
  let builtin: string[];

  beforeAll(async () => {
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-cancel-'));
    sim = await startSimulator({ variant: 'B', speed: 1, seed: 1, onProblem: () => undefined });
    env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1' };
    builtin = ['--profile', 'simulator-b', '--base-url', sim.url];
  });
  afterAll(async () => {
    await sim.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  async function submitHeld(conn: string[]): Promise<number> {
    const run = await runCli(['submit', BELL, '--device', HELD, '--json', ...conn], { env });
    expect(run.code, run.stderr).toBe(0);
    return Number((JSON.parse(run.stdout) as { id: number }).id);
  }

  async function statusOf(id: number, conn: string[]): Promise<string> {
    const run = await runCli(['job', String(id), '--json', ...conn], { env });
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { status: string }).status;
  }

  it('cancels a waiting job with --yes and waits until it is cancelled', async () => {
    const id = await submitHeld(builtin);
    const run = await runCli(['cancel', String(id), '--yes', ...builtin], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^job ${id} '.*' cancelled\\n$`));
    expect(await statusOf(id, builtin)).toBe('cancelled');

    const again = await runCli(['cancel', String(id), '--yes', ...builtin], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`job ${id}`);
    expect(again.stderr).toContain('has already ended (cancelled): nothing to cancel');
  });

  it('asks first in a terminal: no keeps the job, yes cancels it', async () => {
    const id = await submitHeld(builtin);
    const tty = (text: string) => ({ io: { stdin: Object.assign(typed(text), { isTTY: true }) } });
    const no = await runCli(['cancel', String(id), ...builtin], { env, ...tty('n\n') });
    expect(no.stderr).toMatch(
      new RegExp(`Cancel job ${id} '.*' \\((pending|validating|queued)\\)\\? \\[y/N\\]`),
    );
    expect(no.code).toBe(1);
    expect(no.stderr).toContain(`job ${id} was not cancelled`);
    expect(await statusOf(id, builtin)).toMatch(/^(pending|validating|queued)$/);

    const yes = await runCli(['cancel', String(id), ...builtin], { env, ...tty('y\n') });
    expect(yes.code, yes.stderr).toBe(0);
    expect(await statusOf(id, builtin)).toBe('cancelled');
  });

  it('will not ask without a terminal: --yes is needed (usage, exit 2)', async () => {
    const run = await runCli(['cancel', '1', ...builtin], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('pass --yes to cancel without asking');
  });

  it('says a service that offers no cancel endpoint cannot cancel, and exits 1', async () => {
    // A service with only the documented interface: GET /capabilities is 404 like any path it
    // does not have.
    const bare = http.createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"detail":"Not Found"}');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/v1`;
    const sent: string[] = [];
    const fetch = (target: string | URL | Request, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${String(target)}`);
      return globalThis.fetch(target, init);
    };
    try {
      const conn = ['--base-url', url, '--variant', 'B'];
      const run = await runCli(['cancel', '1', '--yes', ...conn], { env, io: { fetch } });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${url} cannot cancel jobs`);
      expect(run.stderr).toContain('names no cancel endpoint');
      expect(run.stderr).toContain('pass --cancel-path');
      expect(sent).toEqual([`GET ${url}/capabilities`]);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('cancels on a bare --base-url: the simulator says it can (GET /capabilities)', async () => {
    const conn = ['--base-url', sim.url, '--variant', 'B'];
    const login = await runCli(['login', '--user', 'demo', ...conn], {
      env: { ...env, QJOB_API_KEY: 'demo' },
    });
    expect(login.code, login.stderr).toBe(0);
    const id = await submitHeld(conn);
    const run = await runCli(['cancel', String(id), '--yes', ...conn], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^job ${id} .*cancelled$`, 'm'));
    expect(await statusOf(id, conn)).toBe('cancelled');
  });

  it('takes the cancel endpoint as an option, and checks it', async () => {
    const conn = ['--base-url', sim.url, '--variant', 'B'];
    const id = await submitHeld(conn);
    const sent: string[] = [];
    const fetch = (target: string | URL | Request, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${String(target)}`);
      return globalThis.fetch(target, init);
    };
    const bad = await runCli(
      ['cancel', String(id), '--yes', '--cancel-path', '/jobs/cancel', ...conn],
      {
        env,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--cancel-path: .*'\{id\}'.*'\/jobs\/cancel'/);
    const run = await runCli(
      ['cancel', String(id), '--yes', '--cancel-path', '/jobs/{id}/cancel', ...conn],
      { env, io: { fetch } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(sent).toContain(`POST ${sim.url}/jobs/${id}/cancel`);
    expect(sent.some((s) => s.endsWith('/capabilities'))).toBe(false);
  });

  it('cancels through the endpoint a real profile names', async () => {
    fs.writeFileSync(
      path.join(configDir, 'settings.json'),
      JSON.stringify({
        version: 1,
        profiles: [
          {
            id: 'lab',
            name: 'Lab service',
            baseUrl: sim.url,
            variant: 'B',
            paths: { cancel: '/jobs/{id}/cancel' },
          },
        ],
      }),
    );
    const conn = ['--profile', 'lab'];
    const login = await runCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env,
      stdin: 'demo\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const id = await submitHeld(conn);
    const run = await runCli(['cancel', String(id), '--yes', ...conn], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(await statusOf(id, conn)).toBe('cancelled');
  });
});
