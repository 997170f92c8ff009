import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../../src/shared/variants';
import { runCli } from '../../support/cli-runner';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { jobInfo, wireJobDetail, wireJobList, wireToken } from '../../support/wire-fixtures';

/**
 * How `qjob wait` and `qjob cancel` read the status a job ends in, against a service on
 * loopback that plays the job's life as the test says: a job the service ends in `timeout`
 * (which the simulator only reaches after its run-time limit), and a cancel the service accepts
 * but carries out only some looks later, or never (the job ends otherwise first). The
 * simulator cancels a waiting job at once, so it cannot show whether `qjob cancel` waits.
 */

const ID = 7;

let server: FaultyServer;
let configDir: string;
let env: Record<string, string>;
/** The statuses the job is seen in, one per look (list or lookup); the last one stays. */
let script: JobStatus[];
let looks: number;
/** How many looks had been made when the cancel arrived (null: no cancel yet). */
let cancelledAtLook: number | null;

function nextStatus(): JobStatus {
  const status = script[Math.min(looks, script.length - 1)]!;
  looks++;
  return status;
}

function record(status: JobStatus) {
  const done = ['completed', 'error', 'cancelled', 'timeout'].includes(status);
  return jobInfo(ID, status, {
    name: 'long run',
    completed_at: done ? '2026-11-22T11:30:00Z' : null,
  });
}

beforeAll(() => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-outcomes-'));
});
afterAll(() => fs.rmSync(configDir, { recursive: true, force: true }));

beforeEach(async () => {
  looks = 0;
  cancelledAtLook = null;
  script = ['running'];
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken()));
  server.route('GET', '/devices', json({ items: [] }));
  server.route('GET', '/jobs', () => json(wireJobList('B', [record(nextStatus())])));
  server.route('GET', `/jobs/${ID}`, () =>
    json(
      wireJobDetail('B', {
        ...record(nextStatus()),
        jobType: 'digital',
        logs: 'step 1\n',
        error: null,
        error_logs: null,
      }),
    ),
  );
  server.route('POST', `/jobs/${ID}/cancel`, () => {
    cancelledAtLook = looks;
    return json({ id: ID });
  });
  // A profile of its own: the cancel endpoint, and looks every 250 ms (the least allowed).
  fs.writeFileSync(
    path.join(configDir, 'settings.json'),
    JSON.stringify({
      version: 1,
      profiles: [
        {
          id: 'lab',
          name: 'Lab service',
          baseUrl: server.url,
          variant: 'B',
          paths: { cancel: '/jobs/{id}/cancel' },
          pollIntervalMs: 250,
        },
      ],
    }),
  );
  env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1', QJOB_USER: 'demo', QJOB_API_KEY: 'k' };
  expect((await runCli(['login', '--profile', 'lab'], { env })).code).toBe(0);
  // The login looks at the job list too (which variant the service speaks): the job's life
  // starts after it.
  looks = 0;
});
afterEach(() => server.close());

describe('qjob wait: the exit code follows the status the service ends the job in', () => {
  it.each([
    ['completed', 0],
    ['timeout', 1],
    ['error', 1],
    ['cancelled', 1],
  ] as const)('ended %s: exit %i', async (end, code) => {
    script = ['running', 'running', end];
    const run = await runCli(['wait', String(ID), '--profile', 'lab'], { env });
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).toContain(`job ${ID}: running -> ${end}`);
    if (code === 1) expect(run.stderr).toContain(`job ${ID} ended: ${end}\n`);
    else expect(run.stderr).not.toContain('ended:');
  });

  it('with --json, prints the record and still exits 1 on timeout', async () => {
    script = ['running', 'timeout'];
    const run = await runCli(['wait', String(ID), '--json', '--profile', 'lab'], { env });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: ID, status: 'timeout' });
  });
});

describe('qjob cancel waits until the service reports the job cancelled', () => {
  it('a cancel carried out some looks later: it keeps looking, and says cancelled only then', async () => {
    // One look before the question (running), then two more while the cancel takes effect.
    script = ['running', 'running', 'running', 'cancelled'];
    const run = await runCli(['cancel', String(ID), '--yes', '--profile', 'lab'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(cancelledAtLook).toBe(1);
    expect(looks).toBeGreaterThanOrEqual(4);
    expect(run.stderr).toContain(
      `job ${ID}: cancel requested; waiting for the service to report it`,
    );
    expect(run.stderr).toContain(`job ${ID}: running -> cancelled`);
    expect(run.stdout).toBe(`job ${ID} 'long run' cancelled\n`);
  });

  it.each(['completed', 'error', 'timeout'] as const)(
    'a job that ends %s before the cancel takes effect: exit 1, said so',
    async (end) => {
      script = ['running', 'running', end];
      const run = await runCli(['cancel', String(ID), '--yes', '--profile', 'lab'], { env });
      expect(run.code).toBe(1);
      expect(cancelledAtLook).toBe(1);
      expect(run.stderr).toContain(`job ${ID} ended ${end} before it could be cancelled`);
      expect(run.stdout).not.toContain('cancelled\n');
    },
  );

  it('a cancel never carried out: it stops waiting at --timeout and exits 1', async () => {
    script = ['running'];
    const run = await runCli(
      ['cancel', String(ID), '--yes', '--timeout', '1', '--profile', 'lab'],
      { env },
    );
    expect(run.code).toBe(1);
    expect(cancelledAtLook).toBe(1);
    expect(run.stderr).toContain('The cancel was accepted; look again with: qjob job 7');
    expect(run.stdout).toBe('');
  });
});
