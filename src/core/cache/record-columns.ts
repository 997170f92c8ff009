import type { JobInfo, JobStatus } from '../../shared/variants';

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

/** A record as the list shows it: the best status known, the job type once a detail told it. */
export function fromColumns(row: RecordColumns): JobInfo {
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
  return row[10] === null ? info : { ...(JSON.parse(row[10]) as object), ...info };
}

export function sameColumns(a: RecordColumns, b: RecordColumns): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
