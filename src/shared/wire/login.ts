/*
 * The login request (docs/wire-format.md, "Login and refresh"), as the real service's client sends
 * it and the simulator checks it: `POST {base}/authorisation-tokens` with `{grantType, assertion,
 * scope}`.
 */

/** The OAuth grant type of the login request: a JWT-bearer assertion. */
export const JWT_BEARER_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The scope the login request asks for. */
export const LOGIN_SCOPE = 'user profile';
