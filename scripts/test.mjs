#!/usr/bin/env node
// The one test command (README): typecheck, lint, build, unit, integration, e2e.
// On Linux it runs itself inside a private D-Bus session with an unlocked gnome-keyring, so the
// keychain tests talk to a real Secret Service (see DEVELOPERS.md), and it ends with one line
// "N passed, N failed" summing every runner's tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

if (process.platform === 'linux' && !process.env.QJOB_TEST_SESSION) {
  const hasDbus =
    spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], {
      stdio: 'ignore',
    }).status === 0;
  if (hasDbus) {
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
  console.warn(
    'test: dbus-run-session or gnome-keyring-daemon not found; keychain tests will fail.',
  );
}

const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'] },
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'unit.json')}`,
    ],
    report: { kind: 'vitest', file: join(reports, 'unit.json') },
  },
  {
    name: 'integration',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'integration.json')}`,
    ],
    report: { kind: 'vitest', file: join(reports, 'integration.json') },
  },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: { kind: 'playwright', file: join(reports, 'e2e.json') },
  },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
const outcome = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
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
  } else if (!ok) {
    failed += 1; // a step without tests (typecheck, lint, build) that failed counts as one failure
  }
  if (!ok && counts && counts.failed === 0) failed += 1; // the runner failed outside any test
  outcome.push(
    `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

console.log('\n' + outcome.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || outcome.some((o) => o.startsWith('FAIL')) ? 1 : 0);

function readCounts(report) {
  if (!existsSync(report.file)) return null;
  try {
    const json = JSON.parse(readFileSync(report.file, 'utf8'));
    if (report.kind === 'vitest') {
      return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 };
    }
    const s = json.stats ?? {};
    return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
  } catch {
    return null;
  }
}
