import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startWebServer } from '../../src/web/server';
import { storeWithLoginsFromEarlierSimulators } from '../support/stale-login';
import { editorReady } from './editor-page';
import { expect, type Page, reviewShot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Issue 25: a restart of browser mode is a new port, so a new origin: whatever the page kept in
 * its own storage was gone (the theme, the job monitor's filters, sort and open job), every
 * untouched template tab came back "unsaved", and the tab in front was forgotten. They are kept
 * in the data folder now (settings file, drafts), and a restart on the same folder finds them.
 */
test.use({ variant: 'B' });

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}

async function openTemplate(page: Page, title: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'New from template' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  await expect(page.getByRole('tab', { selected: true })).toContainText(title);
}

test('the theme, the monitor’s view and the tabs survive a restart on a new port', async ({
  page,
  studio,
}) => {
  test.setTimeout(180_000);
  const h = studio.server.core.handlers;
  const keepB = (
    await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'keep b' })
  ).jobId;
  const keepA = (
    await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'keep a' })
  ).jobId;
  const other = (
    await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'other' })
  ).jobId;

  // The theme: dark.
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Two untouched templates besides the welcome tab; the middle one in front.
  await editorReady(page);
  await openTemplate(page, /GHZ/);
  await openTemplate(page, /Rabi/);
  await page.getByRole('tab', { name: /GHZ/ }).click();
  await expect(page.locator('.tab.is-dirty')).toHaveCount(0);

  // The monitor: "keep" jobs by name, "keep b" open.
  await openJobs(page);
  await expect(row(page, other)).toBeVisible();
  await page.getByTestId('job-search').fill('keep');
  await expect(row(page, other)).toHaveCount(0);
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await row(page, keepB).click();
  await expect(page.getByTestId('job-detail')).toHaveAttribute('data-job-id', String(keepB));

  // Written to the data folder, not to the page.
  await expect
    .poll(async () => (await h['settings.get']({})).monitorView?.openId, { timeout: 20_000 })
    .toBe(keepB);
  const settings = JSON.parse(readFileSync(path.join(studio.dataDir, 'settings.json'), 'utf8'));
  expect(settings.app.theme).toBe('dark');
  await expect
    .poll(async () => (await h['drafts.load']({})).find((d) => d.active)?.title ?? '')
    .toMatch(/GHZ/);

  // A restart: the same data folder, a new server on a new port, a new page. The old page
  // goes first, as a window closed before quitting (it would only try to reconnect).
  await page.goto('about:blank');
  await studio.server.stop();
  const restarted = await startWebServer({
    port: 0,
    dataDir: studio.dataDir,
    simulatorSpeed: 10,
    secretStoreFactory: async () => storeWithLoginsFromEarlierSimulators([]),
    checkOutput: true,
  });
  try {
    expect(restarted.port).not.toBe(studio.port);
    await page.goto(restarted.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await editorReady(page);
    await expect(page.getByRole('tab', { selected: true })).toContainText('GHZ');
    await expect(page.getByRole('tab')).toHaveCount(3);
    await expect(page.locator('.tab.is-dirty')).toHaveCount(0);
    await page.screenshot({ path: reviewShot('restart-editor-1280.png') });

    await openJobs(page);
    await expect(page.getByTestId('job-search')).toHaveValue('keep');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(row(page, keepA)).toBeVisible();
    await expect(row(page, other)).toHaveCount(0);
    await expect(page.getByTestId('job-detail')).toHaveAttribute('data-job-id', String(keepB));
    await page.screenshot({ path: reviewShot('restart-monitor-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('restart-monitor-760.png') });
    await page.goto('about:blank');
  } finally {
    await restarted.stop();
  }
});
