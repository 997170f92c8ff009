import type { z } from 'zod';
import type { DetailField } from '../../shared/ipc/schemas';
import { endpointPathsSchema, queryFlagsViewSchema } from '../../shared/ipc/schemas';

/**
 * Endpoint paths and query flags. The specification leaves most of them "not shown"; the
 * defaults are what the real service answers to (docs/wire-format.md, "Paths"), and every one
 * can be overridden per connection profile ("Profile overrides" there): what the specification
 * does not say is configurable, never guessed in code.
 */
export interface EndpointPaths {
  login: string;
  refresh: string;
  devices: string;
  jobs: string;
  /** Must contain `{id}`. */
  job: string;
  execute: string;
  /** POST, cancels a job (must contain `{id}`); null: the connection cannot cancel. */
  cancel: string | null;
}

const DEFAULT_PATHS: Readonly<EndpointPaths> = Object.freeze({
  login: '/authorisation-tokens',
  refresh: '/authorisation-tokens/refresh',
  devices: '/devices',
  jobs: '/jobs',
  job: '/jobs/{id}',
  execute: '/execute',
  // Not in the service's documented interface: a profile names it, or there is none.
  cancel: null,
});

/**
 * Query parameters of the job lookup. `full` asks for payload, result, logs and errors;
 * `light` is the cheap lookup used for polling (docs/wire-format.md, "Job lookups": flags false or
 * absent).
 */
export interface QueryFlags {
  full: Record<string, string>;
  light: Record<string, string>;
}

export const DEFAULT_FLAGS: Readonly<QueryFlags> = Object.freeze({
  full: { payload: 'true', result: 'true', logs: 'true', error_logs: 'true', error: 'true' },
  light: {},
});

/** Declared with the profile it belongs to (src/shared/ipc). */
const queryFlagsSchema = queryFlagsViewSchema;
export type QueryFlagsOverride = z.infer<typeof queryFlagsSchema>;

const pathsOverrideSchema = endpointPathsSchema
  .refine((p) => p.job === undefined || p.job.includes('{id}'), {
    message: "the job path must contain '{id}'",
    path: ['job'],
  })
  .refine((p) => p.cancel === undefined || p.cancel.includes('{id}'), {
    message: "the cancel path must contain '{id}'",
    path: ['cancel'],
  });
export type EndpointPathsOverride = z.infer<typeof endpointPathsSchema>;

export function resolvePaths(override?: EndpointPathsOverride): EndpointPaths {
  const parsed = pathsOverrideSchema.parse(override ?? {});
  const out: EndpointPaths = { ...DEFAULT_PATHS };
  for (const key of Object.keys(out) as (keyof EndpointPaths)[]) {
    const value = parsed[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Overrides replace a map whole: a profile that names its own flags does not inherit ours. */
export function resolveFlags(override?: QueryFlagsOverride): QueryFlags {
  const parsed = queryFlagsSchema.parse(override ?? {});
  return {
    full: { ...(parsed.full ?? DEFAULT_FLAGS.full) },
    light: { ...(parsed.light ?? DEFAULT_FLAGS.light) },
  };
}

/**
 * The lookup that asks for some parts of a detail only: the light flags plus, from the full
 * map, the flag named like each part. A profile whose full map names its flags differently
 * gives no way to pick one part, so it gets the full lookup: more bytes, never fewer fields.
 */
export function flagsForFields(
  flags: QueryFlags,
  fields: readonly DetailField[],
): Record<string, string> {
  if (!fields.every((f) => Object.prototype.hasOwnProperty.call(flags.full, f)))
    return { ...flags.full };
  const query: Record<string, string> = { ...flags.light };
  for (const f of fields) query[f] = flags.full[f]!;
  return query;
}

/**
 * The cheap lookup plus the flag that asks for the job's `error` text: how a job whose records
 * carry no status is checked for having failed. The flag is taken from the full lookup's map;
 * a profile whose map has no `error` entry gets the full lookup, which surely includes it.
 */
export function errorCheckQuery(flags: QueryFlags): Record<string, string> {
  return flagsForFields(flags, ['error']);
}

/**
 * Joins the base URL (which ends in an API version segment, e.g. `/api/v1`) and a path.
 * `new URL(path, base)` would drop that segment for paths starting with `/`, hence by hand.
 */
export function endpointUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string> = {},
): URL {
  const base = baseUrl.replace(/\/+$/, '');
  const url = new URL(base + (path.startsWith('/') ? path : `/${path}`));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

export function jobPath(template: string, id: number): string {
  return template.replace('{id}', encodeURIComponent(String(id)));
}
