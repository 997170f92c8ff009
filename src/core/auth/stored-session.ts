import { z } from 'zod';
import { headerSafeToken } from '../../shared/variants/token';
import type { Token } from '../../shared/variants';

/** The largest time a Date holds (ECMA-262: 8.64e15 ms after 1970). */
const MAX_DATE_MS = 8.64e15;

/**
 * What a secret store holds for one profile and user. Validated on load: a keychain entry
 * written by another version, or tampered with, is reported and dropped, never trusted.
 */
export const storedSessionSchema = z.strictObject({
  version: z.literal(1),
  user: z.string().min(1),
  profile: z.string().min(1),
  // A token an earlier build kept unchecked (a line break in it) is dropped like a damaged entry.
  accessToken: headerSafeToken,
  refreshToken: headerSafeToken,
  /**
   * Epoch milliseconds, computed from `expiresIn` on the local clock at receipt. At most the last
   * moment a Date holds: an earlier build kept `expiresIn: 1e15` as it came, and such an entry
   * made every later read of the login fail ("Invalid time value"); it is dropped as damaged.
   */
  expiresAt: z.number().int().nonnegative().max(MAX_DATE_MS),
  /** Epoch milliseconds of receipt (absent in entries of earlier builds: savedAt stands in). */
  receivedAt: z.number().int().nonnegative().optional(),
  /** The service's `issuedAt`, kept as sent. */
  issuedAt: z.union([z.string(), z.number()]),
  savedAt: z.number().int().nonnegative(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

export const currentUserSchema = z.strictObject({
  version: z.literal(1),
  user: z.string().min(1),
});

/** The tokens of a logged-in session, as the session holds them. */
export interface SessionTokens {
  access: string;
  refresh: string;
  /** Epoch milliseconds on the local clock. */
  expiresAt: number;
  /** Local time of receipt: with expiresAt, the token's lifetime. */
  receivedAt: number;
  issuedAt: string | number;
}

/**
 * A Token just received. `expiresIn` is taken as seconds from receipt on the local clock: that
 * needs no agreement between the two clocks, and the base of `issuedAt` is not shown by the
 * specification.
 */
export function tokensReceived(token: Token, now: number): SessionTokens {
  return {
    access: token.access_token,
    refresh: token.refresh_token,
    expiresAt: now + token.expires_in * 1000,
    receivedAt: now,
    issuedAt: token.issued_at,
  };
}

export function tokensOfStored(stored: StoredSession): SessionTokens {
  return {
    access: stored.accessToken,
    refresh: stored.refreshToken,
    expiresAt: stored.expiresAt,
    receivedAt: stored.receivedAt ?? stored.savedAt,
    issuedAt: stored.issuedAt,
  };
}

export function storedSession(
  profile: string,
  user: string,
  tokens: SessionTokens,
  now: number,
): StoredSession {
  return {
    version: 1,
    user,
    profile,
    accessToken: tokens.access,
    refreshToken: tokens.refresh,
    expiresAt: tokens.expiresAt,
    receivedAt: tokens.receivedAt,
    issuedAt: tokens.issuedAt,
    savedAt: now,
  };
}
