#!/usr/bin/env node
// The one test command (README): typecheck, lint, build, unit, component, integration, e2e.
// On Linux it runs itself inside a private D-Bus session with an unlocked gnome-keyring, so the
// keychain tests talk to a real Secret Service (see DEVELOPERS.md), and it ends with one line
// "N passed, N failed" summing every runner's tests (and saying so when the keychain tests were
// skipped). Before the test runners it makes sure the native modules are built for this Node
// (scripts/native-modules.mjs: `npm start` may have rebuilt them for Electron).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readCounts, summaryLine } from './test-summary.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

/** Debian packages that provide dbus-run-session and gnome-keyring-daemon (what CI installs). */
const KEYCHAIN_PACKAGES = 'dbus gnome-keyring';
/** Why the keychain tests cannot have a private keyring here, when they cannot; null otherwise. */
let keychainProblem = null;

if (process.platform === 'linux' && !process.env.QJOB_TEST_SESSION) {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter(
    (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length === 0) {
    const inner =
      'echo | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; ' +
      'QJOB_TEST_SESSION=1 exec node scripts/test.mjs "$@"';
    const r = spawnSync(
      'dbus-run-session',
      ['--', 'sh', '-c', inner, 'test.mjs', ...process.argv.slice(2)],
      {
        stdio: 'inherit',
      },
    );
    process.exit(r.status ?? 1);
  }
  keychainProblem = `${missing.join(' and ')} not found; install with: sudo apt-get install ${KEYCHAIN_PACKAGES}`;
  const args = process.argv.slice(2);
  if (args.length > 0 && !args.includes('integration')) {
    // No keychain tests in this run: nothing to warn about.
  } else if (process.env.DBUS_SESSION_BUS_ADDRESS) {
    console.warn(
      `test: ${missing.join(' and ')} not found: the keychain tests use your session's own Secret Service (and its keyring) instead of a private one.`,
    );
  } else {
    console.warn(
      `test: WARNING: the keychain tests will be SKIPPED (no D-Bus session): ${keychainProblem}`,
    );
  }
}

const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
/**
 * A vitest project as a step, with a JSON report the summary line counts; `as` names a second
 * run of a project (its report file), `env` what that run changes.
 */
const vitestStep = (project, { as = project, env } = {}) => ({
  name: as,
  cmd: [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${as}.json`)}`,
  ],
  env,
  report: { kind: 'vitest', file: join(reports, `${as}.json`) },
});

/**
 * A time zone away from UTC for the unit project's second run: a date read in local time instead
 * of UTC passes on a UTC machine and fails here. Santiago is behind UTC and keeps summer time (its
 * offset changes within the year); on a machine already there, Kolkata (ahead, by a half hour).
 */
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const OTHER_TIME_ZONE = machineZone === 'America/Santiago' ? 'Asia/Kolkata' : 'America/Santiago';

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'] },
  vitestStep('unit'),
  // The unit project again in another time zone (the cheapest to repeat: no browser).
  vitestStep('unit', { as: 'unit-tz', env: { TZ: OTHER_TIME_ZONE } }),
  // Renderer components alone in Chromium (vitest's browser mode).
  vitestStep('component'),
  vitestStep('integration'),
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: { kind: 'playwright', file: join(reports, 'e2e.json') },
  },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
let keychainSkipped = 0;
const outcome = [];

// The runners load keytar and better-sqlite3 in this Node: undo an Electron build first.
if (steps.some((s) => ['unit', 'unit-tz', 'integration', 'e2e'].includes(s.name))) {
  const r = spawnSync(process.execPath, ['scripts/native-modules.mjs', 'node'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) console.warn('test: native modules not loadable under Node (see above).');
}

for (const step of steps) {
  const setting = Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${v} `);
  console.log(`\n=== ${step.name}: ${setting.join('')}${step.cmd.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...(step.env ?? {}) },
  });
  const ok = r.status === 0;
  const counts = step.report ? readCounts(step.report) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    keychainSkipped += counts.keychainSkipped;
  } else if (!ok) {
    failed += 1; // a step without tests (typecheck, lint, build) that failed counts as one failure
  }
  if (!ok && counts && counts.failed === 0) failed += 1; // the runner failed outside any test
  outcome.push(
    `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

console.log('\n' + outcome.join('\n'));
console.log(summaryLine(passed, failed, keychainSkipped, keychainProblem));
process.exit(failed > 0 || outcome.some((o) => o.startsWith('FAIL')) ? 1 : 0);
