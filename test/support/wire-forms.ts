import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The wire form of a body, read with Node's own Buffer, JSON and Date, never with the app's
 * codecs (src/shared/wire): a format bug shared by our encoder and decoder would otherwise
 * pass. Each value gets a form (its JSON type, or the encoding its field must use); the
 * encoded fields are opened and their content walked too (`payload{json}.sampling_payload`).
 *
 * `wireShape(...pinned)` collects what the hand-written bodies of test/fixtures/wire/pinned
 * allow at each path; `shapeProblems(actual, shape)` lists where a body differs: a key the
 * pinned bodies never have, a key they always have (with a value) that is missing, a value of
 * another form.
 */

export type Form =
  | 'null'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'string'
  | 'object'
  | 'array'
  /** IMF-fixdate, `Sun, 22 Nov 2026 11:25:28 GMT` (RFC 2822 / RFC 9110 form). */
  | 'http-date'
  /** A string of decimal digits. */
  | 'digits'
  /** A string holding JSON (the job's `payload`, the execute request's `payload`). */
  | 'json-string'
  /** Standard base64 (with padding) of a JSON document (the job's `result`). */
  | 'base64-json'
  /** Standard base64 (with padding) of UTF-8 text (`logs`, `error`, `error_logs`). */
  | 'base64-text'
  /** URL-safe base64 with padding of a JSON object (the login `assertion`). */
  | 'base64url-json'
  /** A YAML string that starts with its tag (`!Sampling ...`): functional objects, results. */
  | 'yaml-tagged';

interface Rule {
  test: RegExp;
  form: Form;
}

/** Which fields must carry which encoding, by path (`[]` stands for any list index). */
const RULES: Rule[] = [
  { test: /(^|\.)(created_at|updated_at|completed_at)$/, form: 'http-date' },
  { test: /^issuedAt$/, form: 'digits' },
  { test: /^payload$/, form: 'json-string' },
  { test: /^result$/, form: 'base64-json' },
  { test: /^(logs|error|error_logs)$/, form: 'base64-text' },
  { test: /^assertion$/, form: 'base64url-json' },
  { test: /^payload\{json\}\.[a-z_]+_payload\.[a-z_]+$/, form: 'yaml-tagged' },
  { test: /^result\{json\}\.[a-z_]+_result$/, form: 'yaml-tagged' },
];

const STANDARD_B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const URLSAFE_B64 = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$/;

function utf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function json(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function plainForm(value: unknown): Form {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  const type = typeof value;
  if (type === 'number' || type === 'boolean' || type === 'string' || type === 'object') {
    return type as Form;
  }
  throw new Error(`not a JSON value: ${String(value)}`);
}

/** The form of one value at a path, and the decoded content to walk next (if any). */
function classify(at: string, value: unknown): { form: Form; inner?: unknown } {
  const rule = RULES.find((r) => r.test.test(at));
  if (!rule || typeof value !== 'string') return { form: plainForm(value) };
  const text = value;
  switch (rule.form) {
    case 'http-date':
      return {
        form:
          !Number.isNaN(Date.parse(text)) && new Date(text).toUTCString() === text
            ? 'http-date'
            : 'string',
      };
    case 'digits':
      return { form: /^\d+$/.test(text) ? 'digits' : 'string' };
    case 'json-string': {
      const parsed = json(text);
      return parsed.ok ? { form: 'json-string', inner: parsed.value } : { form: 'string' };
    }
    case 'base64-json':
    case 'base64-text': {
      if (!STANDARD_B64.test(text)) return { form: 'string' };
      const decoded = utf8(Buffer.from(text, 'base64'));
      if (decoded === null) return { form: 'string' };
      if (rule.form === 'base64-text') return { form: 'base64-text' };
      const parsed = json(decoded);
      return parsed.ok ? { form: 'base64-json', inner: parsed.value } : { form: 'string' };
    }
    case 'base64url-json': {
      if (!URLSAFE_B64.test(text)) return { form: 'string' };
      const decoded = utf8(Buffer.from(text, 'base64url'));
      const parsed = decoded === null ? { ok: false as const } : json(decoded);
      return parsed.ok ? { form: 'base64url-json', inner: parsed.value } : { form: 'string' };
    }
    case 'yaml-tagged':
      return { form: /^![A-Za-z]/.test(text) ? 'yaml-tagged' : 'string' };
    default:
      return { form: plainForm(value) };
  }
}

interface Visitor {
  value(at: string, form: Form): void;
  object(at: string, present: string[], withValue: string[]): void;
}

function walk(value: unknown, at: string, visit: Visitor): void {
  const { form, inner } = classify(at, value);
  visit.value(at, form);
  if (inner !== undefined) {
    walk(inner, `${at}{json}`, visit);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, `${at}[]`, visit);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    visit.object(
      at,
      entries.map(([k]) => k),
      entries.filter(([, v]) => v !== null).map(([k]) => k),
    );
    for (const [key, child] of entries) walk(child, at ? `${at}.${key}` : key, visit);
  }
}

export interface WireShape {
  /** The forms each path takes in the pinned bodies. */
  forms: Map<string, Set<Form>>;
  /** Per object path: every key seen, and the keys every instance has with a non-null value. */
  keys: Map<string, { any: Set<string>; always: Set<string> }>;
}

/** What the given (pinned) bodies allow, path by path. */
export function wireShape(...bodies: unknown[]): WireShape {
  const shape: WireShape = { forms: new Map(), keys: new Map() };
  for (const body of bodies) {
    walk(body, '', {
      value(at, form) {
        const set = shape.forms.get(at) ?? new Set<Form>();
        set.add(form);
        shape.forms.set(at, set);
      },
      object(at, present, withValue) {
        const seen = shape.keys.get(at);
        if (!seen) {
          shape.keys.set(at, { any: new Set(present), always: new Set(withValue) });
          return;
        }
        for (const k of present) seen.any.add(k);
        for (const k of [...seen.always]) if (!withValue.includes(k)) seen.always.delete(k);
      },
    });
  }
  return shape;
}

/** Where `actual` leaves the pinned shape; empty when it fits. A null may stand for absence. */
export function shapeProblems(actual: unknown, shape: WireShape): string[] {
  const problems = new Set<string>();
  walk(actual, '', {
    value(at, form) {
      const allowed = shape.forms.get(at);
      if (!allowed) return; // reported as an unexpected key by its object
      if (!allowed.has(form)) {
        problems.add(`${at || '(body)'}: ${form}, pinned: ${[...allowed].join(' | ')}`);
      }
    },
    object(at, present) {
      const keys = shape.keys.get(at);
      if (!keys) return;
      for (const k of present)
        if (!keys.any.has(k)) problems.add(`${at || '(body)'}: unexpected key '${k}'`);
      for (const k of keys.always)
        if (!present.includes(k)) problems.add(`${at || '(body)'}: missing key '${k}'`);
    },
  });
  return [...problems];
}

export const PINNED_DIR = path.resolve('test/fixtures/wire/pinned');

/** A pinned file's exact text (what a loopback server serves byte for byte). */
export function pinnedText(file: string): string {
  return readFileSync(path.join(PINNED_DIR, file), 'utf8');
}

export function pinned<T = unknown>(file: string): T {
  return JSON.parse(pinnedText(file)) as T;
}

/** JSON equality where a null field and an absent one are the same (spec: "absent or null"). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}
