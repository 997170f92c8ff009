/**
 * The job monitor's list at 100,000 rows (issue 6, "Job list"): the filter, search and sort that
 * JobsView runs in render whenever the records, filters or sort change. The search box has no
 * debounce, so every keystroke pays a query, and so does every live status change and refresh (a
 * new records array). The frame budget is 16 ms: a keystroke or a live change should be answered
 * within a frame or two, a click on a column header within a few.
 *
 * The first cases call `queryJobs`, which sorts from scratch: what a click on a column header
 * costs. Dates and lower-case names are read once per record (row-columns.ts), so these cases
 * run with them read, as after the first query that needed them; the last case is that first
 * query. JobsView itself queries through `createJobQuery`, which keeps the sorted order between
 * queries: the cases after the sorts measure it for keystrokes and live changes.
 *
 * Targets are on CPU time, the time the renderer's main thread is blocked, with 2–3× headroom
 * over what was measured; wall time on the shared two-core machine was up to 4× that. Each case
 * is the median of several calls, which keeps the first call's compilation out. Where today's
 * figure misses the goal the comment says so: the target then guards against getting worse.
 */
import type { JobFilters, JobSort } from '../src/renderer/state/jobs/job-query';
import { NO_FILTERS, createJobQuery, queryJobs } from '../src/renderer/state/jobs/job-query';
import { FIRST_JOB_AT, jobRecords } from './fixtures';
import { measure } from './harness';

const N = 100_000;
// Newest first, as the store's `listRecords` hands them to the renderer.
const rows = jobRecords(N).reverse();
const names = new Map([
  [1, 'simulator'],
  [2, 'qpu.digital'],
  [3, 'qpu.analog'],
  [4, 'qpu.maintenance'],
  [5, 'qpu.offline'],
]);
const deviceName = (id: number) => names.get(id) ?? `device ${id}`;
// A clock after every job's start, as when running jobs' durations are sorted.
const now = FIRST_JOB_AT + N * 60_000 + 3_600_000;

async function query(
  name: string,
  maxCpuMs: number,
  filters: JobFilters,
  sort: JobSort,
  expected: (count: number) => boolean,
): Promise<void> {
  let count = -1;
  await measure(
    name,
    // The query allocates a few typed arrays of 100,000 entries, never a copy of the rows.
    { maxCpuMs, maxMiB: 40 },
    () => {
      count = queryJobs(rows, filters, sort, deviceName, now).length;
    },
    { runs: 7 },
  );
  if (!expected(count)) throw new Error(`job-query bench: ${name} showed ${count} rows`);
}

const all = (n: number) => n === N;
const byId: JobSort = { key: 'id', dir: 'desc' };

// The default order, on every refresh and when the search box is cleared: the goal is two frames
// (33 ms), met: the rows arrive in that order and one pass sees it, ~7–14 ms (was ~25–37 ms, a
// merge sort of an index that was in order already).
await query('sort 100,000 by id (default)', 30, NO_FILTERS, byId, all);

// A click on a column header: a few frames (~100 ms) feels immediate, met by every column now.
// Status, device and job type have few distinct values: a counting sort, ~20–40 ms (was ~55–60;
// device and job type compared 100,000 strings). Created is the arrival order reversed, which
// the plain array's TimSort takes as one run: ~20–25 ms (was ~55–65). Duration is a real sort of
// numbers, ~50–65 ms (was ~105, two dates parsed per row). Name compares strings of similar
// names, ~70–90 ms (was ~200: its comparator shared one call site with the numeric ones, which
// made every call slow; Intl.Collator is slower still, ~150 ms for the sort alone, so the names
// stay compared in lower case, code unit by code unit).
await query('sort 100,000 by status', 80, NO_FILTERS, { key: 'status', dir: 'asc' }, all);
await query('sort 100,000 by created', 70, NO_FILTERS, { key: 'created', dir: 'asc' }, all);
await query('sort 100,000 by duration', 150, NO_FILTERS, { key: 'duration', dir: 'desc' }, all);
await query('sort 100,000 by name', 200, NO_FILTERS, { key: 'name', dir: 'asc' }, all);
await query('sort 100,000 by device', 100, NO_FILTERS, { key: 'device', dir: 'asc' }, all);
await query('sort 100,000 by job type', 100, NO_FILTERS, { key: 'jobType', dir: 'asc' }, all);

// A status chip clicked (errors only, ~10% of rows): a frame or two, met. ~9–14 ms measured
// (was ~15–20).
await query(
  'status filter: error',
  40,
  { ...NO_FILTERS, statuses: ['error'] },
  byId,
  (n) => n > 0 && n < N / 5,
);
// A keystroke in the search box: a name fragment (~20% of rows match) and an id prefix (the
// support case, a number from a ticket). A frame or two each, met: ~5–15 ms (was ~23–30; names
// are lower-cased once per record, not per keystroke) and ~14–17 ms (was ~20).
await query(
  'search "vqe" in names (keystroke)',
  40,
  { ...NO_FILTERS, query: 'vqe' },
  byId,
  (n) => n > 0 && n < N / 2,
);
await query(
  'search id prefix "4217" (keystroke)',
  45,
  { ...NO_FILTERS, query: '4217' },
  byId,
  (n) => n > 0 && n < 100,
);
// A date range of one week (of the ~70 days): a frame or two, met: ~3–10 ms (was ~40–47, every
// row's created_at parsed again on every change of any filter).
await query(
  'date range: one week',
  25,
  { ...NO_FILTERS, from: '2026-01-10', to: '2026-01-16' },
  byId,
  (n) => n > 5_000 && n < 15_000,
);
// Status, device and a search at once, sorted by name: a keystroke with filters set, a frame
// or two, met. ~13–19 ms measured (was ~20).
await query(
  'status + device + search, sorted by name',
  45,
  { ...NO_FILTERS, statuses: ['completed', 'error'], deviceIds: [1, 2], query: 'run 1' },
  { key: 'name', dir: 'asc' },
  (n) => n > 0 && n < N / 2,
);

// JobsView queries through `createJobQuery`, which keeps the sorted order of every row. A live
// status change is a new records array with one row replaced (as the store's applyStatus makes
// it), a new one on every run: within a frame or two whatever the sort. In the default order or
// sorted by name (anything but status) the order is kept: ~4–13 and ~8–15 ms (both were a whole
// query, ~25–37 and ~200 ms). Sorted by status the changed row moves: a counting sort again,
// ~16–30 ms.
async function live(name: string, maxCpuMs: number, sort: JobSort): Promise<void> {
  const query = createJobQuery();
  let current = rows;
  query(current, NO_FILTERS, sort, deviceName, now);
  let k = 0;
  await measure(
    name,
    { maxCpuMs, maxMiB: 40 },
    () => {
      const next = current.slice();
      const at = (k++ * 7_919) % N;
      next[at] = { ...next[at]!, status: next[at]!.status === 'error' ? 'completed' : 'error' };
      current = next;
      const shown = query(current, NO_FILTERS, sort, deviceName, now);
      if (shown.length !== N || shown[0]!.id !== (sort.key === 'id' ? N : shown[0]!.id))
        throw new Error(`job-query bench: ${name} showed ${shown.length} rows`);
    },
    { runs: 7 },
  );
}
await live('live status change, default order', 25, byId);
await live('live status change, sorted by name', 35, { key: 'name', dir: 'asc' });
await live('live status change, sorted by status', 70, { key: 'status', dir: 'asc' });

// Keystrokes in the search box with the list sorted by name: the order is kept, only filtered
// (the rows tested in their own order, then the order walked). ~16 ms measured: a frame.
{
  const query = createJobQuery();
  const byName: JobSort = { key: 'name', dir: 'asc' };
  query(rows, NO_FILTERS, byName, deviceName, now);
  const typed = ['v', 'vq', 'vqe', 'vqe-', 'vqe-b', 'vqe-', 'vqe'];
  let k = 0;
  await measure(
    'search keystroke, sorted by name',
    { maxCpuMs: 45, maxMiB: 40 },
    () => {
      const shown = query(
        rows,
        { ...NO_FILTERS, query: typed[k++ % typed.length]! },
        byName,
        deviceName,
        now,
      );
      if (shown.length === 0) throw new Error('job-query bench: the search found nothing');
    },
    { runs: 7 },
  );
}

/**
 * A one-week date range over lists that take turns, a copy of one of them per run (as a refresh
 * hands the store a new array), so that each run's rows are new to the last run's.
 */
async function weekOverTurns(
  name: string,
  maxCpuMs: number,
  lists: (typeof rows)[],
): Promise<void> {
  const week = { ...NO_FILTERS, from: '2026-01-10', to: '2026-01-16' };
  let k = 0;
  queryJobs(lists[1]!, week, byId, deviceName, now);
  await measure(
    name,
    { maxCpuMs, maxMiB: 40 },
    () => {
      const n = queryJobs(lists[k++ % 2]!.slice(), week, byId, deviceName, now).length;
      if (n < 5_000) throw new Error(`job-query bench: ${name} showed ${n} rows`);
    },
    { runs: 5 },
  );
}

// A refresh: every record a new object (the answer crossed IPC) with the same values, and a date
// range set, so every date is looked at again: only compared with the last list's, not parsed.
// A frame or two: ~25–40 ms measured (whole query; comparing 100,000 dates is ~5 ms of it).
await weekOverTurns(
  'date range after a refresh (dates compared)',
  100,
  [0, 1].map(() => structuredClone(rows)),
);
// The first time dates are needed at all (a list never filtered or sorted by date): every date
// parsed, once per record. A few frames, once: ~60–140 ms measured here, where several lists of
// 100,000 records fill the heap and the collector adds most of it (the parsing is ~20–35 ms).
// Lists of one and two jobs more than `rows`: at every place their dates differ from the other's.
await weekOverTurns(
  'date range on a list never read by date (dates parsed)',
  300,
  [1, 2].map((more) => jobRecords(N + more).reverse()),
);
