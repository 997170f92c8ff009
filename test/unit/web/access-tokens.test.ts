import { describe, expect, it } from 'vitest';
import { AccessTokens, MAX_UNUSED_LAUNCH_TOKENS } from '../../../src/web/access-tokens';

describe('AccessTokens', () => {
  it('keeps a bounded number of unused launch addresses: asking again and again costs no memory', () => {
    const tokens = new AccessTokens();
    const issued = Array.from({ length: MAX_UNUSED_LAUNCH_TOKENS + 3 }, () =>
      tokens.issueLaunchToken(),
    );
    // The oldest are forgotten; the newest still open the app, once.
    for (const old of issued.slice(0, 3)) expect(tokens.admit(old)).toBeNull();
    const newest = issued.at(-1)!;
    expect(tokens.admit(newest)).not.toBeNull();
    expect(tokens.admit(newest)).toBeNull();
  });
});
