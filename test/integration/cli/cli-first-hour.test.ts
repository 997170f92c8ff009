import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { VariantId } from '../../../src/shared/variants';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * What a researcher and a support engineer hit in their first hour with `qjob` (issue "The
 * first hour"), against the simulator over HTTP: the wrong variant, a failed job's error, the
 * order of the login's checks, bad input, device codes, a wait that times out on a queued job,
 * a device that is not online.
 */

const PAYLOADS = path.join(REPO_ROOT, 'test/integration/cli/payloads');
const DIALECT = path.join(REPO_ROOT, 'test/fixtures/dialect');
const GOOD: Record<VariantId, string> = {
  A: path.join(DIALECT, 'a-digital-bell.yaml'),
  B: path.join(DIALECT, 'b-sampling-bell.yaml'),
};

const sims = {} as Record<VariantId, SimulatorHandle>;
const temp: string[] = [];
let env: Record<string, string>;

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-first-hour-${name}-`));
  temp.push(dir);
  return dir;
}

const conn = (variant: VariantId, as: VariantId = variant) => [
  '--base-url',
  sims[variant].url,
  '--variant',
  as,
];

beforeAll(async () => {
  for (const variant of ['A', 'B'] as const) {
    sims[variant] = await startSimulator({
      variant,
      speed: 50,
      seed: 1,
      dataDir: tempDir(`sim-${variant}`),
      onProblem: () => undefined,
    });
  }
  env = {
    QJOB_CONFIG_DIR: tempDir('config'),
    QJOB_NO_KEYCHAIN: '1',
    QJOB_USER: 'demo',
    QJOB_API_KEY: 'demo',
  };
  for (const variant of ['A', 'B'] as const) {
    expect((await runCli(['login', ...conn(variant)], { env })).code).toBe(0);
  }
});
afterAll(async () => {
  for (const sim of Object.values(sims)) await sim.stop();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

async function submit(variant: VariantId, file: string, extra: string[] = []): Promise<number> {
  const run = await runCli(
    ['submit', file, '--device', 'sim.statevector', '--json', ...extra, ...conn(variant)],
    { env },
  );
  expect(run.code, run.stderr).toBeLessThanOrEqual(1);
  return (JSON.parse(run.stdout) as { id: number }).id;
}

describe('the wrong variant', () => {
  it('--variant A against a Variant B service: login says so and exits 2, the login kept', async () => {
    await submit('B', GOOD.B, ['--wait']);
    const login = await runCli(['login', ...conn('B', 'A')], { env });
    expect(login.code, login.stderr).toBe(2);
    expect(login.stdout).toMatch(/^Logged in to .* as demo;/);
    expect(login.stderr).toMatch(
      new RegExp(
        `\\nqjob login: The service at ${sims.B.url.replace(/\./g, '\\.')} seems to speak Variant B \\(job \\d+ carries jobType, which only Variant B records have\\); this connection is set to Variant A\\. Run it again with --variant B\\.\\n$`,
      ),
    );
    // A job's record tells it too: no more kilobytes of undecodable base64 with exit 0.
    const job = await runCli(['job', '1', '--result', ...conn('B', 'A')], { env });
    expect(job.code).toBe(2);
    expect(job.stdout).toBe('');
    expect(job.stderr).toMatch(/seems to speak Variant B .* Run it again with --variant B\.\n$/);
    // The login itself was right: switching needs no new login.
    expect((await runCli(['job', '1', ...conn('B')], { env })).code).toBe(0);
  });

  it('--variant B against a Variant A service: the job says so (exit 2)', async () => {
    const id = await submit('A', GOOD.A);
    // Variant A's list carries status as B's does (the real service sends it; qilisdk 0.2.x
    // requires it): it reads in both variants, and a job's record is what tells.
    expect((await runCli(['jobs', ...conn('A', 'B')], { env })).code).toBe(0);
    const job = await runCli(['job', String(id), '--result', ...conn('A', 'B')], { env });
    expect(job.code).toBe(2);
    expect(job.stderr).toMatch(
      /seems to speak Variant A \(.*\); this connection is set to Variant B\. Run it again with --variant A\./,
    );
  });
});

describe('a support engineer looks at a failed job', () => {
  it('qjob job ID shows the error and where the error logs and logs are, with no flags', async () => {
    const id = await submit('B', path.join(PAYLOADS, 'b-cnot-error.yaml'), [
      '--no-check',
      '--wait',
    ]);
    const run = await runCli(['job', String(id), ...conn('B')], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/status\s+error/);
    expect(run.stdout).toMatch(/device\s+sim\.statevector \(id \d+\)/);
    // Sent as written (it could not be compiled): the simulator, reading what the service
    // reads, refuses the friendly form, and adds what fails in it, which is what to fix.
    expect(run.stdout).toMatch(
      /--- error ---\n {4}\S.*the service reads the SDK's form; read as the friendly dialect it fails too: gate !CNOT at .*control equals target\n/,
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `\\nIts error logs \\(\\d+ lines\\) are shown with --errors; its logs with --logs \\(qjob job ${id} --errors --logs\\)\\.\\n$`,
      ),
    );
    // A job that did not fail shows no error part.
    const ok = await runCli(['job', '1', ...conn('B')], { env });
    expect(ok.stdout).not.toMatch(/--- error ---|error logs/i);
  });
});

describe('bad input is one line, with the right exit code', () => {
  it('an unknown device exits 1 before anything is submitted, naming the devices there are', async () => {
    const before = (
      JSON.parse((await runCli(['jobs', '--json', ...conn('B')], { env })).stdout) as unknown[]
    ).length;
    const run = await runCli(['submit', GOOD.B, '--device', 'no.such.device', ...conn('B')], {
      env,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^qjob submit: There is no device 'no\\.such\\.device' at ${sims.B.url.replace(/\./g, '\\.')}; nothing was submitted\\. Devices: sim\\.statevector, .* \\(see qjob devices\\)\\.\\n$`,
      ),
    );
    const after = (
      JSON.parse((await runCli(['jobs', '--json', ...conn('B')], { env })).stdout) as unknown[]
    ).length;
    expect(after).toBe(before);
  });

  it('a missing file, a missing --device or --variant: one line, not the whole help', async () => {
    const file = await runCli(['submit', 'no-such.yaml', '--device', 'x', ...conn('B')], { env });
    expect(file).toEqual({
      code: 2,
      stdout: '',
      stderr: 'qjob submit: cannot read no-such.yaml: no such file\n',
    });
    const device = await runCli(['submit', GOOD.B, ...conn('B')], { env });
    expect(device).toEqual({
      code: 2,
      stdout: '',
      stderr: `qjob submit: missing --device CODE (${GOOD.B} names none in a "# device:" comment) (see qjob submit --help)\n`,
    });
    // A template names its device, as the app preselects it: the CLI takes it and says so.
    const rabi = 'resources/templates/b/rabi.yaml';
    const named = await runCli(['submit', rabi, '--dry-run', ...conn('B')], { env });
    expect(named.code).toBe(0);
    expect(named.stderr).toBe(
      `${rabi}: to qpu.analog.vega, the device its "# device:" comment names (--device CODE for another)\n`,
    );
    expect(JSON.parse(named.stdout)).toMatchObject({ device_code: 'qpu.analog.vega' });
    const variant = await runCli(['jobs', '--base-url', sims.B.url], { env });
    expect(variant).toEqual({
      code: 2,
      stdout: '',
      stderr: 'qjob jobs: --base-url needs --variant A|B (see qjob jobs --help)\n',
    });
  });
});

describe('devices and waiting', () => {
  // A simulator of its own at real speed for the device that is away: at the file's speed (50)
  // seed 1's qpu.digital.altair, in maintenance for its first 504 simulated seconds, is online
  // again 10 s after the start, so the test found it online, or its job already running,
  // depending on how long the tests before it took (2 runs in 4 failed on a busy machine).
  let awaySim: SimulatorHandle;
  beforeAll(async () => {
    awaySim = await startSimulator({
      variant: 'A',
      speed: 1,
      seed: 1,
      dataDir: tempDir('sim-away'),
      validationDelaySeconds: 0,
      onProblem: () => undefined,
    });
    const login = await runCli(['login', '--base-url', awaySim.url, '--variant', 'A'], { env });
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(() => awaySim.stop());
  const awayConn = () => ['--base-url', awaySim.url, '--variant', 'A'];

  it('qjob jobs shows device codes', async () => {
    const run = await runCli(['jobs', ...conn('A')], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d+\s+\S+\s+\S+\s+sim\.statevector\s+\d{4}-/m);
    expect(run.stdout).not.toMatch(/^\d+\s+\S+\s+\S+\s+\d+\s+\d{4}-/m);
  });

  it('submitting to a device that is not online says so first; a wait on the queued job says queued', async () => {
    const devices = JSON.parse(
      (await runCli(['devices', '--json', ...awayConn()], { env })).stdout,
    ) as {
      code: string;
      type: string;
      status: string;
    }[];
    // Seed 1 starts a processor in an outage.
    const away = devices.find((d) => d.status !== 'online' && d.type.startsWith('qpu.'))!;
    expect(away).toBeDefined();
    const rabi = path.join(DIALECT, 'a-experiment-rabi.yaml');
    const run = await runCli(['submit', rabi, '--device', away.code, '--json', ...awayConn()], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    const state = away.status === 'maintenance' ? 'under maintenance' : 'offline';
    expect(run.stderr.split('\n')[0]).toBe(
      `warning: ${away.code} is ${state}: the job is submitted and waits in its queue until the device is back online.`,
    );
    const id = (JSON.parse(run.stdout) as { id: number }).id;
    // At real speed the job is validated first (on a thread that may still be loading): the
    // timed wait starts once it is queued, as the person's would on a busy service.
    const status = async () =>
      (
        JSON.parse(
          (await runCli(['job', String(id), '--json', ...awayConn()], { env })).stdout,
        ) as {
          status: string;
        }
      ).status;
    // Up to 30 s, however slow the engine's thread is to start (the device stays away 504 s).
    let now = await status();
    for (let tries = 0; (now === 'pending' || now === 'validating') && tries < 300; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await status();
    }
    expect(now).toBe('queued');
    const wait = await runCli(
      ['wait', String(id), '--timeout', '0.5', '--interval', '0.1', ...awayConn()],
      {
        env,
      },
    );
    expect(wait.code).toBe(1);
    expect(wait.stderr).toMatch(
      new RegExp(
        `Job ${id} did not finish within 0\\.5 s\\. It is still queued: it has not started running yet; only the waiting stopped`,
      ),
    );
    expect(wait.stderr).not.toMatch(/running;/);
  });
});

describe('the login checks the credentials first', () => {
  // Without any keychain: test/integration/keychain (a wrong key is said to be wrong first).
  it('with --no-keychain, the warning about the file comes only once a login was kept there', async () => {
    const plain = { QJOB_CONFIG_DIR: tempDir('plain'), QJOB_USER: 'demo' };
    const wrong = await runCli(['login', '--no-keychain', ...conn('B')], {
      env: { ...plain, QJOB_API_KEY: 'wrong' },
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).not.toMatch(/warning/);
    expect(fs.existsSync(path.join(plain.QJOB_CONFIG_DIR, 'credentials.json'))).toBe(false);
    const right = await runCli(['login', '--no-keychain', ...conn('B')], {
      env: { ...plain, QJOB_API_KEY: 'demo' },
    });
    expect(right.code).toBe(0);
    expect(right.stderr).toBe(
      `warning: the login is kept without the OS keychain in ${path.join(plain.QJOB_CONFIG_DIR, 'credentials.json')}: anyone who can read that file can use it\n`,
    );
  });
});
