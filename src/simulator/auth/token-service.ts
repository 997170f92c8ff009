import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { tokenToWire } from '../../shared/variants';
import type { TokenWire } from '../../shared/variants';

export type TokenKind = 'access' | 'refresh';

export type TokenCheck =
  | { ok: true; subject: string }
  | { ok: false; code: 'invalid_token' | 'token_expired'; message: string };

export interface TokenServiceOptions {
  /** Signing key; persisted by the caller so tokens outlive a restart of the simulator. */
  secret: Uint8Array;
  /** Access-token lifetime; fractions allowed so tests can watch one expire quickly. */
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now?: () => number;
}

const claimsSchema = z.strictObject({
  sub: z.string().min(1),
  typ: z.enum(['access', 'refresh']),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
});
type Claims = z.infer<typeof claimsSchema>;

const PREFIX = 'qjs1';

/**
 * Self-contained signed tokens (HMAC-SHA256 over JSON claims). Nothing is kept per token, so
 * the server holds no session table, and a token signed before a restart stays valid after it.
 * Access and refresh tokens are told apart by their `typ` claim: neither is accepted as the
 * other.
 */
export class TokenService {
  private readonly now: () => number;

  constructor(private readonly options: TokenServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The Token of a login (wire form, spec §2.1): both tokens. */
  login(subject: string): TokenWire {
    const issuedMs = this.now();
    return tokenToWire({
      access_token: this.sign(subject, 'access', issuedMs),
      expires_in: this.expiresIn(),
      issued_at: Math.floor(issuedMs / 1000),
      refresh_token: this.sign(subject, 'refresh', issuedMs),
      token_type: 'bearer',
    });
  }

  /**
   * The Token of a refresh: a new access token only. The refresh token is left out, as
   * docs/wire-format.md ("Login and refresh") says the real service may do, so clients exercise
   * "keep the old one".
   */
  refresh(subject: string): Omit<TokenWire, 'refreshToken'> {
    const issuedMs = this.now();
    return {
      accessToken: this.sign(subject, 'access', issuedMs),
      expiresIn: this.expiresIn(),
      issuedAt: String(Math.floor(issuedMs / 1000)),
      tokenType: 'bearer',
    };
  }

  verify(token: string, kind: TokenKind): TokenCheck {
    const invalid = { ok: false, code: 'invalid_token', message: `invalid ${kind} token` } as const;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== PREFIX) return invalid;
    const [, body = '', signature = ''] = parts;
    const expected = this.mac(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    let claims: Claims;
    try {
      const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString()));
      if (!parsed.success) return invalid;
      claims = parsed.data;
    } catch {
      return invalid;
    }
    if (claims.typ !== kind) {
      return {
        ok: false,
        code: 'invalid_token',
        message: `a ${claims.typ} token is not a ${kind} token`,
      };
    }
    if (this.now() >= claims.exp) {
      return { ok: false, code: 'token_expired', message: `the ${kind} token has expired` };
    }
    return { ok: true, subject: claims.sub };
  }

  private expiresIn(): number {
    // The wire carries whole seconds; a fractional test TTL is rounded up, never to 0.
    return Math.max(1, Math.ceil(this.options.accessTtlSeconds));
  }

  private sign(subject: string, kind: TokenKind, issuedMs: number): string {
    const ttl = kind === 'access' ? this.options.accessTtlSeconds : this.options.refreshTtlSeconds;
    const claims: Claims = {
      sub: subject,
      typ: kind,
      iat: issuedMs,
      exp: issuedMs + Math.round(ttl * 1000),
      jti: randomBytes(9).toString('base64url'),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${PREFIX}.${body}.${this.mac(body).toString('base64url')}`;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.options.secret).update(`${PREFIX}.${body}`).digest();
  }
}
