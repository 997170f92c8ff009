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

  it('keeps exactly MAX_UNUSED_LAUNCH_TOKENS unused addresses: the one before them is forgotten', () => {
    const tokens = new AccessTokens();
    const issued = Array.from({ length: MAX_UNUSED_LAUNCH_TOKENS + 1 }, () =>
      tokens.issueLaunchToken(),
    );
    expect(tokens.admit(issued[0]!)).toBeNull();
    expect(tokens.admit(issued[1]!)).not.toBeNull();
  });

  it('exchanges a launch token for a session token once, and lets that session in again', () => {
    const tokens = new AccessTokens();
    const launch = tokens.issueLaunchToken();
    const first = tokens.admit(launch);
    expect(first?.issued).toMatch(/^[0-9a-f]{64}$/);
    // A reload offers the session token: let in, nothing new issued; the launch token is spent.
    expect(tokens.admit(first!.issued)).toEqual({ issued: null });
    expect(tokens.admit(first!.issued)).toEqual({ issued: null });
    expect(tokens.admit(launch)).toBeNull();
    expect(tokens.admit(null)).toBeNull();
    expect(tokens.admit('0'.repeat(64))).toBeNull();
  });

  it('registers the session a page proposed with its launch token, so a reload before any answer gets in', () => {
    const tokens = new AccessTokens();
    const launch = tokens.issueLaunchToken();
    const proposed = 'a'.repeat(64);
    // Proposing alone opens nothing: only a launch token makes a proposal a session.
    expect(tokens.admit(null, proposed)).toBeNull();
    expect(tokens.admit(launch, proposed)).toEqual({ issued: null });
    // The reload offers the spent launch token again and the same proposal: it is a session now.
    expect(tokens.admit(launch, proposed)).toEqual({ issued: null });
    expect(tokens.admit(proposed)).toEqual({ issued: null });
    expect(tokens.admit(null, proposed)).toEqual({ issued: null });
    // Another page's proposal is not let in on that page's spent launch token.
    expect(tokens.admit(launch, 'b'.repeat(64))).toBeNull();
  });

  it('finds a session among several, whichever was made first', () => {
    const tokens = new AccessTokens();
    const sessions = Array.from(
      { length: 3 },
      () => tokens.admit(tokens.issueLaunchToken())!.issued!,
    );
    for (const s of sessions) expect(tokens.admit(s)).toEqual({ issued: null });
  });
});
