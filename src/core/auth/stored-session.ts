import { z } from 'zod';
import { headerSafeToken } from '../../shared/variants/token';

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
  /** Epoch milliseconds, computed from `expiresIn` on the local clock at receipt. */
  expiresAt: z.number().int().nonnegative(),
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
