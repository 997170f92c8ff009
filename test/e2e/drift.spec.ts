import { readFileSync } from 'node:fs';
import { expect, type Page, reviewShot, shot, test } from './fixtures';

/**
 * Calibration drift (issue 14) in browser mode on the embedded simulator: the T1 template run
 * four times on Vega with different waits, then Vega's device panel draws the four fitted T1s
 * over time. Each point says the T1 its job's own result viewer shows, opens that job on its
 * Result tab (by mouse and by keyboard), and two picked runs open side by side with their fits.
 */
// At this speed a run on Vega takes about a second and a half: the points stand apart in time.
test.use({ variant: 'B', simulatorSpeed: 2 });

const T1 = readFileSync(new URL('../../resources/templates/b/t1.yaml', import.meta.url), 'utf8');
const VEGA = 'qpu.analog.vega';

/** The template with its waits cut to the first `points` (50 µs apart): each fit differs. */
function withWaits(points: number): string {
  const waits = Array.from({ length: points }, (_, i) => i * 50_000);
  return T1.replace(/wait_times: \[[^\]]*\]/, `wait_times: [${waits.join(', ')}]`);
}

type Handlers = Parameters<Parameters<typeof test>[2]>[0]['studio']['server']['core']['handlers'];

async function runToEnd(h: Handlers, text: string, name: string): Promise<number> {
  const { jobId } = await h['jobs.submit']({ text, deviceCode: VEGA, name });
  await expect
    .poll(async () => (await h['jobs.get']({ id: jobId, full: true })).detail.status, {
      timeout: 60_000,
      intervals: [300, 500, 1000],
    })
    .toBe('completed');
  return jobId;
}

async function openVega(page: Page) {
  await page.getByRole('button', { name: 'Devices', exact: true }).click();
  const table = page.getByRole('table', { name: 'Devices' });
  await table.locator(`tr[data-device="${VEGA}"]`).getByRole('button').click();
  const drift = page.getByTestId('calibration-drift');
  await drift.scrollIntoViewIfNeeded();
  return drift;
}

/** The T1 the job's own result viewer shows. */
async function viewerT1(page: Page, id: number): Promise<string> {
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', String(id));
  await expect(detail.getByRole('tab', { name: 'Result' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const t1 = detail.getByTestId('result-viewer').getByTestId('t1');
  await expect(t1).toBeVisible({ timeout: 30_000 });
  return (await t1.textContent())!.trim();
}

test('a drift chart over four T1 runs: values as their viewers fit them, each opening its job', async ({
  page,
  studio,
}) => {
  test.setTimeout(180_000);
  const h = studio.server.core.handlers;
  const ids: number[] = [];
  for (const points of [41, 33, 27, 21])
    ids.push(await runToEnd(h, withWaits(points), `t1 ${points} waits`));

  const drift = await openVega(page);
  await expect(drift.getByRole('button', { name: 'T1', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(drift.getByTestId('drift-summary')).toHaveText(
    /^T1 on qubit 0: 4 runs over .+, from \d+(\.\d+)? ± \d+(\.\d+)? µs to \d+(\.\d+)? ± \d+(\.\d+)? µs \([+−]\d+(\.\d)? %, \d+\.\d σ: (within|beyond) the uncertainties\)\.$/,
  );
  const points = drift.locator('.trend-point');
  await expect(points).toHaveCount(4);
  await page.screenshot({ path: shot('drift-chart.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await drift.scrollIntoViewIfNeeded();
  await page.screenshot({ path: reviewShot('drift-chart-760.png') });
  await page.setViewportSize({ width: 1024, height: 640 });
  await drift.scrollIntoViewIfNeeded();
  await page.screenshot({ path: reviewShot('drift-chart-1024x640.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Oldest first on the time axis; each point's value is its job's, and it opens the job.
  const keys = await points.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-key'))),
  );
  expect(keys).toEqual(ids);
  const shown = new Set<string>();
  for (const id of ids) {
    const point = (await openVega(page)).locator(`.trend-point[data-key="${id}"]`);
    const label = (await point.getAttribute('aria-label'))!;
    const value = /: T1 (.+)\. Opens the job\.$/.exec(label)?.[1];
    expect(label).toContain(`Job ${id} (t1 `);
    await point.click();
    expect(await viewerT1(page, id)).toBe(value);
    shown.add(value!);
  }
  expect(shown.size).toBe(4);

  // By keyboard: Tab reaches one point, arrows move, Enter opens.
  const again = await openVega(page);
  await again.locator(`.trend-point[data-key="${ids[3]}"]`).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(again.locator(`.trend-point[data-key="${ids[2]}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await viewerT1(page, ids[2]!);

  // Two runs picked: their fits overlaid, both T1s said.
  const list = await openVega(page);
  await list.getByRole('checkbox', { name: `Pick job ${ids[0]} to compare` }).check();
  await list.getByRole('checkbox', { name: `Pick job ${ids[3]} to compare` }).check();
  await list.getByRole('button', { name: 'Compare fits' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Job ${ids[0]} compared with job ${ids[3]}`);
  await expect(dialog.getByTestId('compare-overlay').locator('canvas')).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByTestId('compare-overlay')).toContainText('T1 decay: A and B measured');
  await expect(dialog).toContainText('T1 of A');
  await expect(dialog).toContainText('T1 of B');
  await page.screenshot({ path: reviewShot('drift-compare-1280.png') });
});

test('an empty state that says which template to run', async ({ page }) => {
  const drift = await openVega(page);
  await expect(drift).toContainText('No T1 runs on this device yet');
  await expect(drift).toContainText('Run the T1 relaxation template');
  await drift.getByRole('button', { name: 'π-pulse' }).click();
  await expect(drift).toContainText('No Rabi runs on this device yet');
  await page.screenshot({ path: reviewShot('drift-empty-1280.png') });
});
