import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { jobInfo, wireJobList, wireToken } from '../../support/wire-fixtures';

/**
 * `qjob jobs` against a service that lists 150,000 jobs (issue 28): the table's column widths
 * were a Math.max over every row spread as arguments, which overflows the stack past about
 * 120,000 ("Maximum call stack size exceeded"). The whole table is printed.
 */
const JOBS = 150_000;

let server: FaultyServer;
let configDir: string;
let env: Record<string, string>;
let conn: string[];

beforeAll(async () => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-many-jobs-'));
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken()));
  server.route(
    'GET',
    '/devices',
    json({
      items: [
        {
          id: 1,
          code: 'sim-1',
          nqubits: 2,
          name: 'Device',
          description: 'd',
          type: 'simulator',
          status: 'online',
        },
      ],
    }),
  );
  const list = wireJobList(
    'B',
    Array.from({ length: JOBS }, (_, i) => jobInfo(JOBS - i, 'completed')),
  );
  server.route('GET', '/jobs', json(list));
  env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1', QJOB_USER: 'demo', QJOB_API_KEY: 'k' };
  conn = ['--base-url', server.url, '--variant', 'B'];
  expect((await runCli(['login', ...conn], { env })).code).toBe(0);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe('qjob jobs with a very long job list', () => {
  it('prints all 150,000 jobs as one aligned table', async () => {
    const run = await runCli(['jobs', ...conn], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(JOBS + 1);
    expect(lines[0]).toMatch(/^ID {6}NAME {8}STATUS {5}DEVICE/);
    expect(lines[1]).toMatch(/^150000 {2}job 150000 {2}completed {2}sim-1/);
    expect(lines.at(-1)).toMatch(/^1 {7}job 1 {7}completed {2}sim-1/);
  }, 120_000);
});
