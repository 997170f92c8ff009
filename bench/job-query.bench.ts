/**
 * The job monitor's list at 100,000 rows (issue 6, "Job list"): `queryJobs`, the filter, search
 * and sort that JobsView runs in render whenever the records, filters or sort change. The
 * search box has no debounce, so every keystroke pays a whole query, and so does every live
 * status change and refresh (a new records array). The frame budget is 16 ms: a keystroke
 * should be answered within a frame or two, a click on a column header within a few.
 *
 * Targets are on CPU time, the time the renderer's main thread is blocked, with 2–3× headroom
 * over what was measured; wall time on the shared two-core machine was up to 4× that. Each case
 * is the median of several calls, which keeps the first call's compilation out. Where today's
 * figure misses the goal the comment says so: the target then guards against getting worse.
 */
import type { JobFilters, JobSort } from '../src/renderer/features/job-monitor/job-query';
import { NO_FILTERS, queryJobs } from '../src/renderer/features/job-monitor/job-query';
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

// The default order, recomputed on every refresh and every live status change and when the
// search box is cleared: the goal is two frames (33 ms); ~30–45 ms measured, at the goal's edge.
await query('sort 100,000 by id (default)', 100, NO_FILTERS, byId, all);

// A click on a column header: a few frames (~100 ms) feels immediate. Numeric keys (status,
// created, duration) and text keys (name, device, job type) take different paths; each column
// is measured. Measured: status ~55, created ~65, duration ~105 (parses two dates per row),
// name ~200 (misses the goal: string comparisons of similar names), device and job type ~60.
await query('sort 100,000 by status', 150, NO_FILTERS, { key: 'status', dir: 'asc' }, all);
await query('sort 100,000 by created', 180, NO_FILTERS, { key: 'created', dir: 'asc' }, all);
await query('sort 100,000 by duration', 300, NO_FILTERS, { key: 'duration', dir: 'desc' }, all);
await query('sort 100,000 by name', 500, NO_FILTERS, { key: 'name', dir: 'asc' }, all);
await query('sort 100,000 by device', 180, NO_FILTERS, { key: 'device', dir: 'asc' }, all);
await query('sort 100,000 by job type', 180, NO_FILTERS, { key: 'jobType', dir: 'asc' }, all);

// A status chip clicked (errors only, ~10% of rows): a frame or two. ~15–20 ms measured.
await query(
  'status filter: error',
  50,
  { ...NO_FILTERS, statuses: ['error'] },
  byId,
  (n) => n > 0 && n < N / 5,
);
// A keystroke in the search box: a name fragment (~20% of rows match) and an id prefix (the
// support case, a number from a ticket). A frame or two each: ~27–30 and ~20 ms measured.
await query(
  'search "vqe" in names (keystroke)',
  80,
  { ...NO_FILTERS, query: 'vqe' },
  byId,
  (n) => n > 0 && n < N / 2,
);
await query(
  'search id prefix "4217" (keystroke)',
  60,
  { ...NO_FILTERS, query: '4217' },
  byId,
  (n) => n > 0 && n < 100,
);
// A date range of one week (of the ~70 days): a frame or two. ~40–47 ms measured, over the
// goal: every row's created_at is parsed again on every change of any filter.
await query(
  'date range: one week',
  120,
  { ...NO_FILTERS, from: '2026-01-10', to: '2026-01-16' },
  byId,
  (n) => n > 5_000 && n < 15_000,
);
// Status, device and a search at once, sorted by name: a keystroke with filters set, a frame
// or two. ~20 ms measured.
await query(
  'status + device + search, sorted by name',
  60,
  { ...NO_FILTERS, statuses: ['completed', 'error'], deviceIds: [1, 2], query: 'run 1' },
  { key: 'name', dir: 'asc' },
  (n) => n > 0 && n < N / 2,
);
