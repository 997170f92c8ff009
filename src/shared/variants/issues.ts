import type { z } from 'zod';
import { QUOTED_MAX_CHARS, quoted } from '../text/quote';

/** A validation issue with its location as one readable string (`payload.sampling_payload`). */
export interface PathIssue {
  path: string;
  message: string;
}

/** A validation issue with its location as path segments, for mapping onto a YAML document. */
export interface SegmentIssue {
  path: (string | number)[];
  message: string;
  /** The zod issue code (`invalid_type`, `unrecognized_keys`, `custom`, ...). */
  code: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/**
 * `['items', 3, 'created_at']` → `items[3].created_at`. Keys that are not identifier-like are
 * quoted (`meta["a.b"]`) so the path stays unambiguous.
 */
export function formatIssuePath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      // A key longer than any real one (8 MB of a hostile document's) is shown cut.
      if (key.length > QUOTED_MAX_CHARS) out += `[${quoted(key)}]`;
      else if (IDENTIFIER.test(key)) out += out ? `.${key}` : key;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

function segments(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((s) => (typeof s === 'number' ? s : String(s)));
}

/**
 * Flattens zod issues into one issue per offending location, with messages a person can act
 * on: a missing field says "required", an unknown key becomes an issue on that key itself.
 */
export function segmentIssues(issues: readonly z.core.$ZodIssue[]): SegmentIssue[] {
  const out: SegmentIssue[] = [];
  for (const issue of issues) {
    const path = segments(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          path: [...path, key],
          message: `unknown field ${quoted(key, "'")}`,
          code: issue.code,
        });
      }
    } else if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
      const field = path.length ? String(path[path.length - 1]) : 'value';
      out.push({ path, message: `required field '${field}' is missing`, code: issue.code });
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that got furthest; "no union member matched" helps nobody.
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0] ?? [];
      const nested = segmentIssues(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] })));
      if (nested.length === 0) out.push({ path, message: issue.message, code: issue.code });
      else for (const n of nested) out.push(n);
    } else {
      out.push({ path, message: issue.message, code: issue.code });
    }
  }
  return out;
}

function depth(issues: readonly z.core.$ZodIssue[]): number {
  let deepest = 0;
  for (const i of issues) deepest = Math.max(deepest, i.path.length);
  return deepest;
}

/** zod issues as `{path: 'payload.type', message}` pairs, each path under `prefix`. */
export function pathIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): PathIssue[] {
  return segmentIssues(issues).map((i) => ({
    path: formatIssuePath(i.path, prefix),
    message: i.message,
  }));
}
