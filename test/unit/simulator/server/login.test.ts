import { describe, expect, it } from 'vitest';
import { checkLogin } from '../../../../src/simulator/server/login';
import { JWT_BEARER_GRANT_TYPE } from '../../../../src/shared/wire';

const creds = { user: 'demo', apiKey: 'demo' };
const assertion = (o: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(o)).toString('base64url');
const body = (o: Record<string, unknown>) => ({
  grantType: JWT_BEARER_GRANT_TYPE,
  assertion: assertion(o),
  scope: 'user profile',
});
const good = { username: 'demo', api_key: 'demo', audience: 'aud', iat: 1_800_000_000 };

describe('checkLogin', () => {
  it('accepts the right credentials', () => {
    expect(checkLogin(body(good), creds)).toEqual({ ok: true, username: 'demo' });
  });

  it('denies wrong credentials and a wrong audience when one is configured', () => {
    expect(checkLogin(body({ ...good, api_key: 'nope' }), creds)).toMatchObject({
      ok: false,
      kind: 'denied',
      code: 'invalid_credentials',
    });
    expect(checkLogin(body(good), { ...creds, audience: 'other' })).toMatchObject({
      ok: false,
      kind: 'denied',
      code: 'invalid_audience',
    });
  });

  it('names the malformed field', () => {
    const wrongGrant = checkLogin({ ...body(good), grantType: 'password' }, creds);
    expect(wrongGrant).toMatchObject({
      ok: false,
      kind: 'malformed',
      issues: [{ loc: ['body', 'grantType'] }],
    });
    const notBase64Json = checkLogin({ grantType: JWT_BEARER_GRANT_TYPE, assertion: '%%%' }, creds);
    expect(notBase64Json).toMatchObject({ issues: [{ loc: ['body', 'assertion'] }] });
    const missingKey = checkLogin(body({ username: 'demo', audience: 'a', iat: 1 }), creds);
    expect(missingKey).toMatchObject({ issues: [{ loc: ['body', 'assertion', 'api_key'] }] });
    const unknown = checkLogin({ ...body(good), password: 'x' }, creds);
    expect(unknown).toMatchObject({ issues: [{ loc: ['body', 'password'] }] });
  });
});
