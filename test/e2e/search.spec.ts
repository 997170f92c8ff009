import { expect, type Page, reviewShot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Issue 25: the job search found names and ids only; a tag matched only as `tag:calib`, and
 * notes not at all. Free text now searches names, tags and notes. And the filter bar keeps its
 * layout when the first tag appears: the Tag filter was added then, pushing the bar onto a
 * second row and the list down.
 */
test.use({ variant: 'B' });

const DEVICE = 'sim.statevector';
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');
const shownIds = (page: Page) =>
  page
    .locator('.job-body .job-row')
    .evaluateAll((rows) =>
      rows.map((r) => Number((r as unknown as { dataset: { jobId: string } }).dataset.jobId)),
    );

test('free text finds jobs by name, tag and note; the first tag moves nothing', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const submit = async (name: string) =>
    (await h['jobs.submit']({ text: BELL, deviceCode: DEVICE, name })).jobId;
  const tagged = await submit('bell one');
  const noted = await submit('bell two');
  const named = await submit('fridge check');
  const plain = await submit('bell three');

  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(row(page, plain)).toBeVisible();
  const bar = page.getByRole('search', { name: 'Find jobs' });
  const list = page.getByRole('region', { name: 'Job list' });
  const before = { bar: await bar.boundingBox(), list: await list.boundingBox() };

  // The first tag and a note, as a person adds them in the detail.
  await row(page, tagged).click();
  const input = detail(page).getByTestId('tag-input');
  await input.fill('calib');
  await input.press('Enter');
  await expect(detail(page).getByRole('list', { name: 'Tags' })).toContainText('calib');
  await expect(page.getByTestId('tag-filter')).toBeEnabled();
  await row(page, noted).click();
  await detail(page).getByRole('button', { name: 'Add a note' }).click();
  await detail(page).getByTestId('note-input').fill('Ran after the fridge warm-up; calib drifted.');
  await page.keyboard.press('Control+Enter');
  await expect(detail(page).getByTestId('job-note')).toContainText('fridge warm-up');
  await detail(page).getByRole('button', { name: 'Close the job' }).click();

  // The bar and the list stayed where they were.
  expect(await bar.boundingBox()).toEqual(before.bar);
  expect(await list.boundingBox()).toEqual(before.list);

  const search = page.getByTestId('job-search');
  await search.fill('calib');
  // The tagged job, and the one whose note says "calib".
  await expect.poll(() => shownIds(page)).toEqual([noted, tagged]);
  // Setting a filter moves nothing either (Clear filters has its place beside the count).
  expect(await bar.boundingBox()).toEqual(before.bar);
  expect(await list.boundingBox()).toEqual(before.list);
  await search.fill('fridge');
  // The note, and a name.
  await expect.poll(() => shownIds(page)).toEqual([named, noted]);
  await search.fill('tag:calib');
  await expect.poll(() => shownIds(page)).toEqual([tagged]);
  await page.screenshot({ path: reviewShot('search-notes-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await search.fill('fridge');
  await expect.poll(() => shownIds(page)).toEqual([named, noted]);
  await page.screenshot({ path: reviewShot('search-notes-760.png') });
});
