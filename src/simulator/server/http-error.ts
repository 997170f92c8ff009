import type { z } from 'zod';
import { segmentIssues } from '../../shared/variants/issues';

/** One wrong field, in the shape FastAPI-style services use: where (`loc`) and what (`msg`). */
export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
}

/**
 * The JSON body of every failed call: the `message` and `code` of docs/wire-format.md ("Errors"),
 * plus `detail` for fields.
 */
export interface ErrorBody {
  message: string;
  code: string;
  detail?: FieldIssue[];
}

/** A failure with the HTTP status and body it is answered with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): ErrorBody {
    return this.detail
      ? { message: this.message, code: this.code, detail: this.detail }
      : { message: this.message, code: this.code };
  }
}

/** A validation failure whose message names every wrong field, so a bare `message` reader sees them. */
export function validationError(issues: FieldIssue[], status = 422, what = 'request'): HttpError {
  const listed = issues.map((i) => `${formatLoc(i.loc)}: ${i.msg}`).join('; ');
  return new HttpError(status, 'validation_error', `invalid ${what}: ${listed}`, issues);
}

export function formatLoc(loc: readonly (string | number)[]): string {
  return loc.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** zod issues as field issues (one per offending location, unknown keys at the key itself). */
export function zodIssues(error: z.ZodError, prefix: (string | number)[] = []): FieldIssue[] {
  return segmentIssues(error.issues).map((issue) => ({
    loc: [...prefix, ...issue.path],
    msg: issue.message,
  }));
}

/** `payload.items[3]["a.b"]` → `['payload', 'items', 3, 'a.b']`: dotted paths back into segments. */
export function pathToLoc(path: string): (string | number)[] {
  const loc: (string | number)[] = [];
  const token = /([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const m of path.matchAll(token)) {
    if (m[1] !== undefined) loc.push(m[1]);
    else if (m[2] !== undefined) loc.push(Number(m[2]));
    else if (m[3] !== undefined) loc.push(JSON.parse(m[3]) as string);
  }
  return loc;
}
