import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileLogger } from '../../src/core/logging/file-logger';
import { startWebServer } from '../../src/web/server';
import { storeWithLoginsFromEarlierSimulators } from '../support/stale-login';
import { expect, type Page, reviewShot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Issue 25, smaller things a newcomer met in browser mode: no Help at all (the README sends
 * support staff to "Help → Open Log Folder"), Escape not closing an open job, and the
 * "Job N submitted" heading breaking inside its words in a narrow pre-flight panel.
 */
test.use({ variant: 'B' });

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');

test.describe('Help', () => {
  // The page opens this test's own server, not the fixture's.
  test.use({ openApp: false });

  test('browser mode has a Help menu: the keys, where the log is, About', async ({ page }) => {
    // A server as `qjob web` starts it: with its log file in the data folder.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-e2e-help-'));
    const logger = createFileLogger({ dir: path.join(dataDir, 'logs'), fileName: 'web.log' });
    const server = await startWebServer({
      port: 0,
      dataDir,
      variant: 'B',
      logger,
      secretStoreFactory: async () => storeWithLoginsFromEarlierSimulators([]),
      checkOutput: true,
    });
    try {
      await page.goto(server.url);
      const help = page.getByRole('button', { name: 'Help' });
      await help.click();
      await page.getByRole('menuitem', { name: /Keyboard shortcuts/ }).click();
      const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(keys).toContainText('Ctrl+Enter');
      await expect(keys).toContainText('Submit the payload in front');
      await expect(keys).toContainText('Close the open job');
      await page.keyboard.press('Escape');
      await expect(keys).toBeHidden();

      await help.click();
      await page.getByRole('menuitem', { name: /Open Log Folder/ }).click();
      const logs = page.getByRole('dialog', { name: 'The app’s log' });
      await expect(logs.getByTestId('log-folder')).toHaveText(path.join(dataDir, 'logs'));
      await expect(logs).toContainText(path.join(dataDir, 'logs', 'web.log'));
      await page.screenshot({ path: reviewShot('help-logs-1280.png') });
      await page.setViewportSize({ width: 760, height: 800 });
      await page.screenshot({ path: reviewShot('help-logs-760.png') });
      await page.keyboard.press('Escape');
      await expect(logs).toBeHidden();

      await help.click();
      await page.getByRole('menuitem', { name: /About/ }).click();
      await expect(page.getByRole('dialog', { name: 'About Quantum Job Studio' })).toContainText(
        'Browser mode',
      );
      await page.goto('about:blank');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test('Escape closes the open job and puts the cursor back on its row', async ({ page, studio }) => {
  const h = studio.server.core.handlers;
  const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector' });
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await row(page, jobId).click();
  await expect(detail(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await expect(row(page, jobId)).toBeFocused();

  // Not while a field in the detail takes the key: Escape there is the field's.
  await page.keyboard.press('Enter');
  await expect(detail(page)).toBeVisible();
  await detail(page).getByTestId('tag-input').fill('half-typed');
  await detail(page).getByTestId('tag-input').press('Escape');
  await expect(detail(page)).toBeVisible();
});

test('“Job N submitted” wraps between its words, never inside one, however narrow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 760, height: 800 });
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await page.getByRole('button', { name: /Submit/ }).click();
  const heading = page.locator('.outcome-open');
  await expect(heading).toContainText('submitted');
  // As narrow as a pre-flight panel gets at 125 % zoom with a long job id.
  await heading.evaluate((el) => {
    (el as unknown as { style: { maxWidth: string } }).style.maxWidth = '5.5rem';
  });
  const words = await heading.evaluate((el) => {
    // The top of each letter's box, grouped by word: a word split over two lines has two.
    const doc = (globalThis as unknown as { document: { createRange(): Range } }).document;
    type Range = {
      setStart(n: unknown, o: number): void;
      setEnd(n: unknown, o: number): void;
      getBoundingClientRect(): { top: number };
    };
    const walk = (n: { nodeType: number; childNodes: ArrayLike<unknown> }): unknown[] =>
      n.nodeType === 3
        ? [n]
        : Array.from(
            n.childNodes as ArrayLike<{ nodeType: number; childNodes: ArrayLike<unknown> }>,
          ).flatMap(walk);
    const tops: { char: string; top: number }[] = [];
    for (const node of walk(el as never) as { textContent: string }[]) {
      for (let i = 0; i < node.textContent.length; i++) {
        const range = doc.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push({
          char: node.textContent[i]!,
          top: Math.round(range.getBoundingClientRect().top),
        });
      }
    }
    const lines: Record<string, Set<number>> = {};
    let word = '';
    let at = new Set<number>();
    for (const t of [...tops, { char: ' ', top: 0 }]) {
      if (/\s/.test(t.char)) {
        if (word) lines[word] = at;
        word = '';
        at = new Set();
      } else {
        word += t.char;
        at.add(t.top);
      }
    }
    return Object.fromEntries(Object.entries(lines).map(([w, s]) => [w, s.size]));
  });
  expect(words['submitted']).toBe(1);
  expect(words['Job']).toBe(1);
});
