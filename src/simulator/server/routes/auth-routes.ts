import { checkLogin } from '../login';
import type { Credentials } from '../login';
import type { TokenService } from '../../auth/token-service';
import { HttpError, validationError } from '../http-error';
import type { Route } from '../router';

/**
 * Login and refresh, as docs/wire-format.md ("Login and refresh") describes them: `POST
 * /authorisation-tokens` with a jwt-bearer assertion, `POST /authorisation-tokens/refresh` with the
 * refresh token as bearer.
 */
export function authRoutes(tokens: TokenService, credentials: Credentials): Route[] {
  return [
    {
      method: 'POST',
      path: '/authorisation-tokens',
      auth: 'none',
      async handle(ctx) {
        const outcome = checkLogin((await ctx.body()) ?? null, credentials);
        if (outcome.ok) return { status: 200, body: tokens.login(outcome.username) };
        if (outcome.kind === 'malformed')
          throw validationError(outcome.issues, 400, 'login request');
        throw new HttpError(401, outcome.code, outcome.message);
      },
    },
    {
      method: 'POST',
      path: '/authorisation-tokens/refresh',
      auth: 'refresh',
      // Reached only with a valid refresh token: the request listener checked it.
      handle: (ctx) => ({ status: 200, body: tokens.refresh(ctx.subject) }),
    },
  ];
}
