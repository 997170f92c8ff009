import { z } from 'zod';
import { jobStatusSchema } from '../variants/enums';
import { MAX_BATCH_NAME, sweepSpecSchema } from '../sweeps/sweep-spec';
import { DOCUMENT_MAX_CHARS } from './limits';

/**
 * A member's part in its batch: `planned` (not sent), `sending` (the request is out; a restart
 * finds it so and looks it up), `submitted` (it has its job), `unknown` (the request was sent
 * but no answer came: it may or may not have made a job), `failed` (the service refused it).
 */
export const memberStateSchema = z.enum(['planned', 'sending', 'submitted', 'unknown', 'failed']);
export type MemberState = z.infer<typeof memberStateSchema>;

/** `running` sends its planned members; `paused` sends nothing until resumed; `done` has sent every member it could. */
export const batchStateSchema = z.enum(['running', 'paused', 'done']);
export type BatchState = z.infer<typeof batchStateSchema>;

/** Submissions per second: a few, so a sweep never floods the service. */
export const DEFAULT_BATCH_RATE = 2;
export const batchRateSchema = z.number().min(0.1).max(20);

export const batchMemberSchema = z.strictObject({
  index: z.number().int().positive(),
  name: z.string(),
  /** One value per swept parameter, in the batch's order. */
  values: z.array(z.number()),
  state: memberStateSchema,
  jobId: z.number().int().nonnegative().nullable(),
  /** How many times its request was sent. */
  attempts: z.number().int().nonnegative(),
  /** Why it failed, or what is known of an unknown outcome. */
  error: z.string().nullable(),
  /** When its latest request was sent (ISO 8601). */
  sentAt: z.string().nullable(),
  /** Its job's latest status the app has seen, when it has a job. */
  jobStatus: jobStatusSchema.nullable(),
});
export type BatchMember = z.infer<typeof batchMemberSchema>;

export const batchSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  deviceCode: z.string(),
  executeType: z.string(),
  createdAt: z.string(),
  state: batchStateSchema,
  ratePerSecond: batchRateSchema,
  combine: sweepSpecSchema.shape.combine,
  /** The swept parameters and their values, in order. */
  parameters: z.array(z.strictObject({ path: z.string(), values: z.array(z.number()) })),
  /** Why a running batch stopped (a lost connection, a refused login), when it did. */
  note: z.string().nullable(),
  counts: z.strictObject({
    total: z.number().int(),
    planned: z.number().int(),
    submitted: z.number().int(),
    unknown: z.number().int(),
    failed: z.number().int(),
  }),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchViewSchema = batchSummarySchema.extend({
  members: z.array(batchMemberSchema),
});
export type BatchView = z.infer<typeof batchViewSchema>;

export const batchCreateSchema = z.strictObject({
  /** The payload document the sweep is over, as written. */
  text: z.string().max(DOCUMENT_MAX_CHARS),
  sweep: sweepSpecSchema,
  name: z.string().trim().min(1).max(MAX_BATCH_NAME),
  deviceCode: z.string().min(1).max(200),
  ratePerSecond: batchRateSchema.optional(),
});
export type BatchCreate = z.infer<typeof batchCreateSchema>;

export const batchIdInputSchema = z.strictObject({ id: z.string().min(1).max(100) });

const batchCall = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, doc: string) => ({
  input,
  output,
  doc,
});

/** The `batches.*` calls of the contract (a sweep sent as one local batch: docs/sweeps.md). */
export const batchCalls = {
  'batches.list': batchCall(
    z.strictObject({}),
    z.strictObject({
      batches: z.array(batchSummarySchema),
      /** Why batches are kept in memory only, when they are. */
      storage: z.string().nullable(),
    }),
    'The batches of the active connection, newest first.',
  ),
  'batches.get': batchCall(batchIdInputSchema, batchViewSchema, 'One batch with every member.'),
  'batches.create': batchCall(
    batchCreateSchema,
    batchViewSchema,
    'Plan a sweep, check every member payload, keep the batch and start sending it (rate-limited).',
  ),
  'batches.pause': batchCall(
    batchIdInputSchema,
    batchViewSchema,
    'Stop sending after the request in flight.',
  ),
  'batches.resume': batchCall(batchIdInputSchema, batchViewSchema, 'Go on sending a paused batch.'),
  'batches.retry': batchCall(
    batchIdInputSchema.extend({
      indexes: z.array(z.number().int().positive()).max(1000).optional(),
    }),
    batchViewSchema,
    'Send failed members again, and unknown ones after one more look in the job list.',
  ),
  'batches.dryRun': batchCall(
    z.strictObject({ text: z.string().max(DOCUMENT_MAX_CHARS), deviceCode: z.string().max(200) }),
    z.strictObject({
      deviceCode: z.string(),
      resultYaml: z.string().nullable(),
      error: z.string().nullable(),
    }),
    "Run one payload on the simulator's engine in the app, sending nothing: a sweep's first member.",
  ),
} as const;

export const batchChangedEventSchema = z.strictObject({ id: z.string() });
