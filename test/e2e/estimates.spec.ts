import { readFileSync } from 'node:fs';
import { expect, type Page, reviewShot, shot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Knowing when (issue 14) in browser mode on the embedded simulator: the estimate of a job's end
 * converges on the durations of the jobs before it on the same device; a job held by a device in
 * maintenance is flagged as stuck, with what to do; and the device's timeline shows the
 * maintenance as a band whose times a keyboard user can read.
 */
test.use({ variant: 'B' });

const RABI = readFileSync(
  new URL('../../resources/templates/b/rabi.yaml', import.meta.url),
  'utf8',
);
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);

type Handlers = Parameters<Parameters<typeof test>[2]>[0]['studio']['server']['core']['handlers'];

/** Submits and waits until the job is completed, as the app's own watcher sees it. */
async function runToEnd(h: Handlers, text: string, deviceCode: string): Promise<number> {
  const { jobId } = await h['jobs.submit']({ text, deviceCode, name: `history ${deviceCode}` });
  await expect
    .poll(async () => (await h['jobs.history']({ id: jobId })).entries.at(-1)?.status, {
      timeout: 30_000,
      intervals: [300],
    })
    .toBe('completed');
  return jobId;
}

async function openJobs(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
}

test.describe('the estimate of when a job ends', () => {
  // Vega's run takes 3 simulated seconds: 6 s here, long enough to read the detail meanwhile.
  test.use({ simulatorSpeed: 0.5 });

  // A running job states its own progress (issue 25: the job's log is the one source), so the
  // estimate is read on a job that waits: it rests on the device's finished jobs that waited
  // longer than this one has so far (the estimate is conditional on the time already waited).
  test('a waiting job is estimated from the jobs before it on its device that waited longer', async ({
    page,
    studio,
  }) => {
    test.setTimeout(150_000);
    const h = studio.server.core.handlers;
    // Six at once: one device runs one job at a time, so they wait about 0, 6, 12 … 30 s.
    const history: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { jobId } = await h['jobs.submit']({
        text: RABI,
        deviceCode: 'qpu.analog.vega',
        name: `history ${i}`,
      });
      history.push(jobId);
    }
    await expect
      .poll(
        async () => {
          const { jobs } = await h['jobs.list']({ refresh: true });
          return history.every((id) => jobs.find((j) => j.id === id)?.status === 'completed');
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(true);
    const done = (await h['jobs.list']({ refresh: true })).jobs.filter((j) =>
      history.includes(j.id),
    );
    // Every one but the first waited longer than the job below will have when it is read.
    const totals = done
      .filter((j) => j.id !== history[0])
      .map((j) => Date.parse(j.completed_at!) - Date.parse(j.created_at))
      .sort((a, b) => a - b);
    const median = totals[2]!;

    await h['jobs.submit']({ text: RABI, deviceCode: 'qpu.analog.vega', name: 'runs first' });
    const { jobId } = await h['jobs.submit']({
      text: RABI,
      deviceCode: 'qpu.analog.vega',
      name: 'waits',
    });
    await openJobs(page);
    await expect(row(page, jobId).getByTestId('job-eta')).toHaveAttribute(
      'aria-label',
      /from 5 .*jobs on Vega/,
    );
    await row(page, jobId).click();
    const eta = page.getByTestId('summary-eta');
    await expect(eta).toContainText(/Estimate: ends in ≈ .* \(p90 .*\), from 5 .*jobs on Vega/);
    const predicted = Number(await eta.getAttribute('data-predicted-ms'));
    // The median whole time of those five (each took its wait and a six-second run).
    expect(Math.abs(predicted - median)).toBeLessThan(3_000);
    await page.screenshot({ path: reviewShot('estimate-detail-1280.png') });
  });
});

test.describe('a device in maintenance', () => {
  // Sirius's maintenance (seed 1) runs from 1824 to 3218 simulated seconds: at this speed from
  // about 52 s to 92 s after the simulator started. Before it, its jobs take a second or two.
  test.use({ simulatorSpeed: 35 });

  test('holds a job that is then flagged as stuck, and shows on the device timeline', async ({
    page,
    studio,
  }) => {
    test.setTimeout(180_000);
    const h = studio.server.core.handlers;
    for (let i = 0; i < 5; i++) await runToEnd(h, BELL, 'qpu.digital.sirius');

    // Each refresh of the device list is kept in the device history.
    await expect
      .poll(
        async () =>
          (await h['devices.list']({ refresh: true })).devices.find(
            (d) => d.code === 'qpu.digital.sirius',
          )?.status,
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe('maintenance');
    const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: 'qpu.digital.sirius' });

    await openJobs(page);
    const stuck = row(page, jobId).getByTestId('job-stuck');
    await expect(stuck).toBeVisible({ timeout: 40_000 });
    await expect(stuck).toHaveAttribute('aria-label', /Looks stuck: waiting for .* on Sirius/);
    await row(page, jobId).click();
    await expect(page.getByTestId('summary-stuck')).toContainText(
      "Check Sirius's status and maintenance in Devices, open the job's logs, or cancel it.",
    );

    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    const table = page.getByRole('table', { name: 'Devices' });
    await table.locator('tr[data-device="qpu.digital.sirius"]').getByRole('button').click();
    const timeline = page.getByTestId('device-timeline');
    const band = timeline.locator('button[data-status="maintenance"]');
    await expect(band).toBeVisible();
    await expect(timeline.locator('button[data-status="online"]').first()).toBeVisible();
    await band.focus();
    await expect(page.getByTestId('device-timeline-readout')).toContainText(/^Maintenance from /);
    await timeline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('device-timeline-1280x800.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await timeline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: reviewShot('device-timeline-760.png') });
  });
});
