import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli, spawnCli } from '../../support/cli-runner';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { jobInfo, wireJobDetail, wireJobList, wireToken } from '../../support/wire-fixtures';

/**
 * `qjob` against a hostile or broken service on loopback: names, logs and errors full of
 * terminal escapes, an answer that never ends, and the device list it keeps between runs.
 */

/** What a hostile service puts in its texts: each would act on a terminal printed raw. */
const ATTACKS = {
  clipboard: '\x1b]52;c;cm0gLXJmIH4=\x07', // OSC 52: writes the clipboard
  title: '\x1b]0;you have been pwned\x07', // OSC 0: the window title
  clear: '\x1b[2J\x1b[H', // CSI 2J: clears the screen
  overwrite: 'all good\rFAILED  ', // CR: writes over the line
  bell: '\x07',
  c1: '\x9b2J\x9d0;t\x9c', // C1 controls: CSI and OSC in one byte
  colour: '\x1b[31mred\x1b[0m',
};
const HOSTILE = Object.values(ATTACKS).join(' ');
/** Any control character but line feed and tab. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

let server: FaultyServer;
let configDir: string;
let env: Record<string, string>;
let conn: string[];

beforeAll(() => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-hostile-'));
});
afterAll(() => fs.rmSync(configDir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken()));
  env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1', QJOB_USER: 'demo', QJOB_API_KEY: 'k' };
  conn = ['--base-url', server.url, '--variant', 'B'];
  expect((await runCli(['login', ...conn], { env })).code).toBe(0);
});
afterEach(async () => {
  await server.close();
});

const device = (id: number, code: string, name = 'Device') => ({
  id,
  code,
  nqubits: 2,
  name,
  description: 'd',
  type: 'simulator',
  status: 'online',
});

describe('terminal escapes from the service', () => {
  beforeEach(() => {
    server.route('GET', '/devices', json({ items: [device(1, 'sim-1', `Evil ${HOSTILE}`)] }));
    server.route(
      'GET',
      '/jobs',
      json(wireJobList('B', [jobInfo(1, 'error', { name: `job ${HOSTILE}` })])),
    );
    server.route(
      'GET',
      '/jobs/1',
      json(
        wireJobDetail('B', {
          ...jobInfo(1, 'error', { name: `job ${HOSTILE}` }),
          jobType: 'digital',
          logs: `first line\n${HOSTILE}\nlast line\n`,
          error: `failed: ${HOSTILE}`,
          error_logs: `trace ${HOSTILE}`,
        }),
      ),
    );
  });

  it.each([
    ['devices', ['devices']],
    ['jobs', ['jobs']],
    ['job (its error)', ['job', '1']],
    ['job --logs --errors', ['job', '1', '--logs', '--errors']],
  ])('%s: every control character is printed escaped', async (_name, argv) => {
    const run = await runCli([...argv, ...conn], { env, io: { isTTY: true } });
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout + run.stderr;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toMatch(/\\x1b\]52;c;|\\x1b\]0;/);
  });

  it('the log view keeps colours on a terminal only when asked, and nothing else', async () => {
    const asked = await runCli(['job', '1', '--logs', '--color', ...conn], {
      env,
      io: { isTTY: true },
    });
    expect(asked.stdout).toContain('\x1b[31mred\x1b[0m');
    // eslint-disable-next-line no-control-regex -- colour sequences, left out to check the rest
    expect(asked.stdout.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(RAW_CONTROL);
    expect(asked.stdout).toContain('\\x1b]52;c;cm0gLXJmIH4=\\x07');
    expect(asked.stdout).toContain('all good\\rFAILED');
    // Piped, or not asked: colour codes are left out of the log, other escapes shown.
    const piped = await runCli(['job', '1', '--logs', '--color', ...conn], {
      env,
      io: { isTTY: false },
    });
    expect(piped.stdout).not.toMatch(RAW_CONTROL);
    expect(piped.stdout).toMatch(/\\x9c red\n/);
  });
});

describe('the device list, kept between runs', () => {
  it('is fetched once, and again only when a job names a device it does not know', async () => {
    server.route('GET', '/devices', json({ items: [device(1, 'sim-1'), device(2, 'qpu-2')] }));
    server.route(
      'GET',
      '/jobs',
      json(wireJobList('B', [jobInfo(1, 'completed'), jobInfo(2, 'queued', { device_id: 2 })])),
    );
    const first = await runCli(['jobs', ...conn], { env });
    expect(first.stdout).toMatch(/^1\s+job 1\s+completed\s+sim-1\s/m);
    expect(first.stdout).toMatch(/^2\s+job 2\s+queued\s+qpu-2\s/m);
    const second = await runCli(['jobs', ...conn], { env });
    expect(second.stdout).toBe(first.stdout);
    expect(server.count('GET', '/devices')).toBe(1);

    server.route('GET', '/jobs', json(wireJobList('B', [jobInfo(3, 'queued', { device_id: 9 })])));
    const unknown = await runCli(['jobs', ...conn], { env });
    expect(unknown.stdout).toMatch(/^3\s+job 3\s+queued\s+#9\s/m);
    expect(server.count('GET', '/devices')).toBe(2);
  });
});

describe('an answer that never ends', () => {
  it('qjob devices stops at the limit and exits 4 with one clear line (child)', async () => {
    server.route('GET', '/devices', {
      kind: 'stream',
      head: '{"items": [',
      chunk: `${JSON.stringify(device(1, 'x'.repeat(100)))},`,
      repeat: 'endless',
    });
    const run = await spawnCli(['devices', ...conn], { env, timeoutMs: 30_000 });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^qjob devices: Listing devices failed: the answer is larger than 8 MB, the most this app reads for a device list; it stopped reading there\./,
    );
  }, 40_000);
});

describe('a submission answered 200 with something that is no job handle (issue 28)', () => {
  const control = path.join(REPO_ROOT, 'test/fixtures/hostile/documents/control.yaml');

  it.each([
    ['cut-off JSON', { kind: 'text', status: 200, text: '{"id": 7' }],
    ['JSON without a job id', json({ job: 'seven' })],
  ] as const)(
    '%s: qjob submit says the job may exist and how to check, and sends once',
    async (_name, answer) => {
      server.route('GET', '/devices', json({ items: [device(1, 'sim-1')] }));
      server.route('POST', '/execute', answer);
      const run = await runCli(['submit', control, '--device', 'sim-1', ...conn], { env });
      expect(run.code, run.stderr).toBe(4);
      expect(run.stderr).toContain(
        'The service accepted the request (HTTP 200), so the job may exist.',
      );
      expect(run.stderr).toContain('Check the job list (qjob jobs) before submitting again.');
      expect(server.count('POST', '/execute')).toBe(1);
    },
  );
});
