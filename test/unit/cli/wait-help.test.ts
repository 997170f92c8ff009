import { describe, expect, it } from 'vitest';
import { WAIT_USAGE } from '../../../src/cli/commands/wait';
import { DEFAULT_CADENCE } from '../../../src/core/jobs/cadence';

describe('qjob wait --help', () => {
  it('says what --interval defaults to: the profile’s poll interval first, then the cadence', () => {
    const text = WAIT_USAGE.replace(/\s+/g, ' ');
    expect(text).toContain(
      `(default: the connection profile's poll interval, pollIntervalMs, when it has one; else ${
        DEFAULT_CADENCE.runningMs / 1000
      } s while running and ${DEFAULT_CADENCE.waitingMs / 1000} s while queued)`,
    );
  });
});
