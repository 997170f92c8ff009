import { z } from 'zod';
import { DETAIL_FIELDS } from '../../shared/ipc/schemas';
import type { JobInfo, JobStatus } from '../../shared/variants';
import { JOB_RECORD_FIELDS, JOB_STATUSES, jobStatusSchema } from '../../shared/variants';

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

/** The record fields that have a column of their own; anything else goes into `extra`. */
const NAMED = new Set<string>(JOB_RECORD_FIELDS);
/** The heavy parts of a detail: kept in `details`, never in a record's `extra`. */
const DETAIL_ONLY = new Set<string>(DETAIL_FIELDS);

/**
 * A record (or a detail: its heavy parts are left out) as columns; fields the specification
 * does not name go to `extra` as JSON.
 */
export function toColumns(
  record: JobInfo,
  status: JobStatus | null,
  jobType: string | null,
  into?: RecordColumns,
): RecordColumns {
  let extra: Record<string, unknown> | null = null;
  // for-in, not Object.entries: this runs for every record of a 100,000-job refresh.
  for (const key in record) {
    // No prototype: a field named `__proto__` is then kept as a field, not taken as one.
    if (!NAMED.has(key) && !DETAIL_ONLY.has(key))
      (extra ??= Object.create(null) as Record<string, unknown>)[key] = record[key];
  }
  // `into`, when given, is filled instead of a new array: a refresh only looks at most rows.
  const row = into ?? (new Array(COLUMN_NAMES.length) as RecordColumns);
  row[0] = record.id;
  row[1] = status;
  row[2] = jobType;
  row[3] = record.name;
  row[4] = record.description;
  row[5] = record.device_id;
  row[6] = record.created_at;
  row[7] = record.updated_at ?? null;
  row[8] = record.completed_at ?? null;
  row[9] = typeof record.message === 'string' ? record.message : null;
  row[10] = extra ? JSON.stringify(extra) : null;
  return row;
}

/**
 * A stored row, checked: the file may come from an older version of the app or be damaged, and
 * a wrong type must not reach the monitor as a JobInfo.
 */
export const recordRowSchema = z.tuple([
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

const STATUSES = new Set<unknown>(JOB_STATUSES);
// Stryker disable next-line all: only the fast paths below use it; see there
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** A row's status and job type where they are not its record's own (a lookup's, a detail's). */
export type Learnt = [status: JobStatus | null, jobType: string | null];

/**
 * What a refresh reads of every stored row: enough to tell whether the service's record is the
 * one the row was written from (`fp`, null when the row has to be read whole), and what the
 * store learnt on top of it (null when the row holds the record's own status and job type).
 */
export type RowBrief = [id: number, fp: number | null, learnt: Learnt | null];

const idSchema = z.number().int();
const fpSchema = z.number().int().nullable();
const learntRowSchema = z.tuple([
  z.number().int(),
  jobStatusSchema.nullable(),
  z.string().nullable(),
]);

/**
 * The briefs of stored rows from their columns read apart (ids and fingerprints in the same
 * order; learnt rows as [id, status, job type]), each value checked like every value read. The
 * common shape is checked by hand first, zod deciding the rest: 100,000 zod parses would cost
 * more than reading the values. A row whose fingerprint or learnt values do not fit is read
 * whole and replaced; one without a readable id cannot be addressed and is left to
 * `listRecords` to report.
 */
export function readBriefs(ids: unknown[], fps: unknown[], learntRows: unknown[]): RowBrief[] {
  const learnt = new Map<number, Learnt | null>();
  for (const raw of learntRows) {
    // Stryker disable ConditionalExpression,LogicalOperator,EqualityOperator: a fast path; a stricter check only leaves more rows to zod, whose verdict is the same
    const fits =
      (Array.isArray(raw) &&
        raw.length === 3 &&
        Number.isSafeInteger(raw[0]) &&
        (raw[1] === null || STATUSES.has(raw[1])) &&
        isTextOrNull(raw[2])) ||
      learntRowSchema.safeParse(raw).success;
    // Stryker restore ConditionalExpression,LogicalOperator,EqualityOperator
    if (!Array.isArray(raw)) continue;
    learnt.set(raw[0] as number, fits ? (raw.slice(1) as Learnt) : null);
  }
  const briefs: RowBrief[] = [];
  ids.forEach((id, i) => {
    // Stryker disable next-line LogicalOperator: the fast check before zod's; zod decides the same
    if (!Number.isSafeInteger(id) && !idSchema.safeParse(id).success) return;
    const fp = fps[i];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: the fast checks before zod's; zod decides the same
    const fpFits = fp === null || Number.isSafeInteger(fp) || fpSchema.safeParse(fp).success;
    const known = learnt.get(id as number);
    // Learnt values that do not fit (null in the map) make the row one to read whole.
    const readable = fpFits && known !== null;
    briefs.push([id as number, readable ? (fp as number | null) : null, known ?? null]);
  });
  return briefs;
}

export type RowRead =
  | { ok: true; columns: RecordColumns; info: JobInfo }
  /** `id` when the row has a readable one, for the report. */
  | { ok: false; id: number | null; problem: string };

/**
 * The common shape of a good row, checked by hand: at 100,000 rows the zod tuple costs about
 * half as much as reading the rows from SQLite. It accepts only rows `recordRowSchema` accepts (a
 * unit test holds the two together); anything else goes to zod for the verdict and its words.
 */
// Stryker disable all: a stricter fast path only leaves more rows to zod, whose verdict is the same (the unit test holding the two together catches a looser one)
function isPlainRow(raw: unknown): raw is RecordColumns {
  return (
    Array.isArray(raw) &&
    raw.length === COLUMN_NAMES.length &&
    Number.isSafeInteger(raw[0]) &&
    (raw[1] === null || STATUSES.has(raw[1])) &&
    isTextOrNull(raw[2]) &&
    typeof raw[3] === 'string' &&
    typeof raw[4] === 'string' &&
    Number.isSafeInteger(raw[5]) &&
    typeof raw[6] === 'string' &&
    isTextOrNull(raw[7]) &&
    isTextOrNull(raw[8]) &&
    isTextOrNull(raw[9]) &&
    isTextOrNull(raw[10])
  );
}
// Stryker restore all

/** A stored row as the list shows it (the best status known, the job type once a detail told it), or why it cannot be. */
export function readRow(raw: unknown): RowRead {
  // Stryker disable next-line ConditionalExpression: without the fast path zod reads the row the same
  if (isPlainRow(raw)) return withInfo(raw);
  const rawId = Array.isArray(raw) && Number.isSafeInteger(raw[0]) ? (raw[0] as number) : null;
  const parsed = recordRowSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const column = COLUMN_NAMES[issue?.path[0] as number] ?? 'row';
    return { ok: false, id: rawId, problem: `${column}: ${issue?.message ?? 'unreadable'}` };
  }
  return withInfo(parsed.data);
}

/** Checked columns as the record the list shows; the `extra` JSON is checked here. */
function withInfo(row: RecordColumns): RowRead {
  let extra: Record<string, unknown> | null = null;
  if (row[10] !== null) {
    const fail = (problem: string): RowRead => ({ ok: false, id: row[0], problem });
    let json: unknown;
    try {
      json = JSON.parse(row[10]);
    } catch {
      return fail('extra: not JSON');
    }
    // A JSON object is all `extra` must be. Checked by hand, not by a zod record: zod copies the
    // fields by assignment, which takes a field named `__proto__` as the copy's prototype.
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return fail('extra: not a JSON object');
    extra = json as Record<string, unknown>;
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

/**
 * The record of a row this process just built with toColumns from a record the wire codecs
 * checked (typed, so only its `extra` JSON goes through the checks again): unreadable only
 * through a bug here.
 */
export function fromColumns(row: RecordColumns): JobInfo {
  const read = withInfo(row);
  if (!read.ok) throw new Error(`job ${row[0]} does not convert to a record: ${read.problem}`);
  return read.info;
}

export function sameColumns(a: RecordColumns, b: RecordColumns): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A 53-bit hash of a record's columns, stored with the row so that a refresh can tell an
 * unchanged record by reading one integer per row instead of the whole row. Each value is fed
 * as (type, length, characters), so different rows only ever meet by a hash collision: about
 * one in 2^53 per changed record. Two 32-bit multiplicative lanes, finished as in cyrb53.
 */
// Stryker disable all: another mixing is another hash; what matters (equal rows meet, different ones do not) is tested
export function fingerprint(row: RecordColumns): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const value of row) {
    // Integers (id, device_id) are hashed as their digits: measured no slower than their halves.
    const text = value === null ? '' : typeof value === 'number' ? String(value) : value;
    const head = (value === null ? 1 : typeof value === 'number' ? 2 : 3) + text.length * 4;
    h1 = Math.imul(h1 ^ head, 2654435761);
    h2 = Math.imul(h2 ^ head, 1597334677);
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
// Stryker restore all
