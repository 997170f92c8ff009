import { z } from 'zod';
import type { VariantId } from './declaration';
import { VARIANTS } from './declaration';
import { DESCRIPTIONS } from './descriptions';

/** Token as the model holds it (spec §2.1): snake_case fields. */
export interface Token<V extends VariantId = VariantId> {
  access_token: string;
  expires_in: number;
  issued_at: V extends 'A' ? number : V extends 'B' ? string : number | string;
  refresh_token: string;
  token_type: 'bearer';
}

/** Token as it arrives on the wire: camelCase keys, `issuedAt` a string of digits. */
export interface TokenWire {
  accessToken: string;
  expiresIn: number;
  issuedAt: string;
  refreshToken: string;
  tokenType: 'bearer';
}

const digits = z.string().regex(/^\d+$/, 'expected a string of digits');

/** A character of a token, in words, for a message that must not show the token itself. */
function describeTokenChar(c: string): string {
  if (c === '\r') return 'a carriage return (CR)';
  if (c === '\n') return 'a line feed (LF)';
  if (c === ' ') return 'a space';
  if (c === '\t') return 'a tab';
  return `the character U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A token is sent back in an HTTP header (`Authorization: Bearer <token>`), where only visible
 * ASCII may stand (RFC 6750's b64token is a subset). A token with a line break or a space would
 * be accepted here and break every later call, so it is refused at login and at refresh, with
 * what is wrong and where, never with the token itself.
 */
export const headerSafeToken = z
  .string()
  .min(1, 'the token is empty')
  .superRefine((token, ctx) => {
    const bad = /[^\x21-\x7e]/.exec(token);
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        message: `contains ${describeTokenChar(bad[0])} at position ${bad.index} (of ${token.length}); a token must be visible ASCII without spaces to be sent in an HTTP header`,
      });
    }
  });
const bearer = z.literal('bearer', { message: "token type must be 'bearer'" });

/**
 * The longest access-token lifetime the app takes, in seconds: a hundred years. Past it the
 * expiry is no date at all (`expiresIn: 1e15` is thirty million years, past what a Date holds),
 * and 2^31 − 1, which services send for "does not expire", still fits.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 3_155_760_000;

/**
 * `expiresIn` as the app can use it: whole seconds, at least one (a token that expires at once
 * could only be renewed again and again), at most MAX_TOKEN_LIFETIME_SECONDS.
 */
const wireExpiresIn = z
  .number()
  .int()
  .min(1, {
    error: (issue) =>
      `the token expires at once (${String(issue.input)} seconds): such a login cannot be used, and renewing it would only bring another; the service's tokens must last at least 1 second`,
  })
  .max(MAX_TOKEN_LIFETIME_SECONDS, {
    error: (issue) =>
      `${String(issue.input)} seconds is no expiry date; the app takes at most ${MAX_TOKEN_LIFETIME_SECONDS} (a hundred years)`,
  });

/**
 * On the wire `issuedAt` is a string of digits (docs/wire-format.md, "Dates"); a plain integer is
 * taken too and normalised, so a service that drops the quotes does not lock people out.
 */
const wireIssuedAt = z.union([digits, z.number().int().nonnegative().transform(String)]);
/** RFC 6749 §5.1: the token type is case-insensitive; the model always holds `bearer`. */
const wireBearer = z
  .string()
  .refine((s) => s.toLowerCase() === 'bearer', { message: "token type must be 'bearer'" })
  .transform(() => 'bearer' as const);

/**
 * The login response. A refresh response may omit `refreshToken` (docs/wire-format.md, "Login and
 * refresh"): decode it with `{ refresh: true }` and keep the old refresh token.
 */
export function tokenWireSchema(options: { refresh?: boolean } = {}) {
  return z.looseObject({
    accessToken: headerSafeToken,
    expiresIn: wireExpiresIn,
    issuedAt: wireIssuedAt,
    refreshToken: options.refresh ? headerSafeToken.optional() : headerSafeToken,
    tokenType: wireBearer,
  });
}

export function tokenModelSchema(variant: VariantId) {
  const issuedAt =
    VARIANTS[variant].issuedAt === 'integer' ? z.number().int().nonnegative() : digits;
  return z
    .strictObject({
      access_token: z.string().min(1),
      expires_in: z.number().int().nonnegative(),
      issued_at: issuedAt,
      refresh_token: z.string().min(1),
      token_type: bearer,
    })
    .meta({ description: DESCRIPTIONS.token });
}

/** Wire → model. `previousRefreshToken` fills in a refresh response that omitted it. */
export function tokenFromWire<V extends VariantId>(
  variant: V,
  wire: unknown,
  previousRefreshToken?: string,
): z.ZodSafeParseResult<Token<V>> {
  const parsed = tokenWireSchema({ refresh: previousRefreshToken !== undefined }).safeParse(wire);
  if (!parsed.success) return parsed as z.ZodSafeParseResult<never>;
  const w = parsed.data;
  const model = {
    access_token: w.accessToken,
    expires_in: w.expiresIn,
    issued_at: VARIANTS[variant].issuedAt === 'integer' ? Number(w.issuedAt) : w.issuedAt,
    refresh_token: w.refreshToken ?? previousRefreshToken,
    token_type: w.tokenType,
  };
  return tokenModelSchema(variant).safeParse(model) as z.ZodSafeParseResult<Token<V>>;
}

/** Model → wire (what the simulator sends). */
export function tokenToWire(token: Token): TokenWire {
  return {
    accessToken: token.access_token,
    expiresIn: token.expires_in,
    issuedAt: String(token.issued_at),
    refreshToken: token.refresh_token,
    tokenType: token.token_type,
  };
}
