import { describe, expect, it } from 'vitest';
import {
  parseOptions,
  requireNonEmpty,
  requireNumber,
  requireVariant,
} from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/errors';
import { parseSimulatorArgs } from '../../../src/cli/commands/simulator';
import { parseWebArgs } from '../../../src/cli/commands/web';

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('option helpers shared by every command', () => {
  it('check numbers against their rule and say the rule when they break it', () => {
    expect(requireNumber('--port', '8080', { integer: true, min: 0, max: 65535 })).toBe(8080);
    expect(requireNumber('--port', undefined, { integer: true })).toBeUndefined();
    expect(
      usageMessage(() => requireNumber('--port', '1.5', { integer: true, min: 0, max: 9 })),
    ).toBe("--port must be an integer from 0 to 9, got '1.5'");
    expect(
      usageMessage(() => requireNumber('--speed', '0', { min: 0, minExclusive: true, max: 10 })),
    ).toBe("--speed must be a number above 0 and at most 10, got '0'");
    expect(usageMessage(() => requireNumber('--t', ' ', { min: 1, unit: 'seconds' }))).toBe(
      "--t must be a number of seconds of at least 1, got ' '",
    );
  });

  it('take a variant in either case, and refuse empty text', () => {
    expect(requireVariant('--variant', 'b')).toBe('B');
    expect(usageMessage(() => requireVariant('--variant', 'C'))).toBe(
      "--variant must be A or B, got 'C'",
    );
    expect(usageMessage(() => requireNonEmpty('--data', ''))).toBe('--data must not be empty');
  });

  it('turn parse mistakes into usage errors', () => {
    expect(usageMessage(() => parseOptions(['--bogus'], {}, false))).toMatch(/--bogus/);
    expect(usageMessage(() => parseOptions(['extra'], {}, false))).toMatch(/extra/);
  });
});

describe('the simulator and web commands parse with the same helpers', () => {
  it('accept what the other commands accept (a lower-case variant)', () => {
    expect(parseSimulatorArgs(['--variant', 'b', '--data', '/tmp/x'])).toMatchObject({
      variant: 'B',
    });
    expect(parseWebArgs(['--variant', 'a', '--data', '/tmp/x'])).toMatchObject({ variant: 'A' });
  });

  it('refuse bad values with the shared wording', () => {
    expect(usageMessage(() => parseSimulatorArgs(['--failure-rate', '2']))).toBe(
      "--failure-rate must be a number from 0 to 1, got '2'",
    );
    expect(usageMessage(() => parseSimulatorArgs(['--user', '']))).toBe('--user must not be empty');
    expect(usageMessage(() => parseWebArgs(['--port', '70000']))).toBe(
      "--port must be an integer from 0 to 65535, got '70000'",
    );
  });
});
