import { readFileSync } from 'node:fs';
import type { JobDetail, JobInfo } from '../../src/shared/variants';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import { expect, type Page, reviewShot, test } from './fixtures';

/**
 * A running job shows how far it is: from its own log's progress lines once the log is read (the
 * open job's, on the embedded simulator), else as an estimate from its device's usual duration
 * (a fake service whose job never ends, so the estimate can be checked exactly). A just-submitted
 * job opens on a tab with something to show, never on an empty Result.
 */
test.use({ variant: 'B' });

const RABI = readFileSync(
  new URL('../../resources/templates/b/rabi.yaml', import.meta.url),
  'utf8',
);
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}

test.describe('on the simulator', () => {
  // Slow: Vega's own run time (3 s simulated) takes 15 s, long enough to watch it.
  test.use({ simulatorSpeed: 0.2 });

  test('the open running job shows the progress its log states; it opens on its logs, not an empty result', async ({
    page,
    studio,
  }) => {
    const h = studio.server.core.handlers;
    const { jobId } = await h['jobs.submit']({
      text: RABI,
      deviceCode: 'qpu.analog.vega',
      name: 'slow rabi',
    });
    await openJobs(page);
    await expect(row(page, jobId).locator('.job-status')).toHaveAttribute(
      'data-status',
      'running',
      { timeout: 20_000 },
    );
    // The last tab used was Result (empty while the job runs); opened again, it shows the logs.
    await row(page, jobId).click();
    await detail(page).getByRole('tab', { name: 'Result' }).click();
    await detail(page).getByRole('button', { name: 'Close the job' }).click();
    await row(page, jobId).click();
    await expect(detail(page).getByRole('tab', { name: 'Logs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('job-logs')).toContainText('progress');

    const pill = detail(page).getByTestId('job-progress');
    await expect(pill).toHaveAttribute('data-kind', 'log');
    await expect(pill).toHaveText(/^\d{1,2} %$/);
    await expect(pill).toHaveAttribute('aria-valuetext', /from the job's log/);
    // The open job's row says the same.
    await expect(row(page, jobId).getByTestId('job-progress')).toHaveAttribute('data-kind', 'log');
    await detail(page).getByRole('tab', { name: 'Summary' }).click();
    await expect(detail(page).getByTestId('summary-progress')).toContainText("from the job's log");
    await expect(detail(page).locator('.jm-field-row', { hasText: 'Age' })).toContainText(
      'since it was created',
    );
    await page.screenshot({ path: reviewShot('progress-running-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('progress-running-760.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await expect(detail(page).locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
      'data-status',
      'completed',
      { timeout: 40_000 },
    );
    await expect(detail(page).getByTestId('job-progress')).toHaveCount(0);
    await expect(row(page, jobId).getByTestId('job-progress')).toHaveCount(0);
    await expect(detail(page).locator('.jm-field-row', { hasText: 'Duration' })).toBeVisible();
    // Each status change once.
    const seen = await detail(page)
      .locator('.jm-timeline li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-status')));
    expect(seen.length).toBe(new Set(seen).size);
  });
});

/**
 * Issue 25: a long run among short ones. Three jobs on the device took 60 s each; job 4 has run
 * for 59 s and its log says 5 %. The row used to read "~98 %" (the others' usual duration) until
 * the job was opened; job 5's log states no progress, and three jobs are too few to rest an
 * estimate on, so its row says nothing of progress at all.
 */
test('a running job’s row shows the progress its own log states, as its detail does, never a guess from other jobs', async ({
  page,
  studio,
}) => {
  const now = Date.now();
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  const done = [1, 2, 3].map((id) =>
    jobInfo(id, 'completed', {
      created_at: ago(600 + id * 100),
      completed_at: ago(540 + id * 100),
    }),
  );
  const evolution = jobInfo(4, 'running', { name: 'long evolution', created_at: ago(59) });
  const silent = jobInfo(5, 'running', { name: 'silent run', created_at: ago(30) });
  const logs: Record<number, string> = {
    4: '2026-11-25T08:00:00Z started\n2026-11-25T08:00:01Z progress 5%: t = 1/20\n',
    5: '2026-11-25T08:00:00Z started\n',
  };
  const fake = await startFaultyServer();
  try {
    fake.route('POST', '/authorisation-tokens', json(wireToken()));
    fake.route('GET', '/devices', json(DEVICES_BODY));
    fake.route('GET', '/jobs', json(wireJobList('B', [silent, evolution, ...done] as JobInfo[])));
    for (const running of [evolution, silent]) {
      fake.route('GET', `/jobs/${running.id}`, (request) =>
        json(
          request.query.size === 0
            ? wireJobList('B', [running]).items[0]
            : wireJobDetail('B', {
                ...running,
                jobType: 'analog',
                payload: null,
                result: null,
                logs: logs[running.id],
                error: null,
                error_logs: null,
              } as unknown as JobDetail<'B'>),
        ),
      );
    }
    const h = studio.server.core.handlers;
    await h['profiles.save']({ id: 'fake', name: 'Fake service', variant: 'B', baseUrl: fake.url });
    await h['profiles.activate']({ id: 'fake' });
    await h['session.login']({ user: 'demo', apiKey: 'demo' });
    await page.reload();
    await openJobs(page);

    // Before anything is opened, the row reads the job's own log.
    const pill = row(page, 4).getByTestId('job-progress');
    await expect(pill).toHaveAttribute('data-kind', 'log');
    await expect(pill).toHaveText('5 %');
    await expect(pill).toHaveAttribute('title', "5 %, from the job's log: t = 1/20.");
    // A log without progress, and a history of three jobs: no progress is claimed.
    await expect(row(page, 5).locator('.jc-duration')).toHaveText(/\d+ s/);
    await expect(row(page, 5).getByTestId('job-progress')).toHaveCount(0);

    // Opened, the detail says the same as the row, and no estimate from other jobs.
    await row(page, 4).click();
    await expect(detail(page).getByTestId('job-progress')).toHaveText('5 %');
    await expect(detail(page).getByTestId('summary-progress')).toContainText(
      "5 %, from the job's log: t = 1/20.",
    );
    await expect(detail(page).getByTestId('summary-eta')).toContainText(
      'The job states its own progress (5 %, from its log)',
    );
    await expect(row(page, 4).getByTestId('job-progress')).toHaveText('5 %');
    await page.screenshot({ path: reviewShot('progress-own-log-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('progress-own-log-760.png') });
  } finally {
    await fake.close();
  }
});
