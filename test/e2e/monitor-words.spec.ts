import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Small words of the monitor: the job type column fills itself for the rows on screen (Variant
 * B's list does not carry it) instead of a dash until each job is opened, and the store keeps
 * it; an unfinished job's time is its age, not a duration.
 */
test.use({ variant: 'B' });

const RABI = readFileSync(
  new URL('../../resources/templates/b/rabi.yaml', import.meta.url),
  'utf8',
);
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);

test('the job type column fills itself for the rows on screen, without opening the jobs', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const bell = (await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector' })).jobId;
  const rabi = (await h['jobs.submit']({ text: RABI, deviceCode: 'sim.statevector' })).jobId;
  // Nothing of these jobs has been opened: the list alone knows them.
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(row(page, bell).locator('.jc-type')).toHaveText('digital');
  await expect(row(page, rabi).locator('.jc-type')).toHaveText('pulse');
  await expect(page.getByTestId('job-detail')).toHaveCount(0);

  // The local store kept what was learnt: a reload shows it at once, from the store.
  const listed = await h['jobs.list']({ cachedOnly: true });
  expect(listed.jobs.find((j) => j.id === rabi)).toMatchObject({ jobType: 'pulse' });
});

test('a job that has not finished shows its age, not a duration', async ({ page, studio }) => {
  const h = studio.server.core.handlers;
  // Altair is in maintenance at start: the job waits in its queue.
  const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: 'qpu.digital.altair' });
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(row(page, jobId).locator('.job-status')).toHaveAttribute('data-status', 'queued');
  await expect(row(page, jobId).locator('.jc-duration')).toHaveText(/^age \S+ \S+$/);
  await row(page, jobId).click();
  const summary = page.getByTestId('job-detail').locator('.jm-field-row');
  await expect(summary.filter({ hasText: 'Age' })).toContainText('since it was created');
  await expect(summary.filter({ hasText: /^Duration/ })).toHaveCount(0);
});
