import { z } from 'zod';
import { fieldProblemSchema } from '../../shared/ipc/schemas';
import type { JobDetail, JobStatus } from '../../shared/variants';
import { jobDetailSchema, jobStatusSchema } from '../../shared/variants';
import type { CachedDetail, TimelineEntry } from './types';
import { OBSERVATION_SOURCES } from './types';

/*
 * Rows of the `details` and `timeline` tables, checked as they are read: the file may come from
 * an older version of the app or be damaged, and what does not fit is reported and left out,
 * never handed on under a type it does not have. (Record rows: record-columns.ts.)
 */

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const detailRowSchema = z.object({
  detail: z.string(),
  problems: z.string(),
  fetched_at: z.string(),
});

// The store does not know the profile's variant; a kept detail must be one of either.
const storedDetailSchema = z.union([jobDetailSchema('A'), jobDetailSchema('B')]);
const problemsSchema = z.array(fieldProblemSchema);

function firstIssue(error: z.ZodError): string {
  let issue: z.core.$ZodIssue | undefined = error.issues[0];
  // A detail fits neither variant: say what broke the first (both usually agree).
  const inner = issue?.code === 'invalid_union' ? issue.errors[0]?.[0] : undefined;
  if (inner) issue = { ...inner, path: [...(issue?.path ?? []), ...inner.path] };
  if (!issue) return 'does not fit';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A `details` row (detail and problems as JSON text) as the CachedDetail it was written from. */
export function readDetailRow(raw: unknown): Read<CachedDetail> {
  const row = detailRowSchema.safeParse(raw);
  if (!row.success) return { ok: false, problem: firstIssue(row.error) };
  const detailJson = parseJson(row.data.detail);
  if (!detailJson.ok) return { ok: false, problem: 'detail: not JSON' };
  const detail = storedDetailSchema.safeParse(detailJson.value);
  if (!detail.success) return { ok: false, problem: `detail: ${firstIssue(detail.error)}` };
  const problemsJson = parseJson(row.data.problems);
  if (!problemsJson.ok) return { ok: false, problem: 'problems: not JSON' };
  const problems = problemsSchema.safeParse(problemsJson.value);
  if (!problems.success) return { ok: false, problem: `problems: ${firstIssue(problems.error)}` };
  return {
    ok: true,
    value: {
      detail: detail.data as JobDetail,
      problems: problems.data,
      fetchedAt: row.data.fetched_at,
    },
  };
}

const timelineRowSchema = z.object({
  status: jobStatusSchema,
  at: z.string(),
  source: z.enum(OBSERVATION_SOURCES),
  kept: jobStatusSchema.nullable().optional(),
});

export function readTimelineRow(raw: unknown): Read<TimelineEntry> {
  const row = timelineRowSchema.safeParse(raw);
  if (!row.success) return { ok: false, problem: firstIssue(row.error) };
  const { kept, ...entry } = row.data;
  return { ok: true, value: kept ? { ...entry, anomaly: { kept } } : entry };
}

const statusRowSchema = z.object({ status: jobStatusSchema });

/** The status of a `timeline` row, or null when there is none or it is not a status. */
export function readStatusRow(raw: unknown): JobStatus | null {
  const row = statusRowSchema.safeParse(raw);
  return row.success ? row.data.status : null;
}
