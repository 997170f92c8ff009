import type { z } from 'zod';
import type { VariantId } from '../variants/declaration';
import { VARIANTS } from '../variants/declaration';
import type { JobId, JobInfo } from '../variants/jobs';
import { jobIdSchema, jobInfoSchema } from '../variants/jobs';
import { formatIssuePath } from '../variants/issues';
import { formatOptionalHttpDate, parseOptionalWireDate, parseWireDate } from './dates';
import { expectObject, WireDecodeError } from './errors';

/*
 * JobId and JobInfo between their wire form (dates as HTTP-dates) and the model (dates as ISO
 * 8601 UTC). All decoders throw `WireDecodeError`; unknown fields pass through untouched.
 */

const JOB_DATE_FIELDS = ['created_at', 'updated_at', 'completed_at'] as const;

/** Join a prefix such as `items[3]` and a field name the way error paths are written. */
function subField(prefix: string, field: string | number): string {
  return formatIssuePath([field], prefix);
}

/** Copies `wire` with its date fields decoded; `created_at` is required. */
export function decodeJobDates(
  wire: Record<string, unknown>,
  prefix: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...wire };
  const created = subField(prefix, 'created_at');
  if (wire.created_at === undefined) {
    throw new WireDecodeError(
      'schema_mismatch',
      created,
      wire,
      "required field 'created_at' is missing",
    );
  }
  out.created_at = parseWireDate(wire.created_at, created);
  for (const f of ['updated_at', 'completed_at'] as const) {
    if (f in wire) out[f] = parseOptionalWireDate(wire[f], subField(prefix, f));
  }
  return out;
}

/** Validate with a model schema; a mismatch is a `WireDecodeError` naming the first bad path. */
export function validated<T>(
  schema: z.ZodType<T>,
  value: unknown,
  prefix: string,
  raw: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw WireDecodeError.fromZod(prefix, raw, parsed.error);
  return parsed.data;
}

export function decodeJobId(variant: VariantId, body: unknown): JobId {
  const wire = expectObject(body, '');
  return validated(jobIdSchema(variant), wire, '', body);
}

export function encodeJobId(variant: VariantId, jobId: JobId): Record<string, unknown> {
  const out: Record<string, unknown> = { ...jobId };
  // Variant B's JobId has no `message` (spec §2.10): never send one.
  if (!VARIANTS[variant].jobIdMessage) delete out.message;
  return out;
}

/** One JobInfo as the service sends it (`prefix` names it in errors, e.g. `items[3]`). */
export function decodeJobInfo(variant: VariantId, wire: unknown, prefix = ''): JobInfo {
  const obj = expectObject(wire, prefix);
  return validated(jobInfoSchema(variant), decodeJobDates(obj, prefix), prefix, wire);
}

/** `GET /jobs`: `{items: [JobInfo, ...]}`. The first bad item throws, named `items[n]...`. */
export function decodeJobList(variant: VariantId, body: unknown): JobInfo[] {
  const items = listItems(body);
  return items.map((item, i) => decodeJobInfo(variant, item, `items[${i}]`));
}

/** The `items` array of a list response (a bare array is taken too). */
export function listItems(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const obj = expectObject(body, '');
  if (!Array.isArray(obj.items)) {
    throw new WireDecodeError('schema_mismatch', 'items', obj.items, 'expected a list of items');
  }
  return obj.items;
}

/** Model → wire: dates as HTTP-dates, everything else as is. */
function encodeJobDates(info: JobInfo): Record<string, unknown> {
  const out: Record<string, unknown> = { ...info };
  for (const f of JOB_DATE_FIELDS) {
    if (f in info) out[f] = formatOptionalHttpDate(info[f]);
  }
  return out;
}

export function encodeJobInfo(variant: VariantId, info: JobInfo): Record<string, unknown> {
  const out = encodeJobDates(info);
  if (!VARIANTS[variant].jobIdMessage) delete out.message;
  return out;
}

export function encodeJobList(
  variant: VariantId,
  infos: readonly JobInfo[],
): { items: Record<string, unknown>[] } {
  return { items: infos.map((info) => encodeJobInfo(variant, info)) };
}
