import { encodeBase64Url } from '../../shared/wire';

export interface LoginCredentials {
  user: string;
  apiKey: string;
  /** The per-deployment audience string of the profile. */
  audience: string;
}

/**
 * The login assertion (docs/wire-format.md, "Login and refresh"): URL-safe base64 of `{username,
 * api_key, audience, iat}` with `iat` in Unix seconds. It carries the API key, so it is a secret
 * like the key itself.
 */
export function buildLoginAssertion(
  credentials: LoginCredentials,
  now: number = Date.now(),
): string {
  const claims = {
    username: credentials.user,
    api_key: credentials.apiKey,
    audience: credentials.audience,
    iat: Math.floor(now / 1000),
  };
  return encodeBase64Url(JSON.stringify(claims));
}
