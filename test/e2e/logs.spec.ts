import { readFileSync } from 'node:fs';
import {
  SqliteJobCache,
  jobCacheFile,
  loadSqlite,
  profileCacheKey,
} from '../../src/core/job-store';
import { startSimulator } from '../../src/simulator';
import type { JobDetail } from '../../src/shared/variants';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  DEVICES_BODY,
  SAMPLING_PAYLOAD_B,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import { expect, type Page, shot, type Studio, test } from './fixtures';

/**
 * The log viewer with a 50 MB log: lines split without freezing the page, only a screenful in
 * the DOM, line numbers, search with a count and next/previous, levels, timestamps and ANSI
 * colours drawn, wrap, copy and save. The log reaches the app the way an old job's log does when
 * the service is down: from the local store (a job of a profile whose service was stopped).
 */
test.use({ variant: 'B' });

const JOB = 424242;
const NEEDLE_EVERY = 50_000;

/** About 50 MB: timestamps, levels, ANSI colours, one very long line, a needle every 50,000 lines. */
function bigLog(): { text: string; lines: number } {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  const t0 = Date.UTC(2026, 0, 1);
  while (size < 50_000_000) {
    const at = new Date(t0 + i * 10).toISOString();
    let line: string;
    if (i % NEEDLE_EVERY === 7) line = `${at} WARN found the needle in row ${i}`;
    else if (i % 997 === 0)
      line = `${at} \x1b[1;31mERROR\x1b[0m step ${i} failed: \x1b[33mretrying\x1b[0m`;
    else if (i === 3) line = `${at} DEBUG ${'very long payload fragment '.repeat(200)}end`;
    else line = `${at} INFO step ${i} of the calibration sweep finished in ${(i % 97) / 10} ms`;
    parts.push(line);
    size += line.length + 1;
    i++;
  }
  return { text: parts.join('\n') + '\n', lines: i };
}

async function openStoredJobLogs(
  page: Page,
  studio: {
    dataDir: string;
    server: { core: { handlers: Record<string, (input: never) => Promise<unknown>> } };
  },
  log: string,
) {
  // A profile of our own whose service we stop: the app then answers from its store.
  const own = await startSimulator({ variant: 'B', speed: 20, onProblem: () => undefined });
  const h = studio.server.core.handlers as unknown as {
    [name: string]: (input: Record<string, unknown>) => Promise<unknown>;
  };
  await h['profiles.save']!({
    id: 'logs-sim',
    name: 'Logs simulator',
    variant: 'B',
    baseUrl: own.url,
  });
  await h['profiles.activate']!({ id: 'logs-sim' });
  await h['session.login']!({ user: 'demo', apiKey: 'demo' });
  await own.stop();

  const cache = new SqliteJobCache(await loadSqlite(), jobCacheFile(studio.dataDir, 'web'));
  const key = profileCacheKey({ id: 'logs-sim', variant: 'B', baseUrl: own.url });
  cache.putDetail(
    key,
    {
      detail: {
        id: JOB,
        name: 'calibration sweep',
        description: '',
        device_id: 1,
        status: 'completed',
        created_at: '2026-01-01T00:00:00.000Z',
        completed_at: '2026-01-01T03:00:00.000Z',
        logs: log,
      },
      problems: [],
      fetchedAt: new Date().toISOString(),
    },
    'detail',
  );
  cache.close();

  await page.reload();
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+j');
  await page.getByTestId('open-by-id-input').fill(String(JOB));
  await page.getByTestId('open-by-id-input').press('Enter');
  const detail = page.getByTestId('job-detail');
  await expect(detail).toContainText('calibration sweep', { timeout: 180_000 });
  await detail.getByRole('tab', { name: 'Logs' }).click();
  return page.getByTestId('job-logs');
}

test('a 50 MB log opens, scrolls, searches, highlights, wraps, copies and saves', async ({
  page,
  studio,
  context,
}) => {
  // Generous: 50 MB crosses the WebSocket and the store, and CI machines are busy.
  test.setTimeout(480_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { text, lines } = bigLog();
  const viewer = await openStoredJobLogs(page, studio as never, text);

  // Every line is counted, only a screenful is in the DOM.
  await expect(viewer.locator('.log-count')).toHaveText(`${lines.toLocaleString('en-US')} lines`, {
    timeout: 180_000,
  });
  const drawn = await viewer.locator('.log-line').count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(120);

  // Levels, timestamps and ANSI colours are drawn; escape codes are not shown as text.
  const first = viewer.locator('.log-line[data-line="1"]');
  await expect(first.locator('.log-level-error')).toHaveText('ERROR');
  await expect(first.locator('.log-time')).toHaveText('2026-01-01T00:00:00.000Z');
  await expect(first.locator('.ansi-fg-3')).toHaveText('retrying');
  await expect(first).not.toContainText('[1;31m');
  await expect(viewer.locator('.log-line[data-line="2"] .log-level-info')).toHaveText('INFO');
  await page.screenshot({ path: shot('logs-1280.png') });

  // Search: the count, next and previous, the current match scrolled into view.
  const search = viewer.getByRole('searchbox');
  await search.fill('NEEDLE');
  const needles = Math.ceil((lines - 7) / NEEDLE_EVERY);
  const status = viewer.getByTestId('log-search-status');
  await expect(status).toHaveText(`1 of ${needles}`, { timeout: 180_000 });
  await expect(viewer.locator('.log-line[data-line="8"] .log-match-current')).toHaveText('needle');
  await search.press('Enter');
  await expect(status).toHaveText(`2 of ${needles}`);
  await expect(
    viewer.locator(`.log-line[data-line="${NEEDLE_EVERY + 8}"] .log-match-current`),
  ).toBeVisible();
  await search.press('Shift+Enter');
  await search.press('Shift+Enter');
  await expect(status).toHaveText(`${needles} of ${needles}`);
  await page.screenshot({ path: shot('logs-search-1280.png') });

  // The end of the log is reachable.
  await search.fill('');
  await viewer.locator('.log-viewport').focus();
  await page.keyboard.press('End');
  await expect(viewer.locator(`.log-line[data-line="${lines}"]`)).toBeVisible();

  // Wrap: the very long line 4 takes several rows; without wrap it is one.
  await page.keyboard.press('Home');
  const long = viewer.locator('.log-line[data-line="4"]');
  expect((await long.boundingBox())!.height).toBeLessThan(25);
  await viewer.getByRole('button', { name: 'Wrap' }).click();
  await expect(viewer.getByRole('button', { name: 'Wrap' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => (await long.boundingBox())!.height).toBeGreaterThan(50);
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: shot('logs-narrow.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await viewer.getByRole('button', { name: 'Wrap' }).click();

  // Copy a selection: line 2, selected by the reader.
  await viewer.locator('.log-line[data-line="2"] .log-text').click({ clickCount: 3 });
  await viewer.getByRole('button', { name: 'Copy selection' }).click();
  const readClipboard = () =>
    page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
  await expect.poll(readClipboard).toContain('INFO step 1 of the calibration sweep');

  // Save: the whole log, escape codes stripped, as a download.
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Save' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`job-${JOB}-logs.txt`);
  const saved = readFileSync((await file.path())!, 'utf8');
  expect(saved.length).toBeGreaterThan(49_000_000);
  expect(saved).not.toContain('\x1b[');
  expect(saved.split('\n', 2)[0]).toBe('2026-01-01T00:00:00.000Z ERROR step 0 failed: retrying');
});

test.describe('a running job', () => {
  // Simulated time at half speed: validation, queueing and the device's overhead take seconds.
  test.use({ simulatorSpeed: 0.5 });

  test('its logs update in place while it runs', async ({ page, studio }) => {
    test.setTimeout(120_000);
    const text = readFileSync(
      new URL('../../resources/templates/b/bell.yaml', import.meta.url),
      'utf8',
    );
    const { jobId } = await studio.server.core.handlers['jobs.submit']({
      text,
      deviceCode: 'qpu.digital.sirius',
      name: 'live logs',
    });
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    await page.locator(`.job-row[data-job-id="${jobId}"]`).click();
    const detail = page.getByTestId('job-detail');
    await detail.getByRole('tab', { name: 'Logs' }).click();
    const viewer = page.getByTestId('job-logs');
    const status = detail.locator('.jm-detail-titlebar .job-status');
    await expect(viewer.locator('.log-line').first()).toContainText('received', {
      timeout: 30_000,
    });
    const countNow = async () =>
      Number((await viewer.locator('.log-count').textContent())?.replace(/\D/g, ''));
    const before = await countNow();
    expect(await status.getAttribute('data-status')).not.toMatch(/completed|error/);
    // No reload, no click: the lines arrive by themselves until the job ends.
    await expect(status).toHaveAttribute('data-status', /completed|error/, { timeout: 180_000 });
    await expect.poll(countNow).toBeGreaterThan(before);
    await expect(viewer.locator('.log-line').last()).toContainText(/finished|error/);
  });
});

test.describe('a running job from a service whose log grows steadily', () => {
  /** One new line every 200 ms, from 30 lines at the start, until the test lets the job end. */
  async function growingLogService(studio: Studio, page: Page) {
    const fake = await startFaultyServer();
    const t0 = Date.now();
    const state = { done: false };
    const lines = () => 30 + Math.floor((Date.now() - t0) / 200);
    const logText = () =>
      Array.from(
        { length: lines() },
        (_, i) => `2026-11-22T11:25:${String(i % 60).padStart(2, '0')}.000Z INFO step ${i + 1}`,
      ).join('\n') + '\n';
    const info = () =>
      jobInfo(7, state.done ? 'completed' : 'running', {
        name: 'growing log',
        ...(state.done ? { completed_at: '2026-11-22T11:40:00Z' } : {}),
      });
    fake.route('POST', '/authorisation-tokens', json(wireToken()));
    fake.route('POST', '/authorisation-tokens/refresh', json(wireToken()));
    fake.route('GET', '/devices', json(DEVICES_BODY));
    fake.route('GET', '/jobs', () => json(wireJobList('B', [info()])));
    fake.route('GET', '/jobs/7', (req) => {
      const asked = (flag: string) => req.query.get(flag) === 'true';
      const detail = {
        ...info(),
        jobType: 'digital',
        payload: asked('payload') ? SAMPLING_PAYLOAD_B : null,
        result: null,
        logs: asked('logs') ? logText() : null,
        error: null,
        error_logs: null,
      } as unknown as JobDetail<'B'>;
      return json(wireJobDetail('B', detail));
    });
    const h = studio.server.core.handlers;
    await h['profiles.save']({ id: 'grow', name: 'Growing log', variant: 'B', baseUrl: fake.url });
    await h['profiles.activate']({ id: 'grow' });
    await h['session.login']({ user: 'demo', apiKey: 'demo' });
    await page.reload();
    return { fake, state };
  }

  /** Where the log viewer's viewport is scrolled, read from the DOM. */
  async function scrollState(page: Page) {
    return page
      .getByTestId('job-logs')
      .locator('.log-viewport')
      .evaluate((el) => {
        const e = el as unknown as {
          scrollTop: number;
          scrollHeight: number;
          clientHeight: number;
        };
        return {
          top: e.scrollTop,
          fromBottom: e.scrollHeight - e.scrollTop - e.clientHeight,
        };
      });
  }

  test('the log grows in place, follows its tail, stays put when the reader scrolls up, and only the log is polled', async ({
    page,
    studio,
  }) => {
    const { fake, state } = await growingLogService(studio, page);
    try {
      await page.getByRole('button', { name: 'Jobs', exact: true }).click();
      await page.locator('.job-row[data-job-id="7"]').click();
      const detail = page.getByTestId('job-detail');
      await detail.getByRole('tab', { name: 'Logs' }).click();
      const viewer = page.getByTestId('job-logs');
      const count = async () =>
        Number((await viewer.locator('.log-count').textContent())?.replace(/\D/g, ''));
      await expect.poll(count).toBeGreaterThanOrEqual(30);
      const lineNode = viewer.locator('.log-line').first();
      await expect(lineNode).toBeVisible();

      // Following: more lines arrive and the newest one is in view, without a click.
      const first = await count();
      await expect.poll(count, { timeout: 15_000 }).toBeGreaterThan(first + 5);
      await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThan(36);
      const newest = await count();
      await expect(viewer.locator(`.log-line[data-line="${newest}"]`)).toBeVisible();
      await expect(viewer.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);

      // The reader scrolls up: new lines keep coming, the view stays where the reader is.
      await viewer.locator('.log-viewport').hover();
      await page.mouse.wheel(0, -100_000);
      await expect.poll(async () => (await scrollState(page)).top).toBe(0);
      const jump = viewer.getByRole('button', { name: 'Jump to latest' });
      await expect(jump).toBeVisible();
      const whenScrolled = await count();
      await expect.poll(count, { timeout: 15_000 }).toBeGreaterThan(whenScrolled + 5);
      expect((await scrollState(page)).top).toBe(0);
      await expect(viewer.locator('.log-line[data-line="1"]')).toBeVisible();

      // Back to the tail: it follows again.
      await jump.click();
      await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThan(36);
      const again = await count();
      await expect.poll(count, { timeout: 15_000 }).toBeGreaterThan(again + 3);
      await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThan(36);

      // A search while it runs: new lines add their matches to the count, and the match the
      // reader is on stays the current one (the view does not jump back to it on every poll).
      const search = viewer.getByRole('searchbox');
      await search.fill('INFO');
      const searchStatus = viewer.getByTestId('log-search-status');
      await expect(searchStatus).toHaveText(/^\d[\d,]* of \d[\d,]*$/);
      await search.press('Enter');
      const position = async () => {
        const [at, of] = ((await searchStatus.textContent()) ?? '')
          .replace(/,/g, '')
          .split(' of ')
          .map(Number);
        return { at: at!, of: of! };
      };
      const found = await position();
      const topWhenFound = (await scrollState(page)).top;
      await expect
        .poll(async () => (await position()).of, { timeout: 15_000 })
        .toBeGreaterThan(found.of + 3);
      expect((await position()).at).toBe(found.at);
      expect((await scrollState(page)).top).toBe(topWhenFound);
      await search.fill('');

      // While it ran, the open detail asked for its logs alone (its first look was the full one).
      const lookups = fake.requests.filter((r) => r.path.endsWith('/jobs/7'));
      const full = lookups.filter((r) => r.query.get('payload') === 'true');
      const logsOnly = lookups.filter(
        (r) => r.query.get('logs') === 'true' && r.query.get('payload') === null,
      );
      expect(full).toHaveLength(1);
      expect(logsOnly.length).toBeGreaterThanOrEqual(3);
      for (const r of logsOnly) expect([...r.query.keys()]).toEqual(['logs']);

      // It ends: the full detail once, and the viewer stops being live.
      const before = fake.requests.length;
      state.done = true;
      await expect(detail.locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
        'data-status',
        'completed',
        { timeout: 15_000 },
      );
      await expect(jump).toHaveCount(0);
      await expect
        .poll(
          () =>
            fake.requests
              .slice(before)
              .filter((r) => r.path.endsWith('/jobs/7') && r.query.get('payload') === 'true')
              .length,
        )
        .toBeGreaterThan(0);
      await detail.getByRole('tab', { name: 'Payload' }).click();
      await expect(page.getByTestId('payload-view')).toContainText('sampling');
    } finally {
      await fake.close();
    }
  });
});
