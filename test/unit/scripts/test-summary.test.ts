import { describe, expect, it } from 'vitest';
import { countsOf, summaryLine } from '../../../scripts/test-summary.mjs';

/** The last line of `npm test` (scripts/test.mjs) and the counts behind it. */
const keychainFile = '/repo/test/integration/keychain/keychain.test.ts';

// What vitest's JSON reporter wrote for the integration project on a machine without D-Bus.
const withoutBus = {
  numPassedTests: 41,
  numFailedTests: 0,
  testResults: [
    {
      name: keychainFile,
      assertionResults: [
        { status: 'skipped', title: 'stores a secret that a new process reads' },
        { status: 'skipped', title: 'keeps the login in the keychain across processes' },
        { status: 'passed', title: 'refuses to log in, says why (exit 3)' },
      ],
    },
    {
      name: '/repo/test/integration/cli/cli-simulator.test.ts',
      assertionResults: [{ status: 'skipped', title: 'an unrelated skip' }],
    },
  ],
};

describe('the test command’s summary line', () => {
  it('counts the keychain tests that did not run, and only those', () => {
    expect(countsOf('vitest', withoutBus)).toEqual({ passed: 41, failed: 0, keychainSkipped: 2 });
  });

  it('says the keychain tests were skipped, why, and which packages to install', () => {
    const line = summaryLine(
      41,
      0,
      2,
      'dbus-run-session and gnome-keyring-daemon not found; install with: sudo apt-get install dbus gnome-keyring',
    );
    expect(line).toBe(
      '41 passed, 0 failed, 2 keychain tests SKIPPED (dbus-run-session and gnome-keyring-daemon not found; install with: sudo apt-get install dbus gnome-keyring)',
    );
  });

  it('stays the plain count when the keychain tests ran (CI installs the packages)', () => {
    expect(summaryLine(43, 0, 0, null)).toBe('43 passed, 0 failed');
    expect(countsOf('playwright', { stats: { expected: 12, unexpected: 1, flaky: 1 } })).toEqual({
      passed: 12,
      failed: 2,
      keychainSkipped: 0,
    });
  });
});
