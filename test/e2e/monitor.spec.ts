import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { jobCacheFile } from '../../src/core/job-store';
import { startSimulator } from '../../src/simulator';
import { expect, openYamlFile, type Page, shot, test } from './fixtures';
import { BELL, BROKEN_BELL as BROKEN } from './payloads';

/**
 * The job monitor in browser mode against the real core and the embedded simulator: a Bell job
 * watched live to completion, a failed job's error and error logs, open by id, a diagnostics
 * bundle without secrets, and the monitor with its service stopped (answering from the local
 * store and saying so).
 */
test.use({ variant: 'B' });

const DEVICE = 'sim.statevector';

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');

/** Opens `text` in the editor through the file picker (typing would be re-indented by Monaco). */
async function openInEditor(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible();
  await openYamlFile(page, name, text);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
}

test.describe('live', () => {
  // Slow enough to see the statuses go by, fast enough for a test.
  test.use({ simulatorSpeed: 1 });

  test('a submitted Bell job goes through its statuses to completed without a reload, then opens', async ({
    page,
    pageErrors,
  }) => {
    // The monitor is mounted (and listening) before the job exists.
    await openJobs(page);
    await page.evaluate(() => ((globalThis as { __noReload?: boolean }).__noReload = true));

    await openInEditor(page, 'bell.yaml', BELL);
    await page.getByLabel('Job name').fill('e2e bell live');
    await page.getByRole('button', { name: /Submit/ }).click();
    const idText = await page.getByTestId('submitted-job-id').textContent();
    const id = Number(idText);
    expect(id).toBeGreaterThan(0);

    await openJobs(page);
    await expect(row(page, id)).toBeVisible();
    // Record every status the row shows, as the DOM changes, until it ends.
    await page.evaluate((jobId) => {
      // This runs in the page; the test's own TypeScript setup has no DOM types.
      type El = { getAttribute(name: string): string | null };
      const g = globalThis as unknown as {
        __seen: string[];
        document: { body: unknown; querySelector(s: string): El | null };
        MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void };
      };
      const seen: string[] = (g.__seen = []);
      const read = () => {
        const chip = g.document.querySelector(`.job-row[data-job-id="${jobId}"] .job-status`);
        const status = chip?.getAttribute('data-status');
        if (status && seen.at(-1) !== status) seen.push(status);
      };
      read();
      new g.MutationObserver(read).observe(g.document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    }, id);
    await expect(row(page, id).locator('.job-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 45_000,
    });
    const seen = await page.evaluate(() => (globalThis as { __seen?: string[] }).__seen ?? []);
    expect(seen.at(-1)).toBe('completed');
    expect(seen.length, `statuses seen: ${seen.join(' → ')}`).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (globalThis as { __noReload?: boolean }).__noReload)).toBe(
      true,
    );

    await row(page, id).click();
    await expect(detail(page)).toHaveAttribute('data-job-id', String(id));
    await expect(
      detail(page).getByRole('heading', { name: new RegExp(`Job ${id}`) }),
    ).toBeVisible();
    await expect(detail(page).locator('.jm-timeline li').last()).toHaveAttribute(
      'data-status',
      'completed',
    );
    expect(await detail(page).locator('.jm-timeline li').count()).toBeGreaterThanOrEqual(2);
    await detail(page).getByRole('tab', { name: 'Logs' }).click();
    await expect(page.getByTestId('job-logs').locator('.log-line').first()).toContainText(
      'received',
    );
    await page.screenshot({ path: shot('monitor-1280.png') });
    await detail(page).getByRole('tab', { name: 'Summary' }).click();
    await page.setViewportSize({ width: 760, height: 800 });
    await detail(page).getByRole('button', { name: '← Jobs' }).click();
    await expect(row(page, id)).toBeVisible();
    await page.screenshot({ path: shot('monitor-narrow.png') });
    expect(pageErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});

test.describe('keyboard and zoom', () => {
  // 125 % zoom of a 1280×800 window: CSS pixels shrink to 1024×640.
  test.use({ viewport: { width: 1024, height: 640 }, deviceScaleFactor: 1.25 });

  test('rows are reachable and movable by keyboard, and the monitor fits at 125 %', async ({
    page,
    studio,
  }) => {
    const h = studio.server.core.handlers;
    const ids: number[] = [];
    for (const name of ['first', 'second', 'third']) {
      ids.push(
        (await h['jobs.submit']({ text: BELL, deviceCode: DEVICE, name: `kbd ${name}` })).jobId,
      );
    }
    await openJobs(page);
    await expect(row(page, ids[2]!)).toBeVisible();
    // Newest first: the third job is the first row, the one in the tab order.
    await row(page, ids[2]!).focus();
    await expect(row(page, ids[2]!)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(row(page, ids[1]!)).toBeFocused();
    await expect(row(page, ids[1]!)).toHaveAttribute('aria-selected', 'true');
    // A keyboard move draws the focus ring on the row it moved to.
    const outline = await row(page, ids[1]!).evaluate((el) => {
      const style = (
        globalThis as unknown as { getComputedStyle(e: unknown): { outlineStyle: string } }
      ).getComputedStyle(el);
      return style.outlineStyle;
    });
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(detail(page)).toHaveAttribute('data-job-id', String(ids[1]));
    // The detail's tabs follow the tabs pattern: arrows move between them.
    await detail(page).getByRole('tab', { name: 'Summary' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(detail(page).getByRole('tab', { name: 'Payload' })).toBeFocused();
    await expect(detail(page).getByRole('tab', { name: 'Payload' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const overflow = await page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    // The read-only Monaco view shows the payload as written; "Open in editor" clones it.
    await expect(page.getByTestId('payload-view').locator('.view-lines')).toContainText(
      'sampling: !Sampling',
    );
    // The picture once the payload and its circuit are in, not while they are converted.
    await expect(detail(page).getByRole('group', { name: 'Circuit diagram' })).toBeVisible();
    await page.screenshot({ path: shot('monitor-zoom125.png') });
    await detail(page).getByRole('button', { name: 'Open in editor' }).click();
    await expect(page.getByRole('tab', { selected: true })).toContainText(`job-${ids[1]}.yaml`);
    await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  });
});

test('Compare is one click from a finished job: pick the other job, see both results', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const first = (await h['jobs.submit']({ text: BELL, deviceCode: DEVICE, name: 'bell pair' }))
    .jobId;
  const second = (
    await h['jobs.submit']({ text: BELL, deviceCode: 'qpu.digital.sirius', name: 'bell pair' })
  ).jobId;
  await openJobs(page);
  for (const id of [first, second]) {
    await expect(row(page, id).locator('.job-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 45_000,
    });
  }
  await row(page, first).click();
  await detail(page).getByRole('button', { name: 'Compare…' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`job ${first}( |$)`, 'i') });
  // Jobs of the same name are offered first (the same payload on another device).
  await dialog.getByRole('button', { name: new RegExp(`^${second} bell pair`) }).click();
  await expect(dialog.getByTestId('compare-view')).toBeVisible();
  await page.screenshot({ path: shot('monitor-compare-1280.png') });
});

test('a job that fails validation shows its error on top and its error logs', async ({
  page,
  studio,
}) => {
  const { jobId } = await studio.server.core.handlers['jobs.submit']({
    text: BROKEN,
    deviceCode: DEVICE,
    name: 'broken bell',
  });
  await openJobs(page);
  await expect(row(page, jobId).locator('.job-status')).toHaveAttribute('data-status', 'error', {
    timeout: 30_000,
  });
  await row(page, jobId).click();
  const banner = detail(page).getByTestId('job-error');
  await expect(banner).toContainText('control equals target');
  // The error is above the tabs: the first thing read.
  const bannerBox = await banner.boundingBox();
  const tabsBox = await detail(page).getByRole('tablist').boundingBox();
  expect(bannerBox!.y).toBeLessThan(tabsBox!.y);
  // A failed job opens on its errors: error_logs in the log viewer.
  await expect(detail(page).getByRole('tab', { name: /Errors/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const logs = page.getByTestId('error-logs');
  await expect(logs.locator('.log-line').first()).toContainText('error');
  await expect(logs).toContainText('expected: two different qubits');
  await page.screenshot({ path: shot('error-job-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await expect(banner).toBeVisible();
  await page.screenshot({ path: shot('error-job-narrow.png') });
});

test('filters, sort, selection and the open job survive the Refresh button and a reload', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const submit = async (name: string, text = BELL, deviceCode = DEVICE) =>
    (await h['jobs.submit']({ text, deviceCode, name })).jobId;
  const ids = {
    b: await submit('keep b'),
    a: await submit('keep a'),
    c: await submit('keep c'),
    broken: await submit('keep broken', BROKEN),
    elsewhere: await submit('keep elsewhere', BELL, 'qpu.digital.sirius'),
  };
  await openJobs(page);
  for (const id of Object.values(ids)) {
    await expect(row(page, id).locator('.job-status')).toHaveAttribute(
      'data-status',
      /completed|error/,
      { timeout: 45_000 },
    );
  }

  // Completed jobs on the state-vector simulator named "keep", by name A to Z.
  await page.getByTestId('job-search').fill('keep');
  await page.getByTestId('status-filter').click();
  await page.getByRole('checkbox', { name: /^Completed/ }).check();
  await page.keyboard.press('Escape');
  await page
    .getByRole('combobox', { name: 'Device' })
    .selectOption({ label: 'State-vector simulator' });
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  // Open "keep b", then move the row cursor to "keep c" with the keyboard.
  await row(page, ids.b).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(ids.b));
  await row(page, ids.b).focus();
  await page.keyboard.press('ArrowDown');

  const expectArranged = async () => {
    await expect(page.getByTestId('job-search')).toHaveValue('keep');
    await expect(page.getByTestId('status-filter')).toContainText('Status: Completed');
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue(/\d+/);
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.locator('.job-body .job-row')).toHaveCount(3);
    expect(
      await page
        .locator('.job-body .job-row')
        .evaluateAll((rows) =>
          rows.map((r) => Number((r as unknown as { dataset: { jobId: string } }).dataset.jobId)),
        ),
    ).toEqual([ids.a, ids.b, ids.c]);
    await expect(row(page, ids.c)).toHaveAttribute('aria-selected', 'true');
    await expect(detail(page)).toHaveAttribute('data-job-id', String(ids.b));
    await expect(detail(page)).toContainText('keep b');
  };
  await expectArranged();

  await page.getByRole('button', { name: 'Refresh the job list' }).click();
  await expect(page.getByRole('button', { name: 'Refresh the job list' })).toBeEnabled();
  await expectArranged();

  // The arrangement is written to the settings file shortly after it changes; a reload finds it.
  await expect.poll(async () => (await h['settings.get']({})).monitorView?.selectedId).toBe(ids.c);
  await page.reload();
  await openJobs(page);
  await expectArranged();
});

test('a narrower list gives up columns one at a time, and the name’s tooltip has what it hid', async ({
  page,
  studio,
}) => {
  const { jobId } = await studio.server.core.handlers['jobs.submit']({
    text: BELL,
    deviceCode: DEVICE,
    name: 'narrow bell',
  });
  await openJobs(page);
  await expect(row(page, jobId).locator('.job-status')).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  const visibleHeaders = () =>
    page.locator('.job-head [role="columnheader"]').filter({ visible: true }).allTextContents();
  // All of them when there is room.
  await expect
    .poll(visibleHeaders)
    .toEqual(['ID▼', 'Name', 'Device', 'Status', 'Job type', 'Created', 'Duration']);
  // Beside an open detail at 1280 px: the device stays.
  await row(page, jobId).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(jobId));
  await expect.poll(visibleHeaders).toEqual(['ID▼', 'Name', 'Device', 'Status', 'Duration']);
  // A 760 px browser window, the detail closed: the device and the creation time stay.
  await detail(page).getByRole('button', { name: 'Close the job' }).click();
  await page.setViewportSize({ width: 760, height: 800 });
  await expect
    .poll(visibleHeaders)
    .toEqual(['ID▼', 'Name', 'Device', 'Status', 'Created', 'Duration']);
  const tooltip = await row(page, jobId).locator('.jc-name').getAttribute('title');
  expect(tooltip).toContain('narrow bell');
  expect(tooltip).toContain('Device: State-vector simulator');
  expect(tooltip).toMatch(/Job type: digital/);
  expect(tooltip).toMatch(/Created: /);
});

test('open by id finds a job the list does not show, and says when there is none', async ({
  page,
  studio,
}) => {
  const { jobId } = await studio.server.core.handlers['jobs.submit']({
    text: BELL,
    deviceCode: DEVICE,
    name: 'ticket 4711',
  });
  // From the editor, before the job monitor was ever opened: the shortcut still lands in its
  // dialog (the monitor loads lazily and its first load must not close the dialog).
  await expect(page.getByRole('button', { name: 'Editor', exact: true })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+j');
  const early = page.getByRole('dialog', { name: 'Open job by id' });
  await expect(early).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(early).toBeHidden();

  await openJobs(page);
  await expect(row(page, jobId)).toBeVisible();
  // Hide it behind a filter: open by id must find it anyway.
  await page.getByTestId('job-search').fill('no such name');
  await expect(page.getByText('No job matches')).toBeVisible();

  await page.keyboard.press('ControlOrMeta+j');
  const dialog = page.getByRole('dialog', { name: 'Open job by id' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('open-by-id-input').fill(`#${jobId}`);
  await dialog.getByTestId('open-by-id-input').press('Enter');
  await expect(detail(page)).toHaveAttribute('data-job-id', String(jobId));
  await expect(detail(page)).toContainText('ticket 4711');

  await page.getByRole('button', { name: /Open by id/ }).click();
  await page.getByTestId('open-by-id-input').fill('987654');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(detail(page)).toContainText('Job 987654 was not found');
});

test('copy diagnostics gives a ticket text with no token or API key in it', async ({
  page,
  studio,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const secretName = 'bell api_key=sk_e2e_SECRET42 Authorization: Bearer e2e.secret.token';
  const { jobId } = await studio.server.core.handlers['jobs.submit']({
    text: BROKEN,
    deviceCode: DEVICE,
    name: secretName,
  });
  await openJobs(page);
  await expect(row(page, jobId).locator('.job-status')).toHaveAttribute('data-status', 'error', {
    timeout: 30_000,
  });
  await row(page, jobId).click();
  await detail(page).getByRole('button', { name: 'Copy diagnostics' }).click();
  const text = page.getByTestId('diagnostics-text');
  await expect(text).toHaveValue(/diagnostics for job/);
  const bundle = await text.inputValue();
  expect(bundle).toContain(`id: ${jobId}`);
  expect(bundle).toContain('Variant: B');
  expect(bundle).toContain('User: demo');
  expect(bundle).toContain('control equals target');
  expect(bundle).toMatch(/== Status timeline/);
  expect(bundle).toMatch(/== Logs \(\d+ lines\)/);
  for (const secret of ['sk_e2e_SECRET42', 'e2e.secret.token'])
    expect(bundle).not.toContain(secret);
  expect(bundle).not.toMatch(/eyJ[A-Za-z0-9_-]{5,}\./);
  expect(bundle).not.toMatch(/Bearer (?!\[redacted\])\S/);
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('Copied');
  const clipboard = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(clipboard).toBe(bundle);
});

test('offline: with its service stopped the monitor lists the stored jobs, opens a stored job and its logs, and says so', async ({
  page,
  studio,
}) => {
  // A service of our own, so that stopping it is a real outage, not a test hook.
  const own = await startSimulator({ variant: 'B', speed: 20, onProblem: () => undefined });
  let stopped = false;
  try {
    const h = studio.server.core.handlers;
    await h['profiles.save']({
      id: 'own-sim',
      name: 'Own simulator',
      variant: 'B',
      baseUrl: own.url,
    });
    await h['profiles.activate']({ id: 'own-sim' });
    await h['session.login']({ user: 'demo', apiKey: 'demo' });
    const { jobId } = await h['jobs.submit']({
      text: BELL,
      deviceCode: DEVICE,
      name: 'stored bell',
    });
    await expect
      .poll(async () => (await h['jobs.get']({ id: jobId })).detail.status, { timeout: 30_000 })
      .toBe('completed');

    await page.reload();
    await openJobs(page);
    await row(page, jobId).click();
    await detail(page).getByRole('tab', { name: 'Logs' }).click();
    await expect(page.getByTestId('job-logs').locator('.log-line').first()).toContainText(
      'received',
    );

    await own.stop();
    stopped = true;
    await page.reload();
    await openJobs(page);
    await expect(page.getByTestId('offline-banner')).toContainText('Offline');
    // The status bar agrees with the list: nothing is watched, yet the failed call says it.
    const status = page.getByTestId('status-connection');
    await expect(status).toContainText(/offline.*cannot be reached/);
    await expect(status).toHaveAttribute('title', /Trying again at/);
    await expect(row(page, jobId)).toContainText('stored bell');
    await expect(row(page, jobId).locator('.job-status')).toHaveAttribute(
      'data-status',
      'completed',
    );
    await row(page, jobId).click();
    await expect(detail(page).getByTestId('detail-offline')).toContainText(
      'stored on this computer',
    );
    await detail(page).getByRole('tab', { name: 'Result' }).click();
    await expect(detail(page).getByTestId('result-viewer')).toBeVisible();
    await page.screenshot({ path: shot('monitor-offline-result-1280.png') });
    await detail(page).getByRole('tab', { name: 'Logs' }).click();
    await expect(page.getByTestId('job-logs').locator('.log-line').first()).toContainText(
      'received',
    );
    await page.screenshot({ path: shot('monitor-offline-1280.png') });
  } finally {
    if (!stopped) await own.stop();
  }
});

test.describe('Variant A', () => {
  test.use({ variant: 'A' });

  test('records without a status show a dash, then the rows on screen get theirs from a lookup', async ({
    page,
    studio,
  }) => {
    const text = readFileSync(
      new URL('../../resources/templates/a/bell.yaml', import.meta.url),
      'utf8',
    );
    const h = studio.server.core.handlers;
    const ids: number[] = [];
    for (const name of ['a one', 'a two'])
      ids.push((await h['jobs.submit']({ text, deviceCode: DEVICE, name })).jobId);
    for (const id of ids) {
      await expect
        .poll(async () => (await h['jobs.get']({ id })).detail.status, { timeout: 30_000 })
        .toBe('completed');
    }
    // Forget what the app learnt: Variant A's list itself does not carry status (spec §2.10).
    const db = new Database(jobCacheFile(studio.dataDir, 'web'));
    db.prepare('UPDATE jobs SET status = NULL').run();
    db.close();

    await page.reload();
    await openJobs(page);
    for (const id of ids) {
      await expect(row(page, id).locator('.job-status')).toHaveAttribute(
        'data-status',
        'completed',
        { timeout: 20_000 },
      );
    }
    await expect(page.getByRole('columnheader', { name: 'Job type' })).toHaveCount(0);
  });
});
