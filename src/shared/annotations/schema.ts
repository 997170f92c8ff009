import { z } from 'zod';
import { quoted } from '../text/quote';

/**
 * Tags and notes people put on jobs, and where a job they submitted came from. Kept on this
 * computer only (the service knows nothing of them); the rules here are checked wherever a tag
 * or a note arrives: the IPC contract, the CLI, an opened bundle.
 */

export const TAG_MAX_CHARS = 40;
export const TAGS_PER_JOB_MAX = 20;
export const NOTE_MAX_CHARS = 10_000;

/** Letters and digits of any script, then also `.`, `_`, `-` and `/`: no spaces, no `:`. */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

/**
 * One tag, compared and stored in lower case (`Calib` and `calib` are one tag). The messages
 * say what is wrong with it, for people who typed it.
 */
export const tagSchema = z
  .string()
  .trim()
  .min(1, 'a tag cannot be empty')
  .max(TAG_MAX_CHARS, `a tag has at most ${TAG_MAX_CHARS} characters`)
  .regex(
    TAG_PATTERN,
    'a tag starts with a letter or digit and holds only letters, digits, ".", "_", "-" and "/"',
  )
  .toLowerCase();

export const tagListSchema = z
  .array(tagSchema)
  .max(TAGS_PER_JOB_MAX, `a job has at most ${TAGS_PER_JOB_MAX} tags`);

export const noteSchema = z
  .string()
  .max(NOTE_MAX_CHARS, `a note has at most ${NOTE_MAX_CHARS.toLocaleString('en')} characters`);

/** The first problem of a tag, in words with the tag quoted, or null when it is a valid tag. */
export function tagProblem(text: string): string | null {
  const parsed = tagSchema.safeParse(text);
  return parsed.success
    ? null
    : `${quoted(text, "'")}: ${parsed.error.issues[0]?.message ?? 'not a tag'}`;
}

/** Sorted, without duplicates: the one order tags are kept and shown in. */
export function normalTags(tags: readonly string[]): string[] {
  return [...new Set(tags)].sort();
}

/**
 * Where a submitted job's payload came from, recorded at submission: another job of the same
 * connection (a rerun), a bundle file, or nothing recorded (the editor). A sweep will add its
 * own kind.
 */
export const submissionOriginSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rerun'), jobId: z.number().int().nonnegative() }),
  z.strictObject({
    kind: z.literal('bundle'),
    /** The job's id where the bundle was made (another service's, maybe). */
    jobId: z.number().int().nonnegative().nullable(),
    /** The bundle's file name, as it was opened. */
    file: z.string().max(500),
  }),
]);
export type SubmissionOrigin = z.infer<typeof submissionOriginSchema>;

/** What the app keeps about one job beside the service's record. */
export const jobAnnotationsSchema = z.strictObject({
  jobId: z.number().int().nonnegative(),
  tags: z.array(z.string()),
  note: z.string(),
  /** ISO 8601: the note's last change; null without a note. */
  noteUpdatedAt: z.string().nullable(),
  /** Where this job's payload came from, when this app (or qjob) submitted it. */
  origin: submissionOriginSchema.nullable(),
  /** Jobs submitted again from this one, oldest first. */
  reruns: z.array(z.number().int().nonnegative()),
  /** Whether the payload text exactly as submitted is kept (submitted from here). */
  payloadKept: z.boolean(),
});
export type JobAnnotations = z.infer<typeof jobAnnotationsSchema>;
