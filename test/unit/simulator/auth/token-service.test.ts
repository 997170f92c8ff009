import { describe, expect, it } from 'vitest';
import { TokenService } from '../../../../src/simulator/auth/token-service';
import { tokenFromWire } from '../../../../src/shared/variants';

const secret = new Uint8Array(32).fill(7);

describe('TokenService', () => {
  it('issues a Token that decodes in both variants, and verifies each token only as its own kind', () => {
    let now = 1_800_000_000_000;
    const tokens = new TokenService({
      secret,
      accessTtlSeconds: 60,
      refreshTtlSeconds: 3600,
      now: () => now,
    });
    const wire = tokens.login('demo');
    expect(wire.tokenType).toBe('bearer');
    expect(wire.issuedAt).toBe('1800000000');
    expect(wire.expiresIn).toBe(60);
    expect(tokenFromWire('A', wire).success).toBe(true);
    expect(tokenFromWire('B', wire).success).toBe(true);

    expect(tokens.verify(wire.accessToken, 'access')).toEqual({ ok: true, subject: 'demo' });
    expect(tokens.verify(wire.refreshToken, 'refresh')).toEqual({ ok: true, subject: 'demo' });
    expect(tokens.verify(wire.refreshToken, 'access').ok).toBe(false);
    expect(tokens.verify(wire.accessToken, 'refresh').ok).toBe(false);

    now += 61_000;
    expect(tokens.verify(wire.accessToken, 'access')).toMatchObject({
      ok: false,
      code: 'token_expired',
    });
    const refreshed = tokens.refresh('demo');
    expect('refreshToken' in refreshed).toBe(false);
    expect(tokens.verify(refreshed.accessToken, 'access').ok).toBe(true);
  });

  it('refuses garbage, tampered tokens and tokens signed with another key', () => {
    const tokens = new TokenService({ secret, accessTtlSeconds: 60, refreshTtlSeconds: 60 });
    const other = new TokenService({
      secret: new Uint8Array(32).fill(8),
      accessTtlSeconds: 60,
      refreshTtlSeconds: 60,
    });
    const good = tokens.login('demo').accessToken;
    const [prefix, body, sig] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()),
        sub: 'root',
      }),
    ).toString('base64url');
    for (const bad of [
      '',
      'garbage',
      'a.b.c',
      `${prefix}.${forged}.${sig}`,
      other.login('demo').accessToken,
    ]) {
      expect(tokens.verify(bad, 'access')).toMatchObject({ ok: false, code: 'invalid_token' });
    }
  });
});
