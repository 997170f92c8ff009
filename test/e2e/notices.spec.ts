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
  // Job ends are told once the job monitor has been opened (it listens for them).
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  const onA = await submitNamed(page, 'bell on A');
  // The end of the job is told in the app (the Jobs view is not open).
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
