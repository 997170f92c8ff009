import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import { QJOB_BIN, REPO_ROOT } from '../../support/cli-runner';

/**
 * The keychain absent or locked, for real: each case runs the app core in a child process in
 * a D-Bus session of its own (with no Secret Service at all, or with gnome-keyring holding a
 * locked keyring) and its own HOME. The app keeps working (the simulator profile logs in, a
 * job runs) and says what is wrong. Needs dbus-run-session and gnome-keyring-daemon (what
 * `npm test` and CI have); skipped with a notice without them.
 */

const TOOLS = ['dbus-run-session', 'gnome-keyring-daemon'].every(
  (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0,
);
if (!TOOLS)
  console.warn('keychain fault tests skipped: dbus-run-session or gnome-keyring-daemon missing');

const CHILD = path.join(REPO_ROOT, 'test/integration/keychain/app-core-child.ts');
/** A session bus that knows no services: nothing can be started to answer the Secret Service. */
const BARE_BUS = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

interface ChildReport {
  session: { ok: boolean; value: { state: string; message: string | null; secretStore: unknown } };
  submitted: { ok: boolean; error?: { message: string } };
  status: string | null;
  warnings: string[];
}

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-keychain-faults-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function run(
  command: string[],
  home: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
    // Never the bus (and keyring) of the session running the tests.
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const child = spawn(command[0]!, command.slice(1), { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function appCore(dbus: string[], home: string, shell = ''): Promise<ChildReport> {
  const data = fs.mkdtempSync(path.join(root, 'data-'));
  const node = `exec ${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(CHILD)} ${JSON.stringify(data)}`;
  const result = await run([...dbus, '--', 'sh', '-c', `${shell}${node}`], home);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as ChildReport;
}

describe.skipIf(!TOOLS)('the OS keychain absent or locked', () => {
  it('no Secret Service on the bus: logins are kept in memory, the session says so, work goes on', async () => {
    const conf = path.join(root, 'bare-bus.conf');
    fs.writeFileSync(conf, BARE_BUS);
    const home = fs.mkdtempSync(path.join(root, 'home-'));
    const report = await appCore(['dbus-run-session', `--config-file=${conf}`], home);
    expect(report.session.value).toMatchObject({
      state: 'active',
      secretStore: { kind: 'memory', secure: false },
    });
    expect(report.warnings.join('\n')).toMatch(
      /OS keychain unavailable.*org\.freedesktop\.secrets/,
    );
    expect(report.submitted.ok).toBe(true);
    expect(report.status).toBe('completed');
  });

  it('a locked keychain: the login is kept for this run, the session says why, work goes on', async () => {
    const home = fs.mkdtempSync(path.join(root, 'home-'));
    // A keyring with a password; the later session starts the daemon without unlocking it.
    const made = await run(
      [
        'dbus-run-session',
        '--',
        'sh',
        '-c',
        // The daemon writes the new keyring file on its own time: wait for it (up to 10 s)
        // before the session ends and takes the daemon with it.
        'echo secret-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ' +
          'for i in $(seq 100); do [ -f "$HOME/.local/share/keyrings/login.keyring" ] && break; sleep 0.1; done',
      ],
      home,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(fs.existsSync(path.join(home, '.local/share/keyrings/login.keyring'))).toBe(true);
    const report = await appCore(
      ['dbus-run-session'],
      home,
      'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1; ',
    );
    expect(report.session.value).toMatchObject({
      state: 'active',
      secretStore: { kind: 'keychain', secure: true },
    });
    expect(report.session.value.message).toMatch(
      /^Logged in, but the login could not be kept: .*locked collection.*It is kept in memory until the app is closed\.$/,
    );
    expect(report.submitted.ok).toBe(true);
    expect(report.status).toBe('completed');
  });
});

describe.skipIf(!TOOLS)(
  'qjob login in a headless shell (gnome-keyring installed, no keyring session)',
  () => {
    it('exits 3, says the keychain did not store the login, and points at --no-keychain', async () => {
      // D-Bus starts gnome-keyring for the first read, which answers; with no login keyring made
      // by a desktop session, the first write fails. The README's own `qjob login` example hits
      // this on a machine reached over SSH.
      const home = fs.mkdtempSync(path.join(root, 'home-'));
      const config = fs.mkdtempSync(path.join(root, 'config-'));
      const sim = await startSimulator({ variant: 'B', seed: 1, onProblem: () => undefined });
      try {
        const qjob = [process.execPath, QJOB_BIN, '--base-url', sim.url, '--variant', 'B'];
        const login = [...qjob, 'login', '--user', 'demo'].map((a) => JSON.stringify(a)).join(' ');
        const result = await run(
          [
            'dbus-run-session',
            '--',
            'sh',
            '-c',
            `QJOB_CONFIG_DIR=${JSON.stringify(config)} QJOB_API_KEY=demo DISPLAY= exec ${login}`,
          ],
          home,
        );
        expect(result.code, result.stderr).toBe(3);
        expect(result.stderr).toMatch(/qjob login: .*OS keychain/);
        expect(result.stderr).toMatch(/pass --no-keychain \(or set QJOB_NO_KEYCHAIN=1\)/);
      } finally {
        await sim.stop();
      }
    });
  },
);
