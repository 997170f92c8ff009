// The counting behind scripts/test.mjs's last line, apart from the script so it is unit-tested.
import { existsSync, readFileSync } from 'node:fs';

/**
 * The last line: "N passed, N failed". Skipped keychain tests are said out loud, with why and
 * the fix: a run that proved nothing about the keychain must not read like one that did.
 */
export function summaryLine(passed, failed, keychainSkipped, problem) {
  const line = `${passed} passed, ${failed} failed`;
  if (keychainSkipped === 0) return line;
  const why = problem ?? 'no D-Bus session with a Secret Service';
  return `${line}, ${keychainSkipped} keychain tests SKIPPED (${why})`;
}

/** Passed, failed and skipped-keychain counts from a runner's JSON report; null when unreadable. */
export function readCounts(report) {
  if (!existsSync(report.file)) return null;
  try {
    return countsOf(report.kind, JSON.parse(readFileSync(report.file, 'utf8')));
  } catch {
    return null;
  }
}

export function countsOf(kind, json) {
  if (kind === 'vitest') {
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      keychainSkipped: countKeychainSkipped(json),
    };
  }
  const s = json.stats ?? {};
  return {
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
    keychainSkipped: 0,
  };
}

/** Tests of test/integration/keychain that did not run (vitest marks them skipped). */
export function countKeychainSkipped(json) {
  let n = 0;
  for (const file of json.testResults ?? []) {
    if (!/test[\\/]integration[\\/]keychain[\\/]/.test(file.name ?? '')) continue;
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'passed' && t.status !== 'failed') n += 1;
    }
  }
  return n;
}
