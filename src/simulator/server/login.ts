import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { JWT_BEARER_GRANT_TYPE } from '../../shared/wire/login';
import type { FieldIssue } from './http-error';
import { zodIssues } from './http-error';

export interface Credentials {
  user: string;
  apiKey: string;
  /** When set, the assertion's audience must equal it; when not, any audience is accepted. */
  audience?: string | undefined;
}

export type LoginOutcome =
  | { ok: true; username: string }
  | { ok: false; kind: 'malformed'; issues: FieldIssue[] }
  | { ok: false; kind: 'denied'; code: string; message: string };

const loginBodySchema = z.strictObject({
  grantType: z.literal(JWT_BEARER_GRANT_TYPE, { message: `must be '${JWT_BEARER_GRANT_TYPE}'` }),
  assertion: z.string().min(1, 'must not be empty'),
  scope: z.string().optional(),
});

const assertionSchema = z.looseObject({
  username: z.string().min(1, 'must not be empty'),
  api_key: z.string().min(1, 'must not be empty'),
  audience: z.string(),
  iat: z.number().int().nonnegative(),
});

/**
 * Check a login request body (docs/wire-format.md, "Login and refresh": grant type, base64url JSON
 * assertion, scope).
 */
export function checkLogin(body: unknown, credentials: Credentials): LoginOutcome {
  const parsed = loginBodySchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, kind: 'malformed', issues: zodIssues(parsed.error, ['body']) };

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(parsed.data.assertion, 'base64url').toString('utf8'));
  } catch {
    return malformedAssertion('must be URL-safe base64 of a JSON object');
  }
  const assertion = assertionSchema.safeParse(decoded);
  if (!assertion.success) {
    return {
      ok: false,
      kind: 'malformed',
      issues: zodIssues(assertion.error, ['body', 'assertion']),
    };
  }
  const { username, api_key: apiKey, audience } = assertion.data;
  // Compare both fields every time, so timing does not reveal which one was wrong.
  const userOk = sameSecret(username, credentials.user);
  const keyOk = sameSecret(apiKey, credentials.apiKey);
  if (!(userOk && keyOk)) {
    return {
      ok: false,
      kind: 'denied',
      code: 'invalid_credentials',
      message: 'invalid user name or API key',
    };
  }
  if (credentials.audience !== undefined && audience !== credentials.audience) {
    return {
      ok: false,
      kind: 'denied',
      code: 'invalid_audience',
      message: `the assertion's audience '${audience}' is not this service's audience`,
    };
  }
  return { ok: true, username };
}

function malformedAssertion(msg: string): LoginOutcome {
  return { ok: false, kind: 'malformed', issues: [{ loc: ['body', 'assertion'], msg }] };
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
