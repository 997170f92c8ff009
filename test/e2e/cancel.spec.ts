import { expect, type Page, reviewShot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Cancelling a job from the app (browser mode, embedded simulator): from the job's detail and
 * from the table's row menu, by mouse and by keyboard, always after a question whose focused
 * answer keeps the job; a connection without a cancel endpoint is not offered it. Jobs go to
 * Altair, which is in maintenance at start: they wait in its queue until cancelled.
 */
test.use({ variant: 'B' });

const HELD = 'qpu.digital.altair';
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');
const question = (page: Page) => page.getByRole('dialog', { name: /^Cancel job \d+\?$/ });

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}

test('from the detail: the question keeps the job on Enter, and cancels it when asked to', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: HELD, name: 'held bell' });
  await openJobs(page);
  await row(page, jobId).click();
  await expect(detail(page).locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
    'data-status',
    /pending|validating|queued/,
  );

  await detail(page).getByRole('button', { name: 'Cancel job…' }).click();
  const dialog = question(page);
  await expect(dialog).toContainText('“held bell” is');
  await expect(dialog).toContainText('on Altair');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.screenshot({ path: reviewShot('cancel-question-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('cancel-question-760.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Enter on the focused, safe answer: nothing happens to the job.
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect((await h['jobs.get']({ id: jobId })).detail.status).not.toBe('cancelled');

  await detail(page).getByRole('button', { name: 'Cancel job…' }).click();
  await question(page).getByRole('button', { name: 'Cancel the job' }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(detail(page).locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
    'data-status',
    'cancelled',
  );
  await expect(row(page, jobId).locator('.job-status')).toHaveAttribute('data-status', 'cancelled');
  // A job that has ended is not offered it any more.
  await expect(detail(page).getByRole('button', { name: 'Cancel job…' })).toHaveCount(0);
});

test('from the row menu, by keyboard (Shift+F10) and by its ⋯ button', async ({ page, studio }) => {
  const h = studio.server.core.handlers;
  const first = (await h['jobs.submit']({ text: BELL, deviceCode: HELD, name: 'held one' })).jobId;
  const second = (await h['jobs.submit']({ text: BELL, deviceCode: HELD, name: 'held two' })).jobId;
  await openJobs(page);
  await expect(row(page, first)).toBeVisible();

  // Keyboard: the row, Shift+F10, down to "Cancel job…", Enter; then the danger answer.
  await row(page, first).focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: `Actions for job ${first}` });
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Open its logs', /Cancel job…/]);
  await expect(menu.getByRole('menuitem', { name: 'Open', exact: true })).toBeFocused();
  await page.screenshot({ path: reviewShot('cancel-row-menu-1280.png') });
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(question(page).getByRole('button', { name: 'Cancel the job' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, first).locator('.job-status')).toHaveAttribute('data-status', 'cancelled');
  // The list stayed where it was: no detail opened by the menu.
  await expect(detail(page)).toHaveCount(0);

  // Mouse: the ⋯ button; the menu of an ended job has no "Cancel job…".
  await row(page, second)
    .getByRole('button', { name: `Actions for job ${second}` })
    .click();
  await page
    .getByRole('menu', { name: `Actions for job ${second}` })
    .getByRole('menuitem', { name: /Cancel job…/ })
    .click();
  await question(page).getByRole('button', { name: 'Cancel the job' }).click();
  await expect(row(page, second).locator('.job-status')).toHaveAttribute(
    'data-status',
    'cancelled',
  );
  await row(page, second).click({ button: 'right' });
  await expect(
    page.getByRole('menu', { name: `Actions for job ${second}` }).getByRole('menuitem'),
  ).toHaveText(['Open', 'Open its logs']);
  await page.keyboard.press('Escape');
  await expect(row(page, second)).toBeFocused();
});

test('a connection without a cancel endpoint does not offer it', async ({
  page,
  studio,
  ownService,
}) => {
  const h = studio.server.core.handlers;
  // A simulator reached as a real service would be: no cancel endpoint named.
  const service = await ownService('B');
  await h['profiles.save']({ id: 'lab', name: 'Lab', variant: 'B', baseUrl: service.url });
  await h['profiles.activate']({ id: 'lab' });
  await h['session.login']({ user: 'demo', apiKey: 'demo' });
  const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: HELD, name: 'held' });
  await page.reload();
  await openJobs(page);
  await row(page, jobId).click();
  await expect(detail(page).getByRole('button', { name: 'Copy diagnostics' })).toBeVisible();
  await expect(detail(page).getByRole('button', { name: 'Cancel job…' })).toHaveCount(0);
  await row(page, jobId).click({ button: 'right' });
  await expect(
    page.getByRole('menu', { name: `Actions for job ${jobId}` }).getByRole('menuitem'),
  ).toHaveText(['Open', 'Open its logs']);
  await expect(h['jobs.cancel']({ id: jobId })).rejects.toThrow(/names no cancel endpoint/);
});
