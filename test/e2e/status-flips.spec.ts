import type { JobStatus } from '../../src/shared/variants';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import { expect, reviewShot, test } from './fixtures';

/**
 * A service that says running of a job it called completed (issue 28): the monitor keeps the job
 * completed, and its timeline shows the report as a service anomaly, readable at 760 px.
 */
test.use({ variant: 'B' });

test('a job the service flips back to running stays completed; the flip is on its timeline', async ({
  page,
  studio,
  pageErrors,
}) => {
  // Two screenshots on a shared machine: more than the default minute.
  test.setTimeout(120_000);
  let now: JobStatus = 'completed';
  const record = () =>
    jobInfo(7, now, {
      name: 'flipping bell',
      ...(now === 'completed' ? { completed_at: '2026-11-22T11:30:00Z' } : {}),
    });
  const fake = await startFaultyServer();
  try {
    fake.route('POST', '/authorisation-tokens', json(wireToken()));
    fake.route('GET', '/devices', json(DEVICES_BODY));
    fake.route('GET', '/jobs', () => json(wireJobList('B', [record()])));
    fake.route('GET', '/jobs/7', () =>
      json(wireJobDetail('B', { ...record(), jobType: 'digital' })),
    );
    const h = studio.server.core.handlers;
    await h['profiles.save']({
      id: 'fake',
      name: 'Flipping service',
      variant: 'B',
      baseUrl: fake.url,
    });
    await h['profiles.activate']({ id: 'fake' });
    await h['session.login']({ user: 'demo', apiKey: 'demo' });
    await h['jobs.list']({});
    now = 'running';
    await h['jobs.list']({});

    await page.reload();
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    const row = page.locator('.job-row[data-job-id="7"]');
    await expect(row.locator('.job-status')).toHaveAttribute('data-status', 'completed');
    await row.click();
    const detail = page.getByTestId('job-detail');
    await detail.getByRole('tab', { name: 'Summary' }).click();
    await expect(detail.locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
      'data-status',
      'completed',
    );
    const entries = detail.locator('.jm-timeline li');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute('data-status', 'completed');
    const anomaly = entries.nth(1);
    await expect(anomaly).toHaveAttribute('data-anomaly', '');
    await expect(anomaly).toContainText(
      'Service anomaly: reported after completed; not taken (statuses only move forward)',
    );
    await anomaly.scrollIntoViewIfNeeded();
    await page.screenshot({ path: reviewShot('status-flip-timeline-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await anomaly.scrollIntoViewIfNeeded();
    await page.screenshot({ path: reviewShot('status-flip-timeline-760.png') });
    expect(pageErrors).toEqual([]);
  } finally {
    await fake.close();
  }
});
