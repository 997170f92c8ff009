import { z } from 'zod';
import { noteSchema, submissionOriginSchema, tagListSchema } from '../annotations/schema';
import {
  fieldProblemSchema,
  jobInfoViewSchema,
  timelineEntrySchema,
  variantIdSchema,
} from '../ipc/schemas';
import { deviceSchema } from '../variants/device';

/**
 * A job bundle: one job or a batch of jobs as one JSON file that can be handed over, opened
 * offline and run again (docs/rerun-tags-bundles.md). Versioned: a reader refuses a version it
 * does not know, with the version it reads. Every field is checked on opening: a bundle is a
 * file from anywhere.
 */
export const BUNDLE_FORMAT = 'quantum-job-studio/job-bundle';
export const BUNDLE_VERSION = 1;
/** Saved as `<name>.qjob.json`. */
export const BUNDLE_SUFFIX = '.qjob.json';
/** The largest bundle written or opened: it must fit one message of browser mode's socket. */
export const BUNDLE_MAX_BYTES = 48 * 1024 * 1024;
export const BUNDLE_MAX_JOBS = 500;

const text = (max: number) => z.string().max(max);
const MB = 1024 * 1024;

export const bundlePayloadSchema = z.strictObject({
  /** The payload document. */
  text: text(20 * MB),
  /**
   * `submitted`: the bytes submitted from this app or qjob, kept at submission; `service`:
   * rebuilt from the payload the service returned (same content, maybe other spacing).
   */
  source: z.enum(['submitted', 'service']),
  /** Something secret-looking was found in it and replaced: no longer what was sent. */
  redacted: z.boolean(),
});

export const bundleDeviceSchema = z.strictObject({
  code: z.string().max(200).nullable(),
  id: z.number().int(),
  /** The device's record, when known. */
  record: deviceSchema.nullable(),
  /**
   * When `record` was seen: `submission` (listed when the job was submitted from here),
   * `export` (listed when the bundle was made: maybe changed since the job ran), `unknown`.
   */
  seen: z.enum(['submission', 'export', 'unknown']),
  seenAt: z.string().max(40).nullable(),
});

export const bundleJobSchema = z.strictObject({
  /** The job's record as the service sent it (the lightweight fields). */
  record: jobInfoViewSchema,
  payload: bundlePayloadSchema.nullable(),
  /** The decoded result (as the app's viewers read it), or null. */
  result: z.unknown().optional(),
  logs: text(20 * MB).nullable(),
  error: text(MB).nullable(),
  error_logs: text(20 * MB).nullable(),
  /** Fields of the detail that could not be decoded, with their raw text. */
  problems: z.array(fieldProblemSchema).max(100),
  /** Every status this app saw the job in, oldest first. */
  timeline: z.array(timelineEntrySchema).max(10_000),
  device: bundleDeviceSchema,
  tags: tagListSchema,
  note: noteSchema,
  origin: submissionOriginSchema.nullable(),
  /** When the detail was fetched, and whether from the local store (offline). */
  fetchedAt: z.string().max(40),
  fromCache: z.boolean(),
});

export const bundleSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  createdAt: z.string().max(40),
  app: z.strictObject({
    name: z.string().max(100),
    version: z.string().max(100),
    shell: z.enum(['electron', 'web', 'cli']),
  }),
  source: z.strictObject({
    variant: variantIdSchema,
    /** The connection's name. */
    connection: z.string().max(200),
    /** The service's address, without any user or password; null for the built-in simulator. */
    service: z.string().max(2000).nullable(),
  }),
  /** How many texts had secret-looking values replaced by `[redacted]`. */
  redactions: z.number().int().nonnegative(),
  jobs: z.array(bundleJobSchema).min(1).max(BUNDLE_MAX_JOBS),
});

export type Bundle = z.infer<typeof bundleSchema>;
export type BundleJob = z.infer<typeof bundleJobSchema>;
export type BundlePayload = z.infer<typeof bundlePayloadSchema>;
