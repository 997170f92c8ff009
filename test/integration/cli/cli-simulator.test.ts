import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { VariantId } from '../../../src/shared/variants';
import { REPO_ROOT, runCli, spawnCli } from '../../support/cli-runner';

/**
 * The whole `qjob` command table against the simulator over HTTP, for both variants. Most runs
 * call `main(argv, io)` in-process; the ones marked "child" spawn bin/qjob.js as a person would.
 * The login is kept in a plain file (--no-keychain via QJOB_NO_KEYCHAIN) so these tests need no
 * D-Bus; the keychain path has its own tests in test/integration/keychain.
 */

const PAYLOADS = path.join(REPO_ROOT, 'test/integration/cli/payloads');
const DIALECT = path.join(REPO_ROOT, 'test/fixtures/dialect');

const CASES: {
  variant: VariantId;
  good: string;
  failing: string;
  invalid: string;
  executeLabel: string;
}[] = [
  {
    variant: 'A',
    good: path.join(DIALECT, 'a-digital-bell.yaml'),
    failing: path.join(PAYLOADS, 'a-cnot-error.yaml'),
    invalid: path.join(PAYLOADS, 'a-missing-readout.yaml'),
    executeLabel: 'Digital propagation',
  },
  {
    variant: 'B',
    good: path.join(DIALECT, 'b-sampling-bell.yaml'),
    failing: path.join(PAYLOADS, 'b-cnot-error.yaml'),
    invalid: path.join(PAYLOADS, 'b-two-payloads.yaml'),
    executeLabel: 'Sampling',
  },
];

describe.each(CASES)(
  'qjob against the Variant $variant simulator',
  ({ variant, good, failing, invalid, executeLabel }) => {
    let sim: SimulatorHandle;
    let configDir: string;
    let dataDir: string;
    let env: Record<string, string>;
    let conn: string[];
    const submitted: number[] = [];

    beforeAll(async () => {
      configDir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-cli-${variant}-`));
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-sim-${variant}-`));
      sim = await startSimulator({
        variant,
        speed: 50,
        seed: 1,
        dataDir,
        onProblem: () => undefined,
      });
      env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1' };
      conn = ['--base-url', sim.url, '--variant', variant];
    });
    afterAll(async () => {
      await sim.stop();
      fs.rmSync(configDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    describe('before login', () => {
      it('a command that needs a login exits 3 and says what to run', async () => {
        const run = await runCli(['devices', ...conn], { env });
        expect(run.code, run.stdout + run.stderr).toBe(3);
        expect(run.stderr).toContain(`Not logged in to ${sim.url}`);
        expect(run.stderr).toContain(`qjob login --base-url ${sim.url} --variant ${variant}`);
      });

      it('login without an API key is a usage error (2)', async () => {
        const run = await runCli(['login', '--user', 'demo', ...conn], { env });
        expect(run.code, run.stdout + run.stderr).toBe(2);
        expect(run.stderr).toMatch(/no API key: pass --api-key-stdin/);
      });

      it('login with a wrong key exits 3 with the service message', async () => {
        const run = await runCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
          env,
          stdin: 'nope\n',
        });
        expect(run.code, run.stdout + run.stderr).toBe(3);
        expect(run.stderr).toMatch(/Logging in failed: HTTP 401: .*invalid user name or API key/);
      });

      it('whoami exits 3 when nobody is logged in', async () => {
        expect((await runCli(['whoami', ...conn], { env })).code).toBe(3);
      });
    });

    describe('logged in', () => {
      beforeAll(async () => {
        // child: the key through stdin, as a script would pipe it.
        const run = await spawnCli(['login', '--api-key-stdin', ...conn], {
          env: { ...env, QJOB_USER: 'demo' },
          stdin: 'demo\n',
        });
        expect(run.stderr).not.toMatch(/qjob login:/);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.stdout).toMatch(
          /^Logged in to .* as demo; the login is kept in a plain file until \d{4}-/,
        );
        expect(run.stderr).toMatch(/without the OS keychain/);
      });

      it('whoami prints the user and expiry, never a token', async () => {
        const human = await runCli(['whoami', ...conn], { env });
        expect(human.code, human.stdout + human.stderr).toBe(0);
        expect(human.stdout).toMatch(/user\s+demo/);
        expect(human.stdout).toMatch(/expires\s+\d{4}-\d\d-\d\dT.*Z \(in \d+ min\)/);
        const json = await runCli(['whoami', '--json', ...conn], { env });
        const who = JSON.parse(json.stdout) as Record<string, unknown>;
        expect(who).toMatchObject({
          user: 'demo',
          base_url: sim.url,
          variant,
          secret_store: { kind: 'plain-file', secure: false },
        });
        const stored = JSON.parse(
          fs.readFileSync(path.join(configDir, 'credentials.json'), 'utf8'),
        ) as {
          secrets: Record<string, string>;
        };
        const token = (
          JSON.parse(Object.values(stored.secrets).find((s) => s.includes('accessToken'))!) as {
            accessToken: string;
          }
        ).accessToken;
        expect(human.stdout + json.stdout + human.stderr + json.stderr).not.toContain(token);
      });

      it('devices: an aligned table, filters, and JSON (child)', async () => {
        const table = await runCli(['devices', ...conn], { env });
        expect(table.code, table.stdout + table.stderr).toBe(0);
        const lines = table.stdout.trimEnd().split('\n');
        expect(lines[0]).toMatch(/^CODE\s+ID\s+NAME\s+TYPE\s+QUBITS\s+STATUS\s+DESCRIPTION$/);
        const statusColumn = lines[0]!.indexOf('STATUS');
        for (const line of lines.slice(1))
          expect(line.slice(statusColumn)).toMatch(/^(online|maintenance|offline)\b/);

        const json = await spawnCli(['devices', '--json', ...conn], { env });
        expect(json.code, json.stdout + json.stderr).toBe(0);
        const devices = JSON.parse(json.stdout) as {
          code: string;
          type: string;
          status: string;
          nqubits: number;
        }[];
        expect(devices.length).toBe(lines.length - 1);
        const sim1 = devices.find((d) => d.type === 'simulator');
        expect(sim1).toBeDefined();

        const simulators = JSON.parse(
          (await runCli(['devices', '--type', 'simulator', '--json', ...conn], { env })).stdout,
        ) as unknown[];
        expect(simulators).toEqual(devices.filter((d) => d.type === 'simulator'));
        const online = JSON.parse(
          (await runCli(['devices', '--status', 'online', '--json', ...conn], { env })).stdout,
        ) as { code: string; status: string }[];
        // Statuses change as simulated outages come and go: check the filter, not a snapshot.
        expect(online.length).toBeGreaterThan(0);
        expect(online.every((d) => d.status === 'online')).toBe(true);
        expect(online.every((d) => devices.some((x) => x.code === d.code))).toBe(true);

        const bad = await runCli(['devices', '--status', 'sleepy', ...conn], { env });
        expect(bad.code, bad.stdout + bad.stderr).toBe(2);
        expect(bad.stderr).toMatch(/--status must be one of online, maintenance, offline/);
      });

      it('validate: valid, invalid with line and column, code tags as warnings, JSON', async () => {
        const ok = await runCli(['validate', good, '--variant', variant], { env });
        expect(ok.code, ok.stdout + ok.stderr).toBe(0);
        expect(ok.stdout).toMatch(new RegExp(`valid \\(Variant ${variant}, `));

        const bad = await runCli(['validate', invalid, '--variant', variant, '--json'], { env });
        expect(bad.code, bad.stdout + bad.stderr).toBe(1);
        const report = JSON.parse(bad.stdout) as {
          valid: boolean;
          errors: { path: string; message: string; line: number; column: number }[];
        };
        expect(report.valid).toBe(false);
        expect(report.errors.length).toBeGreaterThan(0);
        for (const e of report.errors) {
          expect(Object.keys(e).sort()).toEqual(['column', 'line', 'message', 'path']);
          expect(e.line).toBeGreaterThan(1);
        }

        const human = await runCli(['validate', invalid, '--variant', variant], { env });
        expect(human.stdout).toMatch(
          new RegExp(`${path.basename(invalid).replace('.', '\\.')}:\\d+:\\d+: error: `),
        );

        const yamlError = await runCli(
          ['validate', path.join(PAYLOADS, 'broken-yaml.txt'), '--variant', variant],
          { env },
        );
        expect(yamlError.code, yamlError.stdout + yamlError.stderr).toBe(1);
        expect(yamlError.stdout).toMatch(/broken-yaml\.txt:\d+:\d+: error: /);

        const otherVariant = await runCli(
          ['validate', good, '--variant', variant === 'A' ? 'B' : 'A'],
          { env },
        );
        expect(otherVariant.code, otherVariant.stdout + otherVariant.stderr).toBe(1);

        const missing = await runCli(['validate', 'no-such-file.yaml', '--variant', variant], {
          env,
        });
        expect(missing.code, missing.stdout + missing.stderr).toBe(2);
        expect(missing.stderr).toMatch(/cannot read no-such-file\.yaml: no such file/);

        const several = await runCli(['validate', good, invalid, '--variant', variant], { env });
        expect(several.code, several.stdout + several.stderr).toBe(1);
        expect(several.stdout).toMatch(new RegExp(`valid \\(Variant ${variant}, `));
        expect(several.stdout).toMatch(/: not valid \(\d+ error\(s\)\)/);
        expect(several.stdout).toMatch(/1 of 2 files not valid\n$/);

        const severalJson = await runCli(
          ['validate', good, invalid, '--variant', variant, '--json'],
          { env },
        );
        const reports = JSON.parse(severalJson.stdout) as {
          file: string;
          valid: boolean;
          errors: unknown[];
        }[];
        expect(reports.map((r) => [r.file, r.valid])).toEqual([
          [good, true],
          [invalid, false],
        ]);
        expect(reports[1]!.errors.length).toBeGreaterThan(0);

        // One unreadable file among readable ones: nothing is checked, and it says which.
        const oneMissing = await runCli(
          ['validate', good, 'no-such-file.yaml', '--variant', variant],
          { env },
        );
        expect(oneMissing.code).toBe(2);
        expect(oneMissing.stdout).toBe('');
        expect(oneMissing.stderr).toMatch(/cannot read no-such-file\.yaml/);
      });

      it('submit: an invalid document is refused and nothing is submitted', async () => {
        const before = JSON.parse(
          (await runCli(['jobs', '--json', ...conn], { env })).stdout,
        ) as unknown[];
        const run = await runCli(['submit', invalid, '--device', 'sim.statevector', ...conn], {
          env,
        });
        expect(run.code, run.stdout + run.stderr).toBe(1);
        expect(run.stderr).toMatch(/error: /);
        expect(run.stderr).toMatch(/nothing was submitted/);
        const after = JSON.parse(
          (await runCli(['jobs', '--json', ...conn], { env })).stdout,
        ) as unknown[];
        expect(after.length).toBe(before.length);
        expect((await runCli(['submit', good, ...conn], { env })).code).toBe(2);
      });

      it('submit prints the job id; --json prints the JobId', async () => {
        const run = await runCli(
          ['submit', good, '--device', 'sim.statevector', '--name', 'first', ...conn],
          { env },
        );
        expect(run.code, run.stdout + run.stderr).toBe(0);
        const id = Number(
          /^Submitted job (\d+) \(([^)]+)\) to sim\.statevector\.$/m.exec(run.stdout)?.[1],
        );
        expect(run.stdout).toContain(`(${executeLabel})`);
        expect(id).toBeGreaterThan(0);
        submitted.push(id);

        const json = await runCli(
          ['submit', good, '--device', 'sim.statevector', '--json', ...conn],
          { env },
        );
        expect(json.code, json.stdout + json.stderr).toBe(0);
        const jobId = JSON.parse(json.stdout) as { id: number; message?: unknown };
        expect(jobId.id).toBe(id + 1);
        if (variant === 'B') expect(jobId).not.toHaveProperty('message');
        submitted.push(jobId.id);
      });

      it('wait: progress on stderr, the completed job on stdout', async () => {
        const id = submitted[0]!;
        const run = await runCli(
          ['wait', String(id), '--interval', '0.2', '--timeout', '60', ...conn],
          { env },
        );
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.stderr).toMatch(new RegExp(`job ${id}: .*completed`));
        expect(run.stdout).toMatch(new RegExp(`^Job ${id}  first\\n`));
        expect(run.stdout).toMatch(/status\s+completed/);
        expect(run.stdout).toMatch(/--- result ---/);
      });

      it('jobs: the table, --status and --device filters, JSON', async () => {
        await runCli(['wait', String(submitted[1]!), '--interval', '0.2', ...conn], { env });
        const table = await runCli(['jobs', ...conn], { env });
        expect(table.code, table.stdout + table.stderr).toBe(0);
        expect(table.stdout.split('\n')[0]).toMatch(
          /^ID\s+NAME\s+STATUS\s+DEVICE\s+CREATED\s+COMPLETED$/,
        );
        // The device by its code, as people know it (job records carry its id).
        expect(table.stdout).toMatch(
          new RegExp(`^${submitted[0]}\\s+first\\s+completed\\s+sim\\.statevector\\s+\\d{4}-`, 'm'),
        );

        const all = JSON.parse((await runCli(['jobs', '--json', ...conn], { env })).stdout) as {
          id: number;
          device_id: number;
          status?: string;
          created_at: string;
        }[];
        expect(all.map((j) => j.id)).toEqual(expect.arrayContaining(submitted));
        for (const job of all)
          expect(job.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

        const done = JSON.parse(
          (await runCli(['jobs', '--status', 'completed', '--json', ...conn], { env })).stdout,
        ) as { status: string }[];
        expect(done.length).toBeGreaterThanOrEqual(2);
        expect(done.every((j) => j.status === 'completed')).toBe(true);

        const byCode = JSON.parse(
          (await runCli(['jobs', '--device', 'sim.statevector', '--json', ...conn], { env }))
            .stdout,
        ) as unknown[];
        const deviceId = all.find((j) => j.id === submitted[0])!.device_id;
        const byId = JSON.parse(
          (await runCli(['jobs', '--device', String(deviceId), '--json', ...conn], { env })).stdout,
        ) as unknown[];
        expect(byCode).toEqual(byId);
        expect(byCode.length).toBeGreaterThanOrEqual(2);
        const none = await runCli(['jobs', '--device', 'no.such.device', ...conn], { env });
        expect(none.code, none.stdout + none.stderr).toBe(1);
      });

      it('job ID: light by default, decoded parts on request, JSON with the decoded models', async () => {
        const id = submitted[0]!;
        const light = await runCli(['job', String(id), ...conn], { env });
        expect(light.code, light.stdout + light.stderr).toBe(0);
        expect(light.stdout).not.toMatch(/--- /);

        const full = await runCli(
          ['job', String(id), '--payload', '--result', '--logs', '--errors', ...conn],
          { env },
        );
        expect(full.code, full.stdout + full.stderr).toBe(0);
        expect(full.stdout).toMatch(/--- payload ---\n {4}type: /);
        expect(full.stdout).toMatch(/!Circuit/);
        expect(full.stdout).toMatch(/--- result ---[\s\S]*!/);
        expect(full.stdout).toMatch(/--- logs ---\n {4}\S/);
        expect(full.stdout).toMatch(/--- error ---\n {4}\(none\)/);

        const json = await runCli(
          ['job', String(id), '--payload', '--result', '--logs', '--json', ...conn],
          { env },
        );
        const detail = JSON.parse(json.stdout) as {
          id: number;
          payload: Record<string, unknown>;
          result: Record<string, unknown>;
          logs: string;
          created_at: string;
        };
        expect(detail.id).toBe(id);
        const payloadField = Object.keys(detail.payload).find(
          (k) => k.endsWith('_payload') && detail.payload[k],
        )!;
        const inner = detail.payload[payloadField] as Record<string, unknown>;
        // Functional objects (and readouts) travel and print as YAML strings, tags kept.
        expect(Object.values(inner).every((v) => typeof v === 'string')).toBe(true);
        expect(Object.values(inner).some((v) => (v as string).startsWith('!'))).toBe(true);
        const resultField = Object.keys(detail.result).find(
          (k) => k.endsWith('_result') && detail.result[k],
        )!;
        expect(detail.result[resultField]).toMatch(/^!\w+Result/);
        expect(typeof detail.logs).toBe('string');
        expect(detail.created_at).toMatch(/Z$/);

        // A job that does not exist is the operation failing (1), not the service (4).
        const missing = await runCli(['job', '999999', ...conn], { env });
        expect(missing.code, missing.stdout + missing.stderr).toBe(1);
        expect(missing.stderr).toMatch(/^qjob job: job 999999 was not found \(HTTP 404: .+\)\n$/);
        const missingWait = await runCli(['wait', '999999', '--interval', '0.2', ...conn], { env });
        expect(missingWait.code, missingWait.stdout + missingWait.stderr).toBe(1);
        expect(missingWait.stderr).toMatch(/job 999999 was not found \(HTTP 404/);
        expect((await runCli(['job', 'abc', ...conn], { env })).code).toBe(2);
      });

      it('submit refuses what the dialect is certain will fail, unless told --no-check', async () => {
        const refused = await runCli(['submit', failing, '--device', 'sim.statevector', ...conn], {
          env,
        });
        expect(refused.code, refused.stdout + refused.stderr).toBe(1);
        expect(refused.stderr).toMatch(/error: gate !CNOT: control equals target/);
        expect(refused.stderr).toMatch(
          /has 1 error the payload dialect is certain of, so the simulator refuses it \(first at line \d+, column \d+: gate !CNOT: control equals target.*\); nothing was submitted\. --no-check submits it anyway\./,
        );
        expect(refused.stdout).toBe('');
      });

      it('submit --no-check --wait on a job that fails exits 1 and shows the error (child)', async () => {
        const run = await spawnCli(
          [
            'submit',
            failing,
            '--device',
            'sim.statevector',
            '--no-check',
            '--wait',
            '--timeout',
            '60',
            ...conn,
          ],
          { env },
        );
        expect(run.code, run.stdout + run.stderr).toBe(1);
        expect(run.stderr).toMatch(/submitted job \d+/);
        expect(run.stderr).toMatch(/ended: error/);
        expect(run.stdout).toMatch(/status\s+error/);
        expect(run.stdout).toMatch(/--- error ---\n\s+\S/);
        // It could not be compiled, so it went as written: the simulator, reading what the
        // service reads, refuses the friendly form and says what to do.
        expect(run.stdout).toMatch(/friendly dialect; the service reads the SDK's form/);
        expect(run.stdout).toMatch(/read as the friendly dialect it fails too: .*control/i);
      });

      it('submit --wait --json prints the final JobDetail', async () => {
        const run = await runCli(
          ['submit', good, '--device', 'sim.statevector', '--wait', '--json', ...conn],
          { env },
        );
        expect(run.code, run.stdout + run.stderr).toBe(0);
        const detail = JSON.parse(run.stdout) as { status?: string; result: unknown };
        expect(detail.result).not.toBeNull();
      });

      it('wait --timeout gives up with exit 1 while the job goes on', async () => {
        // A queue of real work behind a device that is not online, or just a short time-out.
        const sub = await runCli(
          ['submit', good, '--device', 'sim.statevector', '--json', ...conn],
          { env },
        );
        const id = (JSON.parse(sub.stdout) as { id: number }).id;
        const run = await runCli(
          ['wait', String(id), '--timeout', '0.05', '--interval', '0.05', ...conn],
          { env },
        );
        expect(run.code, run.stdout + run.stderr).toBe(1);
        expect(run.stderr).toMatch(
          new RegExp(
            `Job ${id} did not finish within 0\\.1 s|Job ${id} did not finish within 0 s|did not finish within`,
          ),
        );
        expect(
          (await runCli(['wait', String(id), '--interval', '0.2', ...conn], { env })).code,
        ).toBe(0);
      });

      it('logout deletes the login; then commands exit 3', async () => {
        const out = await runCli(['logout', ...conn], { env });
        expect(out.code, out.stdout + out.stderr).toBe(0);
        expect(out.stdout).toMatch(/Logged out of .* \(demo\); the stored login was deleted\./);
        const stored = JSON.parse(
          fs.readFileSync(path.join(configDir, 'credentials.json'), 'utf8'),
        ) as { secrets: object };
        expect(stored.secrets).toEqual({});
        expect((await runCli(['whoami', ...conn], { env })).code).toBe(3);
        expect((await runCli(['jobs', ...conn], { env })).code).toBe(3);
        const again = await runCli(['logout', ...conn], { env });
        expect(again.stdout).toMatch(/Not logged in/);
      });
    });

    it('the built-in simulator profile logs in by itself with the demo login', async () => {
      const id = `simulator-${variant.toLowerCase()}`;
      const run = await runCli(['devices', '--json', '--profile', id, '--base-url', sim.url], {
        env,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as unknown[]).length).toBeGreaterThan(0);
      const who = await runCli(['whoami', '--profile', id, '--base-url', sim.url], { env });
      expect(who.stdout).toMatch(/user\s+demo/);
      await runCli(['logout', '--profile', id], { env });
    });
  },
);

describe('qjob without a service', () => {
  it('an unreachable service exits 4 (child)', async () => {
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-cli-down-'));
    const env = {
      QJOB_CONFIG_DIR: configDir,
      QJOB_NO_KEYCHAIN: '1',
      QJOB_USER: 'demo',
      QJOB_API_KEY: 'demo',
    };
    const port = await freePort();
    const run = await spawnCli(
      ['login', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--variant', 'B'],
      { env },
    );
    expect(run.code, run.stdout + run.stderr).toBe(4);
    expect(run.stderr).toMatch(
      /Logging in failed: the service could not be reached \(connection refused \(ECONNREFUSED\)\)/,
    );
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('help, usage errors and the dispatch of simulator and web', async () => {
    const help = await runCli(['--help']);
    expect(help.code, help.stdout + help.stderr).toBe(0);
    for (const name of [
      'login',
      'logout',
      'whoami',
      'devices',
      'jobs',
      'job',
      'submit',
      'wait',
      'validate',
      'simulator',
      'web',
    ]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${name}\\s`, 'm'));
      const own = await runCli([name, '--help']);
      expect(own.code, own.stdout + own.stderr).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^usage: qjob ${name}`));
    }
    expect((await runCli(['help', 'submit'])).stdout).toMatch(/^usage: qjob submit/);
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['devices', '--bogus'])).code).toBe(2);
    const noConnection = await runCli(['devices'], {
      env: { QJOB_CONFIG_DIR: os.tmpdir() + '/qjob-none-' + process.pid },
    });
    expect(noConnection.code, noConnection.stdout + noConnection.stderr).toBe(2);
    expect(noConnection.stderr).toMatch(/no connection given/);
    expect((await runCli(['devices', '--base-url', 'http://x/api/v1'])).stderr).toMatch(
      /--base-url needs --variant/,
    );
  });

  it('validate works offline from a child process, reading stdin', async () => {
    const text = fs.readFileSync(path.join(PAYLOADS, 'b-code-tag.yaml'), 'utf8');
    const run = await spawnCli(['validate', '-', '--variant', 'B', '--json'], { stdin: text });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      valid: boolean;
      errors: unknown[];
      warnings: { message: string; line: number }[];
    };
    expect(report.valid).toBe(true);
    expect(report.errors).toEqual([]);
    expect(report.warnings[0]?.message).toMatch(/!function/);
    const tagLine = text.split('\n').findIndex((l) => l.includes('!function')) + 1;
    expect(report.warnings[0]?.line).toBe(tagLine);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('the service message of a JobId (Variant A)', () => {
  it('is shown after submitting to a device that is not online', async () => {
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-cli-notice-'));
    const sim = await startSimulator({ variant: 'A', seed: 1, onProblem: () => undefined });
    try {
      const env = {
        QJOB_CONFIG_DIR: configDir,
        QJOB_NO_KEYCHAIN: '1',
        QJOB_USER: 'demo',
        QJOB_API_KEY: 'demo',
      };
      const conn = ['--base-url', sim.url, '--variant', 'A'];
      expect((await runCli(['login', ...conn], { env })).code).toBe(0);
      const devices = JSON.parse(
        (await runCli(['devices', '--json', ...conn], { env })).stdout,
      ) as {
        code: string;
        type: string;
        status: string;
      }[];
      // The simulator's seed 1 schedules an outage of a processor at start.
      const away = devices.find((d) => d.status !== 'online' && d.type.startsWith('qpu.'));
      expect(away).toBeDefined();
      const rabi = path.join(DIALECT, 'a-experiment-rabi.yaml');
      const human = await runCli(['submit', rabi, '--device', away!.code, ...conn], { env });
      expect(human.code, human.stdout + human.stderr).toBe(0);
      expect(human.stdout).toMatch(
        new RegExp(`^Message from the service: .*\\(${away!.code.replace(/\./g, '\\.')}\\)`, 'm'),
      );
      const json = await runCli(['submit', rabi, '--device', away!.code, '--json', ...conn], {
        env,
      });
      expect((JSON.parse(json.stdout) as { message: string }).message).toMatch(/until/);
      expect(json.stderr).toMatch(/^message from the service: /m);
    } finally {
      await sim.stop();
      fs.rmSync(configDir, { recursive: true, force: true });
    }
  });
});
