import { z } from 'zod';
import {
  VARIANT_IDS,
  executePayloadSchema,
  executeResultSchema,
  jobStatusSchema,
} from '../../shared/variants';
import type { ExecutePayload, ExecuteResult, JobStatus, VariantId } from '../../shared/variants';

/** Bumped when the stored shape changes incompatibly; older files are then migrated or set aside. */
export const STORED_JOB_FORMAT = 1;

const isoDate = z.iso.datetime({ offset: true });

/**
 * A job as it is kept on disk (one JSON file per job). The logs live beside it in an
 * append-only text file, so a growing log never rewrites the record.
 */
const storedJobBase = z.strictObject({
  format: z.literal(STORED_JOB_FORMAT),
  id: z.number().int().positive(),
  variant: z.enum(VARIANT_IDS),
  name: z.string(),
  description: z.string(),
  device_id: z.number().int(),
  device_code: z.string().min(1),
  execute_type: z.string().min(1),
  job_type: z.string().nullable(),
  status: jobStatusSchema,
  created_at: isoDate,
  updated_at: isoDate.nullable(),
  completed_at: isoDate.nullable(),
  payload: z.record(z.string(), z.unknown()),
  meta: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  error_logs: z.string().nullable(),
  /** The notice returned with the JobId (Variant A's `message`), kept for the record. */
  notice: z.string().nullable(),
});

export interface StoredJob {
  format: typeof STORED_JOB_FORMAT;
  id: number;
  variant: VariantId;
  name: string;
  description: string;
  device_id: number;
  device_code: string;
  execute_type: string;
  job_type: string | null;
  status: JobStatus;
  created_at: string;
  updated_at: string | null;
  completed_at: string | null;
  payload: ExecutePayload;
  meta: Record<string, unknown>;
  result: ExecuteResult | null;
  error: string | null;
  error_logs: string | null;
  notice: string | null;
}

/**
 * Validate a stored record, payload and result included, against its own variant's models:
 * a file that parses as JSON but no longer fits is as corrupt as one that does not parse.
 */
export function parseStoredJob(
  value: unknown,
): { ok: true; job: StoredJob } | { ok: false; reason: string } {
  const base = storedJobBase.safeParse(value);
  if (!base.success) return { ok: false, reason: z.prettifyError(base.error) };
  const variant = base.data.variant;
  const payload = executePayloadSchema(variant, { strict: false }).safeParse(base.data.payload);
  if (!payload.success) {
    return { ok: false, reason: `payload: ${z.prettifyError(payload.error)}` };
  }
  let result: ExecuteResult | null = null;
  if (base.data.result !== null) {
    const parsed = executeResultSchema(variant).safeParse(base.data.result);
    if (!parsed.success) return { ok: false, reason: `result: ${z.prettifyError(parsed.error)}` };
    result = parsed.data;
  }
  return { ok: true, job: { ...base.data, variant, payload: payload.data, result } };
}
