import { z } from 'zod';
import { deviceSchema } from '../variants/device';
import { jobStatusSchema } from '../variants/enums';
import { submissionOriginSchema } from '../annotations/schema';

/** Schemas of the values that cross the IPC boundary. Tokens never appear in any of them. */

export const variantIdSchema = z.enum(['A', 'B']);

export const profileIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, dot, dash, underscore');

export const endpointPathsSchema = z.strictObject({
  login: z.string().startsWith('/').optional(),
  refresh: z.string().startsWith('/').optional(),
  devices: z.string().startsWith('/').optional(),
  jobs: z.string().startsWith('/').optional(),
  job: z.string().startsWith('/').optional(),
  execute: z.string().startsWith('/').optional(),
  /** POST, cancels a job; none by default (src/shared/jobs/cancel-support.ts). */
  cancel: z.string().startsWith('/').optional(),
});

const queryMapSchema = z.record(z.string().min(1).max(100), z.string().max(200));

/**
 * The heavy parts of a job detail, each asked for by the query flag of the same name
 * (docs/wire-format.md, "Job lookups"). A running job's detail asks for `logs` alone: what changes
 * while it runs.
 */
export const DETAIL_FIELDS = ['payload', 'result', 'logs', 'error_logs', 'error'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const detailFieldSchema = z.enum(DETAIL_FIELDS);

/** Query flags of the job lookup (`full`: payload, result, logs; `light`: the polling lookup). */
export const queryFlagsViewSchema = z.strictObject({
  full: queryMapSchema.optional(),
  light: queryMapSchema.optional(),
});

/** One attempt of a call to the service waits this long when a profile sets no `timeoutMs`. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The whole wait of one call when a profile sets no `deadlineMs`: one attempt at the default
 * time-out and a shorter second one. Someone waiting on a GET learns within ~45 s that the
 * service is not answering, where the retries alone (4 attempts of 30 s) would keep them ~2 min.
 */
export const DEFAULT_DEADLINE_MS = 45_000;

/**
 * A connection profile's fields, declared once: the IPC contract checks them strictly, the
 * settings file (src/core/profiles) loosely so a newer version's extra keys survive.
 */
export const profileShape = {
  id: profileIdSchema,
  name: z.string().min(1).max(80),
  /**
   * Required for a real service. Built-in simulator profiles carry the running simulator's URL
   * when it runs and none before it started.
   */
  baseUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).optional(),
  variant: variantIdSchema,
  user: z.string().max(200).optional(),
  /** The login assertion's audience; defaults to the base URL. */
  audience: z.string().max(500).optional(),
  paths: endpointPathsSchema.optional(),
  flags: queryFlagsViewSchema.optional(),
  pollIntervalMs: z.number().int().min(250).max(600_000).optional(),
  /** Time-out of one attempt of a call to the service. */
  timeoutMs: z.number().int().min(100).max(600_000).optional(),
  /** The whole wait of one call, its retries included (never less than one attempt's time-out). */
  deadlineMs: z.number().int().min(100).max(600_000).optional(),
  /** Built-in profiles point at the embedded simulator; their baseUrl is filled in at run time. */
  builtin: z.enum(['simulator']).optional(),
};

/** The rules across fields of a profile, shared by both forms. */
export function checkProfile(
  p: {
    builtin?: string | undefined;
    baseUrl?: string | undefined;
    paths?: { job?: string | undefined; cancel?: string | undefined } | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (!p.builtin && p.baseUrl === undefined) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'a base URL is required' });
  }
  for (const key of ['job', 'cancel'] as const) {
    const path = p.paths?.[key];
    if (path !== undefined && !path.includes('{id}')) {
      ctx.addIssue({
        code: 'custom',
        path: ['paths', key],
        message: `the ${key} path must contain '{id}'`,
      });
    }
  }
}

export const profileSchema = z.strictObject(profileShape).superRefine(checkProfile);
export type ProfileView = z.infer<typeof profileSchema>;

export const sessionStateSchema = z.strictObject({
  profileId: profileIdSchema.nullable(),
  state: z.enum(['logged-out', 'logging-in', 'active', 'refreshing', 'reconnecting', 'expired']),
  user: z.string().nullable(),
  /** ISO 8601; when the access token expires. */
  expiresAt: z.string().nullable(),
  /** Where the session's secret lives; `secure: false` means it is only in memory (say so). */
  secretStore: z.strictObject({
    kind: z.enum(['keychain', 'encrypted-file', 'plain-file', 'memory']),
    secure: z.boolean(),
  }),
  message: z.string().nullable(),
  /**
   * Set when the service's answers say it speaks the other data-model variant than this
   * connection is set to: which one, and the sentence that says why and how to switch.
   */
  variantMismatch: z
    .strictObject({ detected: variantIdSchema, message: z.string() })
    .nullable()
    .optional(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/**
 * The code of a field "problem" that says a text part (logs, error logs) is shown cut because it
 * was larger than the client keeps: the text is there, its message says which part.
 */
export const TRUNCATED_PROBLEM_CODE = 'truncated';

/**
 * A decode problem of one field of a job detail (docs/wire-format.md, "Errors": the raw text stays
 * visible).
 */
export const fieldProblemSchema = z.strictObject({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  raw: z.string().nullable(),
});

/** Models crossing IPC are validated loosely: the shared variant schemas validated them on arrival. */
export const jobInfoViewSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  device_id: z.number().int(),
  status: jobStatusSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
  completed_at: z.string().nullable().optional(),
});

/**
 * Why the local job store answered instead of the service: nobody is logged in (the service was
 * not asked), or the service did not answer. Only the second is "offline".
 */
export const storeReasonSchema = z.enum(['logged-out', 'unreachable']);
export type StoreReason = z.infer<typeof storeReasonSchema>;

export const jobDetailViewSchema = z.strictObject({
  detail: jobInfoViewSchema,
  problems: z.array(fieldProblemSchema),
  /** ISO time the detail was fetched; from the local cache when `fromCache`. */
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** Why the local store answered instead of the service (and what it lacks), when `fromCache`. */
  offline: z.string().nullable().optional(),
  /** The kind of that reason, when `fromCache` because of one. */
  storeReason: storeReasonSchema.nullable().optional(),
});

/** Whether the local job store survives a restart (SQLite), and why not when it does not. */
export const cacheStatusSchema = z.strictObject({
  persistent: z.boolean(),
  message: z.string().nullable(),
});

/** One status this app saw a job in (`jobs.history`). */
export const timelineEntrySchema = z.strictObject({
  status: jobStatusSchema,
  at: z.string(),
  source: z.enum(['list', 'lookup', 'watch', 'detail']),
  /**
   * A status the service reported that would have moved the job back (completed, then running):
   * a service anomaly, not taken; the job stayed `kept`.
   */
  anomaly: z.strictObject({ kept: jobStatusSchema }).optional(),
});

export const devicesViewSchema = z.strictObject({
  devices: z.array(deviceSchema),
  fetchedAt: z.string(),
});

export const templateSchema = z.strictObject({
  id: z.string(),
  variant: variantIdSchema,
  executeType: z.string(),
  title: z.string(),
  description: z.string(),
  text: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const submitInputSchema = z.strictObject({
  /** The payload document exactly as the user wrote it. */
  text: z.string().max(20_000_000),
  deviceCode: z.string().min(1).max(200),
  name: z.string().max(200).optional(),
  /** Where the text came from (a rerun opened in the editor, a bundle), kept with the new job. */
  origin: submissionOriginSchema.optional(),
});

export const submitResultSchema = z.strictObject({
  jobId: z.number().int(),
  executeType: z.string(),
  message: z.string().nullable(),
});

export const connectionTestSchema = z.strictObject({
  ok: z.boolean(),
  /** What was reached, in words: "HTTP 200 from /devices: 5 devices" or the failure. */
  summary: z.string(),
  steps: z.array(z.strictObject({ step: z.string(), ok: z.boolean(), detail: z.string() })),
});

export const jobStatusEventSchema = z.strictObject({
  profileId: profileIdSchema,
  jobId: z.number().int(),
  from: jobStatusSchema.nullable(),
  to: jobStatusSchema,
  at: z.string(),
});

/**
 * A followed job's record and logs (`jobs.follow`), sent by the core's job poller when they
 * changed: the same view a `jobs.get` of its `logs` answers.
 */
export const jobLiveEventSchema = z.strictObject({
  profileId: profileIdSchema,
  jobId: z.number().int(),
  view: jobDetailViewSchema,
});

export const connectionEventSchema = z.strictObject({
  profileId: profileIdSchema,
  state: z.enum(['online', 'reconnecting', 'offline']),
  retryAt: z.string().nullable(),
  message: z.string().nullable(),
});

export const appInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** 'electron' in the desktop app, 'web' in browser mode. */
  shell: z.enum(['electron', 'web']),
  dataDir: z.string(),
  logFile: z.string().nullable(),
});

export const fileResultSchema = z.strictObject({
  path: z.string(),
  text: z.string(),
});

/** Commands the desktop menu sends to the UI (`ui.command`); the UI binds the same keys itself in browser mode. */
const UI_COMMANDS = [
  'tab.new',
  'tab.close',
  'file.open',
  'file.save',
  'file.saveAs',
  'job.submit',
  'job.openById',
  'job.open',
  'view.editor',
  'view.devices',
  'view.jobs',
  'view.batches',
  'app.about',
] as const;
export type UiCommandName = (typeof UI_COMMANDS)[number];

export const uiCommandSchema = z.strictObject({
  command: z.enum(UI_COMMANDS),
  /** For `job.open` (a notification was clicked): the job to show. */
  jobId: z.number().int().nonnegative().optional(),
  /** For `job.open`: the connection the job belongs to (the same id means another job elsewhere). */
  profileId: profileIdSchema.optional(),
});
export type UiCommand = z.infer<typeof uiCommandSchema>;
