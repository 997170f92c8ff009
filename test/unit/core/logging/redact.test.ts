import { describe, expect, it } from 'vitest';
import { REDACTED, redactText, redactValue } from '../../../../src/core/logging/redact';
import { TokenService } from '../../../../src/simulator/auth/token-service';

describe('redactText', () => {
  it('removes bearer tokens and Authorization headers', () => {
    expect(redactText('GET /jobs Authorization: Bearer abc.def-ghi')).not.toContain('abc.def-ghi');
    expect(redactText('sent bearer s3cr3tT0ken=')).toBe(`sent bearer ${REDACTED}`);
    expect(redactText('{"authorization":"Bearer xyz"}')).not.toContain('xyz');
  });

  it('removes token, key and assertion values in JSON and query strings', () => {
    const body = JSON.stringify({
      accessToken: 'A1',
      refreshToken: 'R1',
      api_key: 'K1',
      assertion: 'eyJ1c2Vy',
      tokenType: 'bearer',
      expiresIn: 3600,
    });
    const out = redactText(body);
    for (const secret of ['A1', 'R1', 'K1', 'eyJ1c2Vy']) expect(out).not.toContain(secret);
    expect(out).toContain('"tokenType":"bearer"');
    expect(out).toContain('3600');
    expect(redactText('login?api_key=K2&user=alice')).toBe(`login?api_key=${REDACTED}&user=alice`);
  });

  it('redacts a JSON value cut off by a preview (no closing quote)', () => {
    expect(redactText('raw: {"accessToken":"abcdefgh…')).not.toContain('abcdefgh');
  });

  it('redacts JWT-shaped strings without a telling key', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';
    expect(redactText(`token was ${jwt} ok`)).toBe(`token was ${REDACTED} ok`);
  });

  it('redacts the simulator’s own tokens without a telling key', () => {
    const tokens = new TokenService({
      secret: new Uint8Array(32).fill(7),
      accessTtlSeconds: 60,
      refreshTtlSeconds: 600,
    });
    const { accessToken, refreshToken } = tokens.login('demo');
    for (const token of [accessToken, refreshToken] as string[]) {
      expect(token).toMatch(/^qjs1\./);
      expect(redactText(`kept ${token} in the keychain`)).toBe(`kept ${REDACTED} in the keychain`);
      expect(redactText(`["${token}"]`)).toBe(`["${REDACTED}"]`);
      expect(redactText(`/jobs?t=${token}&x=1`)).not.toContain(token.split('.')[1]);
    }
    // The prefix alone, as in prose or a version string, is not a token.
    expect(redactText('tokens look like qjs1.<claims>.<mac>')).toBe(
      'tokens look like qjs1.<claims>.<mac>',
    );
  });

  it('leaves ordinary text alone and is idempotent', () => {
    const text = 'Listing jobs failed: HTTP 503: maintenance (MAINT)';
    expect(redactText(text)).toBe(text);
    const once = redactText('Authorization: Bearer abc');
    expect(redactText(once)).toBe(once);
  });
});

describe('redactValue', () => {
  it('replaces secret-named properties at any depth and survives cycles', () => {
    const value: Record<string, unknown> = {
      user: 'alice',
      nested: { refresh_token: 'R', list: [{ apiKey: 'K' }] },
      headers: { Authorization: 'Bearer T' },
    };
    value.self = value;
    const out = JSON.stringify(redactValue(value));
    expect(out).not.toMatch(/"R"|"K"|Bearer T/);
    expect(out).toContain('alice');
    expect(out).toContain('[circular]');
  });
});

describe('redactValue on a field named __proto__', () => {
  it('keeps it as a field (its secrets redacted) and never as a prototype', () => {
    const value = JSON.parse('{"__proto__":{"accessToken":"A1","note":"n"},"ok":1}') as object;
    const out = redactValue(value) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(out))).toEqual(
      JSON.parse(`{"__proto__":{"accessToken":"${REDACTED}","note":"n"},"ok":1}`),
    );
    expect(JSON.stringify(out)).not.toContain('A1');
  });
});
