import { describe, expect, it } from 'vitest';
import {
  tokenFromWire,
  tokenModelSchema,
  tokenToWire,
  tokenWireSchema,
} from '../../../../src/shared/variants';
import { issuePaths } from './spec-tables';

const wire = {
  accessToken: '<ACCESS_TOKEN>',
  expiresIn: 3600,
  issuedAt: '1795778728',
  refreshToken: '<REFRESH_TOKEN>',
  tokenType: 'bearer',
};

describe('Token (spec §2.1)', () => {
  it('Variant A holds issued_at as an integer', () => {
    const parsed = tokenFromWire('A', wire);
    expect(parsed.success && parsed.data).toEqual({
      access_token: '<ACCESS_TOKEN>',
      expires_in: 3600,
      issued_at: 1795778728,
      refresh_token: '<REFRESH_TOKEN>',
      token_type: 'bearer',
    });
  });

  it('Variant B holds issued_at as the string of digits', () => {
    const parsed = tokenFromWire('B', wire);
    expect(parsed.success && parsed.data.issued_at).toBe('1795778728');
  });

  it.each(['A', 'B'] as const)(
    'round-trips wire → model → wire → model in Variant %s',
    (variant) => {
      const first = tokenFromWire(variant, wire);
      if (!first.success) throw first.error;
      const back = tokenToWire(first.data);
      expect(back).toEqual(wire);
      const second = tokenFromWire(variant, back);
      expect(second.success && second.data).toEqual(first.data);
    },
  );

  it.each(['accessToken', 'expiresIn', 'issuedAt', 'refreshToken', 'tokenType'])(
    'rejects a login response without %s, naming it',
    (key) => {
      const { [key]: _dropped, ...rest } = wire as Record<string, unknown>;
      const parsed = tokenWireSchema().safeParse(rest);
      expect(parsed.success).toBe(false);
      expect(issuePaths(parsed)).toContain(key);
    },
  );

  it('requires the token type to be bearer (case-insensitively, RFC 6749 §5.1)', () => {
    const mac = tokenFromWire('A', { ...wire, tokenType: 'mac' });
    expect(mac.success).toBe(false);
    expect(issuePaths(mac)).toEqual(['tokenType']);
    expect(mac.error?.issues[0]?.message).toMatch(/bearer/);
    const capital = tokenFromWire('A', { ...wire, tokenType: 'Bearer' });
    expect(capital.success && capital.data.token_type).toBe('bearer');
  });

  it('rejects an issuedAt that is not digits and takes a plain integer', () => {
    expect(issuePaths(tokenWireSchema().safeParse({ ...wire, issuedAt: '17957x' }))).toEqual([
      'issuedAt',
    ]);
    const numeric = tokenFromWire('B', { ...wire, issuedAt: 1795778728 });
    expect(numeric.success && numeric.data.issued_at).toBe('1795778728');
  });

  it('keeps the old refresh token when a refresh response omits it', () => {
    const { refreshToken: _omitted, ...refresh } = { ...wire, accessToken: '<NEW_ACCESS>' };
    const parsed = tokenFromWire('A', refresh, '<OLD_REFRESH>');
    expect(parsed.success && parsed.data).toMatchObject({
      access_token: '<NEW_ACCESS>',
      refresh_token: '<OLD_REFRESH>',
    });
    const rotated = tokenFromWire('B', { ...refresh, refreshToken: '<ROTATED>' }, '<OLD_REFRESH>');
    expect(rotated.success && rotated.data.refresh_token).toBe('<ROTATED>');
    // A login response (no previous token) must carry one.
    expect(tokenFromWire('A', refresh).success).toBe(false);
  });

  it('model schema: A wants an integer, B a string; unknown model keys are rejected', () => {
    const model = {
      access_token: 'a',
      expires_in: 1,
      issued_at: 5,
      refresh_token: 'r',
      token_type: 'bearer',
    };
    expect(tokenModelSchema('A').safeParse(model).success).toBe(true);
    expect(issuePaths(tokenModelSchema('B').safeParse(model))).toEqual(['issued_at']);
    expect(tokenModelSchema('B').safeParse({ ...model, issued_at: '5' }).success).toBe(true);
    expect(issuePaths(tokenModelSchema('A').safeParse({ ...model, scope: 'x' }))).toEqual(['']);
  });
});
