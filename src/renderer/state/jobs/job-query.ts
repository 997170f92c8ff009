import type { JobStatus } from '../../../shared/variants';
import { CREATED, ENDED, NAME, column } from './row-columns';

/**
 * Filtering and sorting the job list as plain functions over arrays, kept apart from React so
 * they can be tested at 100,000 rows. Both work on arrays of row indices with keys computed once
 * per row (dates and names once per record, see row-columns.ts): no per-comparison date parsing,
 * no intermediate arrays of rows, no sort when the rows are in order already.
 */

/** The lightweight record the list shows (the contract's job info view). */
export interface JobRow {
  id: number;
  name: string;
  device_id: number;
  status?: JobStatus | null | undefined;
  created_at: string;
  updated_at?: string | null | undefined;
  completed_at?: string | null | undefined;
  /** Variant B, once known (a detail told it, or the service's record carries it). */
  jobType?: unknown;
}

export interface JobFilters {
  /** Empty means every status; `unknown` matches records whose status is not known yet. */
  statuses: (JobStatus | 'unknown')[];
  deviceIds: number[];
  jobTypes: string[];
  /** Local calendar dates (`YYYY-MM-DD`), inclusive; empty for no bound. */
  from: string;
  to: string;
  /**
   * An id (`123`, `#123`), or words found in a job's name, tags or note; `tag:calib` words ask
   * for that tag exactly.
   */
  query: string;
  /** Only jobs carrying every one of these tags (kept on this computer, see TagIndex). */
  tags: string[];
}

/** The tags of every tagged job (`annotations.index`): what `tags` and `tag:` filter by. */
export type TagIndex = ReadonlyMap<number, readonly string[]>;
/** The note of every job that has one (`annotations.index`): the search reads it too. */
export type NoteIndex = ReadonlyMap<number, string>;

/** `tag:calib bell` → the tags asked for (lower case) and the rest of the search text. */
export function splitTagQuery(query: string): { tags: string[]; text: string } {
  const tags: string[] = [];
  const text = query
    .replace(/(^|\s)tag:(\S*)/gi, (_m, lead: string, tag: string) => {
      if (tag) tags.push(tag.toLowerCase());
      return lead;
    })
    .trim();
  return { tags, text };
}

export const NO_FILTERS: JobFilters = {
  statuses: [],
  deviceIds: [],
  jobTypes: [],
  from: '',
  to: '',
  query: '',
  tags: [],
};

export type SortKey = 'id' | 'name' | 'device' | 'status' | 'jobType' | 'created' | 'duration';
export interface JobSort {
  key: SortKey;
  dir: 'asc' | 'desc';
}
export const DEFAULT_SORT: JobSort = { key: 'id', dir: 'desc' };

export function hasFilters(f: JobFilters): boolean {
  return (
    f.statuses.length > 0 ||
    f.deviceIds.length > 0 ||
    f.jobTypes.length > 0 ||
    f.from !== '' ||
    f.to !== '' ||
    f.query.trim() !== '' ||
    f.tags.length > 0
  );
}

/** How many filters are set (a search counts as one): what Clear filters clears. */
export function activeFilterCount(filters: JobFilters): number {
  return (
    filters.statuses.length +
    filters.deviceIds.length +
    filters.jobTypes.length +
    (filters.from ? 1 : 0) +
    (filters.to ? 1 : 0) +
    (filters.query.trim() ? 1 : 0) +
    filters.tags.length
  );
}

/** Start of a local day (`YYYY-MM-DD`) in ms, or NaN. */
function localDayStart(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : Number.NaN;
}

export function jobTypeText(row: JobRow): string | null {
  return typeof row.jobType === 'string' ? row.jobType : null;
}

/** Every index of `rows`, in order. */
function allIndices(rows: readonly unknown[]): Uint32Array {
  const out = new Uint32Array(rows.length);
  for (let i = 0; i < out.length; i++) out[i] = i;
  return out;
}

/**
 * Of the indices in `order`, those of rows that pass every filter, in that order. The rows are
 * tested in their own order (reading 100,000 objects in a sorted order, scattered in memory, took
 * several times longer), then `order` is walked over the answers.
 */
function filterIndices(
  rows: readonly JobRow[],
  f: JobFilters,
  order: ArrayLike<number> = allIndices(rows),
  tagIndex?: TagIndex,
  noteIndex?: NoteIndex,
): ArrayLike<number> {
  if (!hasFilters(f)) return order;
  const pass = passing(rows, f, tagIndex, noteIndex);
  const out = new Uint32Array(order.length);
  let kept = 0;
  for (let k = 0; k < order.length; k++) if (pass[order[k]!]) out[kept++] = order[k]!;
  return out.subarray(0, kept);
}

/** 1 for each row that passes every filter, 0 for the others. */
function passing(
  rows: readonly JobRow[],
  f: JobFilters,
  tagIndex?: TagIndex,
  noteIndex?: NoteIndex,
): Uint8Array {
  const pass = new Uint8Array(rows.length);
  const statuses = f.statuses.length ? new Set<string>(f.statuses) : null;
  const devices = f.deviceIds.length ? new Set(f.deviceIds) : null;
  const types = f.jobTypes.length ? new Set(f.jobTypes) : null;
  const from = f.from ? localDayStart(f.from) : Number.NaN;
  const toStart = f.to ? localDayStart(f.to) : Number.NaN;
  // The end of the `to` day, whatever its length (daylight saving changes make some 23 or 25 h).
  const to = Number.isNaN(toStart)
    ? Number.NaN
    : new Date(new Date(toStart).setDate(new Date(toStart).getDate() + 1)).getTime();
  const created = Number.isNaN(from) && Number.isNaN(to) ? null : column(rows, CREATED);
  const asked = splitTagQuery(f.query);
  const wanted = [...new Set([...f.tags, ...asked.tags])];
  const q = asked.text.toLowerCase();
  const exactId = /^#\d+$/.test(q) ? Number(q.slice(1)) : null;
  const idPrefix = /^\d+$/.test(q) ? q : null;
  const names = q && exactId === null ? column(rows, NAME) : null;
  // Free text finds a job by its tags and its note too: the few annotated jobs, looked up once.
  const annotated = q && exactId === null ? annotatedMatching(q, tagIndex, noteIndex) : null;

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (statuses && !statuses.has(row.status ?? 'unknown')) continue;
    if (devices && !devices.has(row.device_id)) continue;
    if (types && !types.has(jobTypeText(row) ?? '')) continue;
    if (created) {
      const at = created[i]!;
      if (at < from || at >= to) continue;
    }
    if (wanted.length) {
      const tags = tagIndex?.get(row.id);
      if (!tags || !wanted.every((t) => tags.includes(t))) continue;
    }
    if (q) {
      if (exactId !== null) {
        if (row.id !== exactId) continue;
      } else if (
        !(idPrefix !== null && String(row.id).startsWith(idPrefix)) &&
        !names![i]!.includes(q) &&
        !annotated!.has(row.id)
      ) {
        continue;
      }
    }
    pass[i] = 1;
  }
  return pass;
}

/** The jobs whose tags or note hold `q` (lower case). */
function annotatedMatching(q: string, tagIndex?: TagIndex, noteIndex?: NoteIndex): Set<number> {
  const out = new Set<number>();
  for (const [id, tags] of tagIndex ?? [])
    if (tags.some((t) => t.toLowerCase().includes(q))) out.add(id);
  for (const [id, note] of noteIndex ?? []) if (note.toLowerCase().includes(q)) out.add(id);
  return out;
}

/** The rows at `index`, in its order. */
function pick<R>(rows: readonly R[], index: ArrayLike<number>): R[] {
  const out = new Array<R>(index.length);
  for (let i = 0; i < index.length; i++) out[i] = rows[index[i]!]!;
  return out;
}

/** The rows that pass every filter, in their original order. */
export function filterJobs<R extends JobRow>(
  rows: readonly R[],
  f: JobFilters,
  tagIndex?: TagIndex,
  noteIndex?: NoteIndex,
): R[] {
  return pick(rows, filterIndices(rows, f, undefined, tagIndex, noteIndex));
}

/** How long a job ran (or has run, up to `now`), in ms; null without a start. */
export function durationMs(row: JobRow, now: number): number | null {
  const start = Date.parse(row.created_at);
  if (Number.isNaN(start)) return null;
  const end = row.completed_at ? Date.parse(row.completed_at) : now;
  return Number.isNaN(end) ? null : Math.max(0, end - start);
}

const STATUS_ORDER: Record<string, number> = {
  pending: 0,
  validating: 1,
  queued: 2,
  running: 3,
  completed: 4,
  error: 5,
  cancelled: 6,
  timeout: 7,
};

/**
 * Ranks of a few distinct texts (device names, job types) in `compare` order: their columns
 * sort as numbers, not as 100,000 strings. Empty (unknown) gets NaN, which sorts last.
 */
function ranked<K>(rows: readonly JobRow[], keyOf: (row: JobRow) => K, text: (key: K) => string) {
  const texts = new Map<K, string>();
  const keys = new Array<K>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const key = keyOf(rows[i]!);
    keys[i] = key;
    if (!texts.has(key)) texts.set(key, text(key).toLowerCase());
  }
  const order = [...new Set(texts.values())].filter((t) => t !== '').sort();
  const rank = new Map(order.map((t, i) => [t, i]));
  const byKey = new Map([...texts].map(([key, t]) => [key, rank.get(t) ?? Number.NaN]));
  return Float64Array.from(keys, (key) => byKey.get(key)!);
}

/** Numbers to sort by, for the rows at `index`; NaN for unknown. */
function numericKeys(
  rows: readonly JobRow[],
  key: Exclude<SortKey, 'name'>,
  deviceName: (id: number) => string,
  now: number,
): Float64Array {
  if (key === 'device')
    return ranked(
      rows,
      (r) => r.device_id,
      (id) => deviceName(id),
    );
  if (key === 'jobType')
    return ranked(
      rows,
      (r) => jobTypeText(r) ?? '',
      (t) => t,
    );
  const n = rows.length;
  const keys = new Float64Array(n);
  if (key === 'id') for (let i = 0; i < n; i++) keys[i] = rows[i]!.id;
  else if (key === 'status')
    for (let i = 0; i < n; i++) keys[i] = STATUS_ORDER[rows[i]!.status ?? ''] ?? Number.NaN;
  else {
    const created = column(rows, CREATED);
    if (key === 'created') keys.set(created as Float64Array);
    else {
      const ended = column(rows, ENDED);
      for (let i = 0; i < n; i++) {
        const end = ended[i] === Number.POSITIVE_INFINITY ? now : ended[i]!;
        keys[i] = Math.max(0, end - created[i]!);
      }
    }
  }
  return keys;
}

/**
 * `index` sorted, or itself when it is in order already: one pass, and the usual case (the
 * default order, newest first, is the order the rows arrive in). `presorted` may offer a
 * quicker sort that gives the same order, or null when it cannot.
 */
function sortIndex(
  index: ArrayLike<number>,
  compare: (a: number, b: number) => number,
  presorted?: () => ArrayLike<number> | null,
): ArrayLike<number> {
  for (let i = 1; i < index.length; i++) {
    if (compare(index[i - 1]!, index[i]!) <= 0) continue;
    // A plain array, not the typed one: its sort (TimSort) is quick on runs already in order,
    // where a typed array's sort with a comparator is a merge sort that compares everything.
    return presorted?.() ?? Array.from(index).sort(compare);
  }
  return index;
}

/**
 * Sorting by a column of few distinct values (status, device, job type: small integer ranks,
 * NaN for unknown) without comparing: a counting sort, one pass to count and one to place,
 * where a comparator sort of 100,000 rows with that many ties compares ~1.7 million pairs. It
 * keeps the rows' order within a value, which is the ties' order (newest first) only when the
 * rows are in that order: otherwise null.
 */
function sortByRank(
  index: ArrayLike<number>,
  ranks: Float64Array,
  ids: Float64Array,
  sign: number,
): Uint32Array | null {
  const m = index.length;
  let max = 0;
  for (let j = 0; j < m; j++) {
    if (j > 0 && ids[index[j - 1]!]! <= ids[index[j]!]!) return null;
    const r = ranks[index[j]!]!;
    if (r > max) max = r;
  }
  // Unknown goes last whichever way the column is sorted.
  const bucket = (r: number) => (Number.isNaN(r) ? max + 1 : sign > 0 ? r : max - r);
  const starts = new Uint32Array(max + 3);
  for (let j = 0; j < m; j++) starts[bucket(ranks[index[j]!]!) + 1]!++;
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const out = new Uint32Array(m);
  for (let j = 0; j < m; j++) out[starts[bucket(ranks[index[j]!]!)]!++] = index[j]!;
  return out;
}

function sortIndices(
  rows: readonly JobRow[],
  index: ArrayLike<number>,
  sort: JobSort,
  deviceName: (id: number) => string,
  now: number,
): ArrayLike<number> {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const n = rows.length;
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) ids[i] = rows[i]!.id;
  // One comparator per kind of key, each with its own call site: shared, the call of a string
  // and a number comparator became polymorphic and every comparison slower.
  if (sort.key === 'name') {
    const keys = column(rows, NAME);
    return sortIndex(index, (a, b) => {
      const ka = keys[a]!;
      const kb = keys[b]!;
      // Unknown (empty) values go last whichever way the column is sorted.
      if (ka === '' || kb === '') return ka === kb ? ids[b]! - ids[a]! : ka === '' ? 1 : -1;
      return ka < kb ? -sign : ka > kb ? sign : ids[b]! - ids[a]!;
    });
  }
  if (sort.key === 'id') return sortIndex(index, (a, b) => (ids[a]! - ids[b]!) * sign);
  const keys = numericKeys(rows, sort.key, deviceName, now);
  const ranks = sort.key === 'status' || sort.key === 'device' || sort.key === 'jobType';
  return sortIndex(
    index,
    (a, b) => {
      const ka = keys[a]!;
      const kb = keys[b]!;
      if (ka === kb) return ids[b]! - ids[a]!;
      if (Number.isNaN(ka) || Number.isNaN(kb)) {
        if (Number.isNaN(ka) && Number.isNaN(kb)) return ids[b]! - ids[a]!;
        return Number.isNaN(ka) ? 1 : -1;
      }
      return (ka - kb) * sign;
    },
    ranks ? () => sortByRank(index, keys, ids, sign) : undefined,
  );
}

/**
 * A sorted copy. Keys are computed once per row (dates and lower-case names once per record, see
 * `column`) and an index array is sorted, so 100,000 rows cost 100,000 key computations rather
 * than one per comparison; rows already in order (the default, newest first) are not sorted at
 * all. Ties fall back to the id (newest first), so the order is stable across refreshes.
 */
export function sortJobs<R extends JobRow>(
  rows: readonly R[],
  sort: JobSort,
  deviceName: (id: number) => string,
  now: number,
): R[] {
  return pick(rows, sortIndices(rows, allIndices(rows), sort, deviceName, now));
}

/** Filter, then sort: what the table shows. */
export function queryJobs<R extends JobRow>(
  rows: readonly R[],
  filters: JobFilters,
  sort: JobSort,
  deviceName: (id: number) => string,
  now: number,
  tagIndex?: TagIndex,
  noteIndex?: NoteIndex,
): R[] {
  return pick(
    rows,
    sortIndices(
      rows,
      filterIndices(rows, filters, undefined, tagIndex, noteIndex),
      sort,
      deviceName,
      now,
    ),
  );
}

/** What a row is sorted by, to tell whether a changed row may have moved. */
function sortedBy(row: JobRow, key: SortKey): unknown {
  switch (key) {
    case 'id':
      return row.id;
    case 'name':
      return row.name;
    case 'device':
      return row.device_id;
    case 'status':
      return row.status;
    case 'jobType':
      return jobTypeText(row);
    case 'created':
      return row.created_at;
    case 'duration':
      return `${row.created_at} ${row.completed_at}`;
  }
}

/**
 * `queryJobs` for one list that is queried again and again (JobsView): it keeps the order of
 * every row under the current sort and filters that, so that
 * - a keystroke in the search box or another filter does not sort again;
 * - a live status change or a refresh (a new records array with the same jobs in the same
 *   places) keeps the order when no changed row changed what it is sorted by (a status change
 *   when sorted by anything but status): one pass over the rows instead of a sort.
 * A new sort, device names or clock sorts again.
 */
export function createJobQuery(): typeof queryJobs {
  let last: {
    rows: readonly JobRow[];
    sort: JobSort;
    deviceName: (id: number) => string;
    now: number;
    order: ArrayLike<number>;
  } | null = null;

  function stillSorted(before: readonly JobRow[], rows: readonly JobRow[], key: SortKey) {
    if (before.length !== rows.length) return false;
    for (let i = 0; i < rows.length; i++) {
      const was = before[i]!;
      const row = rows[i]!;
      if (was !== row && (was.id !== row.id || sortedBy(was, key) !== sortedBy(row, key)))
        return false;
    }
    return true;
  }

  return (rows, filters, sort, deviceName, now, tagIndex, noteIndex) => {
    const same =
      last !== null &&
      last.sort.key === sort.key &&
      last.sort.dir === sort.dir &&
      last.deviceName === deviceName &&
      last.now === now &&
      (last.rows === rows || stillSorted(last.rows, rows, sort.key));
    const order = same ? last!.order : sortIndices(rows, allIndices(rows), sort, deviceName, now);
    last = { rows, sort, deviceName, now, order };
    return pick(rows, filterIndices(rows, filters, order, tagIndex, noteIndex));
  };
}
