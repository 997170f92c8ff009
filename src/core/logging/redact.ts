/**
 * Secret redaction for everything that leaves the process as text: log lines, error messages,
 * diagnostics. Tokens, API keys and login assertions must never be written anywhere
 * (docs/architecture.md, "Secrets stay in the main process"), so every sink runs its text through
 * here rather than trusting each call site to remember.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear (JSON bodies, objects, query strings). */
const SECRET_KEYS = [
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'api_key',
  'apiKey',
  'api-key',
  'assertion',
  'password',
  'secret',
  'client_secret',
  'token',
  'authorization',
];
const SECRET_KEY_SET = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));

const keyAlternation = SECRET_KEYS.map((k) => k.replace(/[-_]/g, '[-_]?')).join('|');

const PATTERNS: { re: RegExp; replace: string }[] = [
  // Authorization headers ("Authorization: Bearer abc", "authorization=...") keep their name;
  // the scheme and the credential go, the text after them stays.
  {
    re: /(\bauthorization\s*[:=]\s*"?)(?:(?:bearer|basic|token|digest)\s+)?[^\s",}]+/gi,
    replace: `$1${REDACTED}`,
  },
  // Bearer/Basic credentials wherever they appear in free text.
  { re: /\b(bearer|basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, replace: `$1 ${REDACTED}` },
  // JSON string values: "accessToken": "..." (escaped quotes inside are allowed; a value cut
  // off by a preview, without its closing quote, is redacted too).
  {
    re: new RegExp(`("(?:${keyAlternation})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"?`, 'gi'),
    replace: `$1"${REDACTED}"`,
  },
  // key=value in query strings, form bodies and log key/value pairs.
  {
    re: new RegExp(`(\\b(?:${keyAlternation})=)[^&\\s"',;]+`, 'gi'),
    replace: `$1${REDACTED}`,
  },
  // JWT-shaped strings carry claims and signatures even without a telling key.
  {
    re: /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
    replace: REDACTED,
  },
  // The simulator's own tokens (`qjs1.<claims>.<signature>`, src/simulator/auth/token-service)
  // are valid bearer credentials for it wherever they turn up, key or no key.
  {
    re: /\bqjs1\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
    replace: REDACTED,
  },
];

/** Redacts secrets from free text. Idempotent. */
export function redactText(text: string): string {
  let out = text;
  for (const { re, replace } of PATTERNS) out = out.replace(re, replace);
  return out;
}

function isSecretKey(key: string): boolean {
  return SECRET_KEY_SET.has(key.toLowerCase());
}

/**
 * A deep copy of a value with secret-named properties replaced and every string redacted.
 * Cycles and depth are bounded so that logging an odd object can never hang the logger.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message) };
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  // No prototype: a field named `__proto__` stays a field (redacted like any other).
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretKey(k) && v != null ? REDACTED : redactValue(v, depth + 1, seen);
  }
  return out;
}
