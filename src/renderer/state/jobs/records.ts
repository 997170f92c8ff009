import { JOB_RECORD_FIELDS, isTerminalStatus } from '../../../shared/variants';
import type { JobRecordField } from '../../../shared/variants';
import { TRUNCATED_PROBLEM_CODE } from '../../../shared/ipc/schemas';
import { readLogProgress } from '../../../shared/jobs/log-progress';
import type { JobsStoreParts } from './bookkeeping';
import type { JobRecord } from './initialState';

/** The lightweight fields a detail or lookup refreshes on its list row (never the heavy ones). */
const RECORD_FIELDS = JOB_RECORD_FIELDS.filter(
  (f): f is Exclude<JobRecordField, 'id' | 'message'> => f !== 'id' && f !== 'message',
);

/** The records with one row brought up to date from a lookup or detail; null when unchanged. */
export function mergedRecords(
  { book }: Pick<JobsStoreParts, 'book'>,
  records: JobRecord[],
  fresh: JobRecord,
): JobRecord[] | null {
  const at = book.positions.get(fresh.id);
  const row = at === undefined ? undefined : records[at];
  if (at === undefined || !row) return null;
  const next: JobRecord = { ...row };
  for (const key of RECORD_FIELDS)
    if (fresh[key] !== undefined) (next as Record<string, unknown>)[key] = fresh[key];
  // A record without a status (Variant A's may carry none, or null) does not say the job has
  // none: the status the row knows stays.
  if (fresh.status == null) next.status = row.status;
  if (RECORD_FIELDS.every((k) => next[k] === row[k])) return null;
  const out = records.slice();
  out[at] = next;
  return out;
}

export function mergeRecord(parts: JobsStoreParts, fresh: JobRecord): void {
  const records = mergedRecords(parts, parts.get().records, fresh);
  if (records) parts.set({ records });
}

/** What a job's logs (when the answer carries them) say of its progress, kept for its row. */
export function keepLogProgress(
  { get, set }: JobsStoreParts,
  id: number,
  detail: Record<string, unknown>,
): void {
  if (!('logs' in detail)) return;
  const logs = detail['logs'];
  const progress = readLogProgress(typeof logs === 'string' ? logs : null);
  const before = get().logProgress[id];
  if (
    before === progress ||
    (before &&
      progress &&
      before.fraction === progress.fraction &&
      before.message === progress.message)
  )
    return;
  set((s) => ({ logProgress: { ...s.logProgress, [id]: progress } }));
}

export function hasErrors(view: {
  detail: Record<string, unknown>;
  problems: { code: string }[];
}): boolean {
  return (
    Boolean(view.detail['error']) ||
    Boolean(view.detail['error_logs']) ||
    view.problems.some((p) => p.code !== TRUNCATED_PROBLEM_CODE)
  );
}

/** The note that a text part is shown cut (larger than the app keeps), or null. */
export function truncationNote(
  view: { problems: { field: string; code: string; message: string }[] },
  field: string,
): string | null {
  return (
    view.problems.find((p) => p.field === field && p.code === TRUNCATED_PROBLEM_CODE)?.message ??
    null
  );
}

export function isFinished(record: {
  status?: string | null;
  completed_at?: string | null;
}): boolean {
  return record.status ? isTerminalStatus(record.status as never) : record.completed_at != null;
}
