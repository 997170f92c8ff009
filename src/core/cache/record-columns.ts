import { z } from 'zod';
import type { JobInfo, JobStatus } from '../../shared/variants';
import { jobStatusSchema } from '../../shared/variants';

/** The record columns of the `jobs` table, in the order rows are read and written. */
export const COLUMN_NAMES = [
  'id',
  'status',
  'job_type',
  'name',
  'description',
  'device_id',
  'created_at',
  'updated_at',
  'completed_at',
  'message',
  'extra',
] as const;

export type RecordColumns = [
  id: number,
  status: JobStatus | null,
  jobType: string | null,
  name: string,
  description: string,
  deviceId: number,
  createdAt: string,
  updatedAt: string | null,
  completedAt: string | null,
  message: string | null,
  extra: string | null,
];

const NAMED = new Set([
  'id',
  'status',
  'jobType',
  'name',
  'description',
  'device_id',
  'created_at',
  'updated_at',
  'completed_at',
  'message',
]);

/** A record as columns; fields the specification does not name go to `extra` as JSON. */
export function toColumns(
  record: JobInfo,
  status: JobStatus | null,
  jobType: string | null,
): RecordColumns {
  let extra: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(record)) {
    if (!NAMED.has(key)) (extra ??= {})[key] = value;
  }
  return [
    record.id,
    status,
    jobType,
    record.name,
    record.description,
    record.device_id,
    record.created_at,
    record.updated_at ?? null,
    record.completed_at ?? null,
    typeof record.message === 'string' ? record.message : null,
    extra ? JSON.stringify(extra) : null,
  ];
}

/**
 * A stored row, checked: the file may come from an older version of the app or be damaged, and
 * a wrong type must not reach the monitor as a JobInfo.
 */
const recordRowSchema = z.tuple([
  z.number().int(),
  jobStatusSchema.nullable(),
  z.string().nullable(),
  z.string(),
  z.string(),
  z.number().int(),
  z.string(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);
const extraSchema = z.record(z.string(), z.unknown());

export type RowRead =
  | { ok: true; columns: RecordColumns; info: JobInfo }
  /** `id` when the row has a readable one, for the report. */
  | { ok: false; id: number | null; problem: string };

/** A stored row as the list shows it (the best status known, the job type once a detail told it), or why it cannot be. */
export function readRow(raw: unknown): RowRead {
  const rawId = Array.isArray(raw) && Number.isSafeInteger(raw[0]) ? (raw[0] as number) : null;
  const fail = (problem: string): RowRead => ({ ok: false, id: rawId, problem });
  const parsed = recordRowSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const column = COLUMN_NAMES[issue?.path[0] as number] ?? 'row';
    return fail(`${column}: ${issue?.message ?? 'unreadable'}`);
  }
  const row: RecordColumns = parsed.data;
  let extra: Record<string, unknown> | null = null;
  if (row[10] !== null) {
    let json: unknown;
    try {
      json = JSON.parse(row[10]);
    } catch {
      return fail('extra: not JSON');
    }
    const checked = extraSchema.safeParse(json);
    if (!checked.success) return fail('extra: not a JSON object');
    extra = checked.data;
    // Only unnamed fields are written there; a named one would override a checked column.
    for (const key of NAMED) delete extra[key];
  }
  const info: JobInfo = {
    id: row[0],
    name: row[3],
    description: row[4],
    device_id: row[5],
    status: row[1],
    created_at: row[6],
    updated_at: row[7],
    completed_at: row[8],
  };
  if (row[9] !== null) info.message = row[9];
  if (row[2] !== null) info.jobType = row[2];
  return { ok: true, columns: row, info: extra ? { ...extra, ...info } : info };
}

/** A row this process just built with toColumns: unreadable only through a bug here. */
export function fromColumns(row: RecordColumns): JobInfo {
  const read = readRow(row);
  if (!read.ok) throw new Error(`job ${row[0]} does not convert to a record: ${read.problem}`);
  return read.info;
}

export function sameColumns(a: RecordColumns, b: RecordColumns): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
