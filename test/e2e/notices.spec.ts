import { expect, test, type Page } from './fixtures';

/**
 * Notices belong to the connection they came from. Both simulators number their jobs from 1,
 * so "Job 1" on one connection is another job on the other: after a switch, the other
 * connection's notices are not shown, and coming back shows them again, opening the right job.
 */
test.use({ variant: 'A' });

async function submitNamed(page: Page, name: string): Promise<string> {
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await page.getByRole('radio', { name: /State-vector simulator/ }).check();
  await page.getByLabel('Job name').fill(name);
  await page.getByRole('button', { name: /^Submit/ }).click();
  await expect(page.getByTestId('submit-outcome')).toContainText(`“${name}”`);
  return (await page.getByTestId('submitted-job-id').textContent()) ?? '';
}

async function switchTo(page: Page, variant: 'A' | 'B'): Promise<void> {
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page
    .getByRole('menuitemradio', { name: new RegExp(`Simulator \\(Variant ${variant}\\)`) })
    .click();
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText(
    `Variant ${variant}`,
  );
  await expect(page.getByTestId('status-connection')).toContainText('connected');
}

test('a switch hides the other connection’s notices; back, they open the right job', async ({
  page,
}) => {
  const onA = await submitNamed(page, 'bell on A');
  // The end of the job is told in the app, though the Jobs view was never opened.
  const ended = page.getByRole('status').filter({ hasText: `Job ${onA} completed` });
  await expect(ended).toBeVisible();

  await switchTo(page, 'B');
  await expect(ended).toBeHidden();
  await expect(page.getByTestId('submit-outcome')).toBeHidden();

  // The same job id on B is another job (a payload of B's variant, in its own tab).
  await page.getByRole('button', { name: 'New from template' }).click();
  await page.getByRole('menuitem', { name: /^Bell pair/ }).click();
  const onB = await submitNamed(page, 'bell on B');
  expect(onB).toBe(onA);

  await switchTo(page, 'A');
  await page.getByRole('tab').first().click();
  const outcome = page.getByTestId('submit-outcome');
  await expect(outcome).toContainText('“bell on A”');
  await outcome.getByRole('button', { name: `Open job ${onA}` }).click();
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', onA);
  await expect(detail).toContainText('bell on A');
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [1280, 760]) {
  test(`at ${width}×800 a notice hides nothing: it sits in the status bar`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    await expect(page.getByTestId('job-monitor')).toBeVisible();
    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    const id = await submitNamed(page, 'bell');
    const notice = page.getByTestId('status-notice');
    await expect(notice).toContainText(`Job ${id} completed`);

    const box = (await notice.boundingBox())!;
    const bar = (await page.getByRole('contentinfo', { name: 'Status' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    for (const covered of [
      page.getByRole('button', { name: /^Submit/ }),
      page.getByTestId('submit-outcome'),
      page.getByTestId('status-connection'),
    ]) {
      expect(overlaps(box, (await covered.boundingBox())!)).toBe(false);
    }

    // Its whole text, and every other current notice, on request; Escape folds them away.
    await notice.getByRole('button', { name: /completed/ }).click();
    const list = page.getByRole('list', { name: 'Notices' });
    await expect(list).toContainText(`Job ${id} completed. bell: the job finished successfully.`);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  });
}
