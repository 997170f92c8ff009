import { z } from 'zod';
import type { JobTypeOf, VariantId } from './declaration';
import { VARIANTS } from './declaration';
import { DESCRIPTIONS } from './descriptions';
import { datetimeSchema } from './datetime';
import { jobStatusSchema } from './enums';
import type { JobStatus } from './enums';
import type { ExecutePayload, ExecuteResult } from './payload';
import { executePayloadSchema, executeResultSchema, jobTypeSchema } from './payload';

/** JobId (§2.10): `message` exists in Variant A only. */
export interface JobId {
  id: number;
  message?: string | null;
  [extra: string]: unknown;
}

/** JobInfo (§2.10): the lightweight form for listing and polling. */
export interface JobInfo extends JobId {
  name: string;
  description: string;
  device_id: number;
  /** Required in Variant B; Variant A's records may lack it. */
  status?: JobStatus | null;
  created_at: string;
  updated_at?: string | null;
  completed_at?: string | null;
}

/** JobDetail (§2.10): the full form. */
export interface JobDetail<V extends VariantId = VariantId> extends JobInfo {
  payload?: ExecutePayload<V> | null;
  result?: ExecuteResult<V> | null;
  /** Variant B only. */
  jobType?: JobTypeOf<V> | null;
  logs?: string | null;
  error?: string | null;
  error_logs?: string | null;
}

/**
 * The light fields of a job record, in the order of §2.10 (JobId, JobInfo, then JobDetail's
 * `jobType`): what a list row, a job's summary and a support ticket show. The heavy ones
 * (payload, result, logs, errors) are DETAIL_FIELDS of the IPC contract.
 */
export const JOB_RECORD_FIELDS = [
  'id',
  'message',
  'name',
  'description',
  'device_id',
  'status',
  'jobType',
  'created_at',
  'updated_at',
  'completed_at',
] as const;
export type JobRecordField = (typeof JOB_RECORD_FIELDS)[number];

const cache = new Map<string, z.ZodType>();
function memo<T>(key: string, build: () => z.ZodType): z.ZodType<T> {
  let hit = cache.get(key);
  if (!hit) {
    hit = build();
    cache.set(key, hit);
  }
  return hit as z.ZodType<T>;
}

function jobIdShape(variant: VariantId): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { id: z.number().int().nonnegative() };
  if (VARIANTS[variant].jobIdMessage) {
    shape.message = z
      .string()
      .nullable()
      .optional()
      .meta({ description: DESCRIPTIONS.jobIdMessage });
  }
  return shape;
}

function jobInfoShape(variant: VariantId): Record<string, z.ZodType> {
  return {
    ...jobIdShape(variant),
    name: z.string(),
    description: z.string(),
    device_id: z.number().int(),
    status: VARIANTS[variant].jobInfoStatusRequired
      ? jobStatusSchema
      : jobStatusSchema.nullable().optional(),
    created_at: datetimeSchema,
    updated_at: datetimeSchema.nullable().optional(),
    completed_at: datetimeSchema.nullable().optional(),
  };
}

export function jobIdSchema(variant: VariantId): z.ZodType<JobId> {
  return memo(`jobId:${variant}`, () =>
    z.looseObject(jobIdShape(variant)).meta({ description: DESCRIPTIONS.jobId }),
  );
}

export function jobInfoSchema(variant: VariantId): z.ZodType<JobInfo> {
  return memo(`jobInfo:${variant}`, () => z.looseObject(jobInfoShape(variant)));
}

/**
 * JobDetail as the model holds it (after the wire codecs): payload decoded from its JSON string
 * (functional objects still YAML strings), result decoded from base64 JSON, texts decoded.
 */
export function jobDetailSchema<V extends VariantId>(variant: V): z.ZodType<JobDetail<V>> {
  return memo(`jobDetail:${variant}`, () => {
    const shape: Record<string, z.ZodType> = {
      ...jobInfoShape(variant),
      payload: executePayloadSchema(variant, { strict: false }).nullable().optional(),
      result: executeResultSchema(variant).nullable().optional(),
      logs: z.string().nullable().optional(),
      error: z.string().nullable().optional(),
      error_logs: z.string().nullable().optional(),
    };
    if (VARIANTS[variant].jobDetailJobType) {
      shape.jobType = jobTypeSchema(variant).nullable().optional();
    }
    return z.looseObject(shape);
  });
}
