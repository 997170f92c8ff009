import type { z } from 'zod';
import { isPlainObject } from '../json/plain-object';
import type { PathIssue } from '../variants/issues';
import { pathIssues } from '../variants/issues';

export type WireDecodeErrorCode =
  | 'invalid_base64'
  | 'invalid_utf8'
  | 'invalid_json'
  | 'invalid_date'
  | 'schema_mismatch'
  | 'not_an_object'
  /** Larger than the client keeps: left out (a structured part is useless cut). */
  | 'too_large'
  /** Nested deeper than any such part is (see shared/json/shape.ts): left out, never walked. */
  | 'too_deep';

const RAW_PREVIEW_CHARS = 120;

/** A short, printable preview of a raw wire value for error messages (the full value is kept on the error). */
export function previewRaw(raw: unknown, max = RAW_PREVIEW_CHARS): string {
  if (raw === undefined) return 'undefined';
  if (typeof raw === 'string') {
    const head = JSON.stringify(raw.length > max ? raw.slice(0, max) : raw);
    return raw.length > max ? `${head.slice(0, -1)}…" (${raw.length} chars)` : head;
  }
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/**
 * A wire value that could not be turned into its model. Names the field (a dotted path such as
 * `result` or `items[3].created_at`, empty for the whole body), says what was wrong, and keeps
 * the raw value so support staff can see exactly what arrived.
 */
export class WireDecodeError extends Error {
  override readonly name = 'WireDecodeError';
  readonly code: WireDecodeErrorCode;
  readonly field: string;
  readonly raw: unknown;
  readonly issues?: PathIssue[];

  constructor(
    code: WireDecodeErrorCode,
    field: string,
    raw: unknown,
    problem: string,
    options: { issues?: PathIssue[]; cause?: unknown } = {},
  ) {
    const where = field ? `field '${field}'` : 'response body';
    super(`${where}: ${problem} (raw: ${previewRaw(raw)})`, { cause: options.cause });
    this.code = code;
    this.field = field;
    this.raw = raw;
    if (options.issues) this.issues = options.issues;
  }

  /** The zod issues of `value` at `field` as one error naming the first offending path. */
  static fromZod(field: string, raw: unknown, error: z.ZodError): WireDecodeError {
    const issues = pathIssues(error.issues, field);
    const first = issues[0];
    const shown = issues
      .slice(0, 3)
      .map((i) => `${i.path || '(body)'}: ${i.message}`)
      .join('; ');
    const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
    return new WireDecodeError(
      'schema_mismatch',
      first?.path ?? field,
      raw,
      `does not match the model (${shown}${more})`,
      { issues, cause: error },
    );
  }
}

/**
 * The decoders in this folder throw `WireDecodeError`. Where a caller prefers a value, wrap the
 * call: `wireResult(() => decodeJobInfo('B', body))`.
 */
export type WireResult<T> = { ok: true; value: T } | { ok: false; error: WireDecodeError };

export function wireResult<T>(decode: () => T): WireResult<T> {
  try {
    return { ok: true, value: decode() };
  } catch (error) {
    if (error instanceof WireDecodeError) return { ok: false, error };
    throw error;
  }
}

/** The body must be a JSON object; anything else is `not_an_object` at `field`. */
export function expectObject(value: unknown, field: string): Record<string, unknown> {
  if (isPlainObject(value)) return value;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  throw new WireDecodeError('not_an_object', field, value, `expected a JSON object, got ${kind}`);
}
