import type { Token, VariantId } from '../../shared/variants';
import { tokenFromWire } from '../../shared/variants';
import { JWT_BEARER_GRANT_TYPE, LOGIN_SCOPE } from '../../shared/wire';
import { zodDecodeError } from './call-kit';
import type { CallKit } from './call-kit';
import type { CallOptions, LoginRequest, ServiceClient } from './types';

/** Logging in and renewing the login: the calls that get a token. */
export function sessionCalls<V extends VariantId>({
  variant,
  config,
  url,
  send,
}: CallKit<V>): Pick<ServiceClient<V>, 'login' | 'refresh'> {
  const { limits, paths } = config;
  const decodeToken = (operation: string, previousRefreshToken?: string) => (json: unknown) => {
    const parsed = tokenFromWire(variant, json, previousRefreshToken);
    if (!parsed.success) throw zodDecodeError(operation, parsed.error);
    return parsed.data;
  };

  return {
    login(request: LoginRequest, call?: CallOptions): Promise<Token<V>> {
      return send(
        {
          operation: 'logging in',
          method: 'POST',
          url: url(paths.login),
          body: {
            grantType: JWT_BEARER_GRANT_TYPE,
            assertion: request.assertion,
            scope: LOGIN_SCOPE,
          },
          auth: 'none',
          // A login creates nothing: repeating it after a lost answer is harmless.
          idempotent: true,
          limitBytes: limits.token,
          limitLabel: 'a login token',
        },
        call,
        decodeToken('logging in'),
        (json) => ({ sample: { kind: 'token', body: json }, failed: false }),
      );
    },

    refresh(refreshToken: string, call?: CallOptions): Promise<Token<V>> {
      return send(
        {
          operation: 'renewing the login',
          method: 'POST',
          url: url(paths.refresh),
          auth: { header: `Bearer ${refreshToken}` },
          // A service that rotates refresh tokens spends the old one on the first try: after a
          // lost answer, a repeat would be refused and end the session. The session retries
          // later instead, with whatever token it then holds.
          idempotent: false,
          limitBytes: limits.token,
          limitLabel: 'a login token',
        },
        call,
        decodeToken('renewing the login', refreshToken),
      );
    },
  };
}
