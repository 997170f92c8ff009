import {
  SqliteJobCache,
  jobCacheFile,
  loadSqlite,
  profileCacheKey,
} from '../../src/core/job-store';
import type { JobInfo } from '../../src/shared/variants';
import { JOB_STATUSES } from '../../src/shared/variants';
import { expect, test, type Page } from './fixtures';

/**
 * The job table with 100,000 rows: the real app, its local store seeded with 100,000 records of
 * the active (built-in simulator) profile, as if they had been listed before. Checks what the
 * person sees (every row reachable, only a screenful in the DOM, filters and search narrowing the
 * count, sorting, keyboard movement), not timings: those belong to `npm run bench`.
 */
test.use({ variant: 'B' });

const N = 100_000;
const FIRST_ID = 1_000_001;

function seed(dataDir: string): Promise<void> {
  return loadSqlite().then((Sqlite) => {
    const cache = new SqliteJobCache(Sqlite, jobCacheFile(dataDir, 'web'));
    const t0 = Date.UTC(2026, 0, 1);
    const records: JobInfo[] = Array.from({ length: N }, (_, i) => {
      const status = JOB_STATUSES[i % JOB_STATUSES.length]!;
      const created = t0 + i * 60_000;
      return {
        id: FIRST_ID + i,
        name: i % 1000 === 0 ? `calibration ${i}` : `seeded job ${i}`,
        description: '',
        device_id: (i % 5) + 1,
        status,
        created_at: new Date(created).toISOString(),
        updated_at: null,
        completed_at: ['completed', 'error', 'cancelled', 'timeout'].includes(status)
          ? new Date(created + 5000).toISOString()
          : null,
      };
    });
    const key = profileCacheKey({ id: 'simulator-b', variant: 'B', builtin: 'simulator' });
    cache.upsertRecords(key, records, new Date().toISOString(), 'list');
    cache.close();
  });
}

const rowCount = (page: Page) =>
  page.getByTestId('job-table').getAttribute('data-row-count').then(Number);

test('renders 100,000 jobs, keeps only a screenful in the page, and filters and sorts them', async ({
  page,
  studio,
}) => {
  test.setTimeout(180_000);
  await seed(studio.dataDir);
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();

  const table = page.getByTestId('job-table');
  await expect(table).toHaveAttribute('data-row-count', String(N), { timeout: 60_000 });
  await expect(page.getByTestId('job-count')).toHaveText('100,000 jobs');
  // Virtualized: a screenful of rows exists, not 100,000.
  const rendered = await page.locator('.job-body .job-row').count();
  expect(rendered).toBeGreaterThan(10);
  expect(rendered).toBeLessThan(80);
  await expect(page.locator(`.job-row[data-job-id="${FIRST_ID + N - 1}"]`)).toBeVisible();
  // These jobs are only in the local store: their type, which the list does not carry, is
  // looked up and not found, and the cell says it is not loaded rather than showing a dash.
  await expect(page.locator(`.job-row[data-job-id="${FIRST_ID + N - 1}"] .jc-type`)).toHaveText(
    'not loaded',
  );

  // Search by exact id, then by name.
  const search = page.getByTestId('job-search');
  await search.fill(`#${FIRST_ID + 54_321}`);
  await expect.poll(() => rowCount(page)).toBe(1);
  await expect(page.locator(`.job-row[data-job-id="${FIRST_ID + 54_321}"]`)).toContainText(
    'seeded job 54321',
  );
  await search.fill('calibration');
  await expect.poll(() => rowCount(page)).toBe(N / 1000);
  await expect(page.getByTestId('job-count')).toHaveText('100 of 100,000');
  await search.fill('');

  // Filter by status (the popover's checkboxes), then add a device.
  await page.getByTestId('status-filter').click();
  await page.getByRole('checkbox', { name: /^Error/ }).check();
  await page.keyboard.press('Escape');
  await expect.poll(() => rowCount(page)).toBe(N / JOB_STATUSES.length);
  await page.getByRole('combobox', { name: 'Device' }).selectOption({ index: 1 });
  const narrowed = await rowCount(page);
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(N / JOB_STATUSES.length);
  await expect(page.locator('.job-body .job-row .job-status').first()).toHaveAttribute(
    'data-status',
    'error',
  );
  await page
    .getByRole('button', { name: /Clear filters/ })
    .first()
    .click();
  await expect.poll(() => rowCount(page)).toBe(N);

  // Sort by id ascending from the header; the first row is the oldest job.
  await page.getByRole('columnheader', { name: 'ID' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'ID' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.locator('.job-body .job-row').first()).toHaveAttribute(
    'data-job-id',
    String(FIRST_ID),
  );

  // Keyboard: a row takes focus, End goes to the last of 100,000, Up moves the selection.
  await page.locator(`.job-row[data-job-id="${FIRST_ID}"]`).focus();
  await page.keyboard.press('End');
  const last = page.locator(`.job-row[data-job-id="${FIRST_ID + N - 1}"]`);
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator(`.job-row[data-job-id="${FIRST_ID + N - 2}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
