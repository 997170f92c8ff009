import { expect, reviewShot, test, type Page } from './fixtures';
import { BELL, BROKEN_BELL as BROKEN } from './payloads';

/**
 * The main views at the sizes people use (1280×800, a 760 px browser window, 125 % zoom): each
 * must reach its content there, and the pictures (test-results/screenshots/review) are for a
 * person to look at after a UI change.
 */
test.use({ variant: 'B' });

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 }, scale: 1 },
  { name: '760', viewport: { width: 760, height: 800 }, scale: 1 },
  { name: 'zoom125', viewport: { width: 1024, height: 640 }, scale: 1.25 },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.scale });

    test(`views at ${size.name}`, async ({ page, studio }) => {
      const shot = (view: string) =>
        page.screenshot({ path: reviewShot(`${view}-${size.name}.png`) });
      const h = studio.server.core.handlers;
      const ok = (
        await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'bell' })
      ).jobId;
      const bad = (
        await h['jobs.submit']({ text: BROKEN, deviceCode: 'sim.statevector', name: 'broken' })
      ).jobId;

      await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible();
      await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
      await page.getByRole('button', { name: /Submit/ }).click();
      await expect(page.getByTestId('submitted-job-id')).toHaveText(/^\d+$/);
      const fromEditor = Number(await page.getByTestId('submitted-job-id').textContent());
      await shot('editor');

      await page.getByRole('button', { name: 'New from template' }).click();
      await expect(page.getByRole('menu', { name: 'New from template' })).toBeVisible();
      await shot('templates-menu');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Connection:/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Manage connections…' })).toBeVisible();
      await shot('connection-menu');
      await page.getByRole('menuitem', { name: 'Manage connections…' }).click();
      const connections = page.getByRole('dialog', { name: 'Connections' });
      await expect(connections.getByLabel('Base URL')).toBeVisible();
      await shot('connections-dialog');
      await page.keyboard.press('Escape');
      await expect(connections).toBeHidden();

      await page.getByRole('button', { name: 'Devices', exact: true }).click();
      await expect(page.locator('.device-table .device-name').first()).toBeVisible();
      await shot('devices');
      await page
        .locator('.device-table tr[data-device="sim.statevector"]')
        .getByRole('button')
        .click();
      await expect(page.getByRole('list', { name: /Jobs on/ }).getByRole('button')).toHaveCount(3);
      // The two jobs submitted above and the one submitted from the editor.
      await shot('device-detail');

      await openJobs(page);
      const row = (id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
      await expect(row(ok).locator('.job-status')).toHaveAttribute('data-status', 'completed', {
        timeout: 30_000,
      });
      // The job from the editor ends too, so its notice does not arrive over a later shot's.
      await expect(row(fromEditor).locator('.job-status')).toHaveAttribute(
        'data-status',
        'completed',
        { timeout: 30_000 },
      );
      await shot('jobs');
      await row(ok).click();
      await expect(page.getByTestId('job-detail')).toHaveAttribute('data-job-id', String(ok));
      await expect(page.getByTestId('job-detail').getByRole('tablist')).toBeVisible();
      await shot('jobs-detail');
      await page.getByTestId('job-detail').getByRole('tab', { name: 'Result' }).click();
      await expect(page.getByTestId('result-viewer')).toBeVisible();
      await shot('jobs-result');

      await page
        .getByTestId('job-detail')
        .getByRole('button', { name: /Close the job|← Jobs/ })
        .filter({ visible: true })
        .click();
      await expect(row(bad).locator('.job-status')).toHaveAttribute('data-status', 'error', {
        timeout: 30_000,
      });
      await row(bad).click();
      await expect(page.getByTestId('job-error')).toBeVisible();
      await shot('error-job');

      await page.keyboard.press('ControlOrMeta+j');
      await expect(page.getByRole('dialog', { name: 'Open job by id' })).toBeVisible();
      await shot('open-by-id');
      await page.keyboard.press('Escape');

      // Notices live in the status bar; their full text on request.
      await page.getByRole('button', { name: 'Editor', exact: true }).click();
      await page.getByRole('button', { name: 'New payload' }).click();
      // The empty tab in front first: on a busy machine the key could reach the Bell tab,
      // submit it, and the notice would be that job's.
      await expect(page.getByRole('tab', { selected: true })).toContainText(/Untitled-\d+\.yaml/);
      // In the editor, as a person submits: the focus is then where the key is handled.
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('ControlOrMeta+Enter');
      const notice = page.getByTestId('status-notice');
      await expect(notice).toContainText('Cannot submit yet');
      await shot('editor-notice');
      await notice.getByRole('button', { name: /Cannot submit/ }).click();
      await expect(page.getByRole('list', { name: 'Notices' })).toBeVisible();
      await shot('editor-notices-list');
    });
  });
}

test.describe('900x700', () => {
  test.use({ viewport: { width: 900, height: 700 } });

  test('the editor with a submit outcome, then another tab', async ({ page }) => {
    await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
    await page.getByRole('button', { name: /Submit/ }).click();
    await expect(page.getByTestId('submitted-job-id')).toHaveText(/^\d+$/);
    await page.screenshot({ path: reviewShot('editor-outcome-900.png') });
    await page.getByRole('button', { name: 'New payload' }).click();
    await page.screenshot({ path: reviewShot('editor-other-tab-900.png') });
  });
});

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}
