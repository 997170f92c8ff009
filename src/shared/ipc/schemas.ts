import { z } from 'zod';
import { deviceSchema } from '../variants/device';
import { jobStatusSchema } from '../variants/enums';

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
});

export const profileSchema = z.strictObject({
  id: profileIdSchema,
  name: z.string().min(1).max(80),
  baseUrl: z.string().url(),
  variant: variantIdSchema,
  user: z.string().max(200).optional(),
  audience: z.string().max(500).optional(),
  paths: endpointPathsSchema.optional(),
  pollIntervalMs: z.number().int().min(250).max(600_000).optional(),
  /** Built-in profiles point at the embedded simulator; their baseUrl is filled in at run time. */
  builtin: z.enum(['simulator']).optional(),
});
export type ProfileView = z.infer<typeof profileSchema>;

export const sessionStateSchema = z.strictObject({
  profileId: profileIdSchema.nullable(),
  state: z.enum(['logged-out', 'logging-in', 'active', 'refreshing', 'reconnecting', 'expired']),
  user: z.string().nullable(),
  /** ISO 8601; when the access token expires. */
  expiresAt: z.string().nullable(),
  /** Where the session's secret lives; `secure: false` means it is only in memory (say so). */
  secretStore: z.strictObject({
    kind: z.enum(['keychain', 'encrypted-file', 'memory']),
    secure: z.boolean(),
  }),
  message: z.string().nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** A decode problem of one field of a job detail (wire-facts: keep the raw text visible). */
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

export const jobDetailViewSchema = z.strictObject({
  detail: jobInfoViewSchema,
  problems: z.array(fieldProblemSchema),
  /** ISO time the detail was fetched; from the local cache when `fromCache`. */
  fetchedAt: z.string(),
  fromCache: z.boolean(),
});
export type JobDetailView = z.infer<typeof jobDetailViewSchema>;

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
