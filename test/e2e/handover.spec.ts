import { readFileSync } from 'node:fs';
import { expect, type Page, reviewShot, shot, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Rerun, tags and notes, and bundles in browser mode on the embedded Variant B simulator: the
 * detail links a rerun both ways, a tag added in the detail filters the table, and a bundle
 * goes out and comes back with its payload's bytes unchanged, then runs again.
 */
test.use({ variant: 'B', simulatorSpeed: 50 });

const DEVICE = 'sim.statevector';
const SIRIUS = 'qpu.digital.sirius';
const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');

/** An item of the detail's "Run again" menu. */
async function fromMenu(page: Page, item: string): Promise<void> {
  await detail(page).getByRole('button', { name: 'Run again or export this job' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${item}`) }).click();
}

async function openJob(page: Page, id: number): Promise<void> {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
  await row(page, id).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(id));
}

test('Run again now: the new job says where it came from, and the old one lists it', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  // Not the first online device, which the editor would pick by itself.
  const { jobId: first } = await h['jobs.submit']({ text: BELL, deviceCode: SIRIUS, name: 'bell' });
  await openJob(page, first);

  await fromMenu(page, 'Run again now');
  await expect(detail(page)).not.toHaveAttribute('data-job-id', String(first));
  const second = Number(await detail(page).getAttribute('data-job-id'));
  await expect(detail(page).getByTestId('job-lineage')).toHaveText(`Rerun of #${first}`);

  await detail(page).getByTestId(`lineage-${first}`).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(first));
  await expect(detail(page).getByTestId('job-lineage')).toHaveText(`Rerun as #${second}`);
  expect((await h['jobs.rerunSource']({ id: second })).text).toBe(BELL);

  // "Run again…" opens the payload in a new editor tab with its device picked.
  await fromMenu(page, 'Run again in the editor');
  await expect(
    page.getByRole('tab', { name: new RegExp(`job-${first}-again\\.yaml`) }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Sirius / })).toBeChecked();
});

test('a tag added in the detail filters the table; the note is kept', async ({ page, studio }) => {
  const h = studio.server.core.handlers;
  const { jobId: tagged } = await h['jobs.submit']({
    text: BELL,
    deviceCode: DEVICE,
    name: 'rabi calibration',
  });
  const { jobId: other } = await h['jobs.submit']({
    text: BELL,
    deviceCode: DEVICE,
    name: 'other',
  });
  await openJob(page, tagged);

  const input = detail(page).getByTestId('tag-input');
  await input.fill('calib!');
  await input.press('Enter');
  await expect(detail(page).getByRole('alert')).toContainText("'calib!': a tag starts with");
  await input.fill('Calib q0/drive');
  await input.press('Enter');
  const chips = detail(page).getByRole('list', { name: 'Tags' });
  await expect(chips).toContainText('calib');
  await expect(chips).toContainText('q0/drive');
  await expect(input).toHaveValue('');

  await detail(page).getByRole('button', { name: 'Add a note' }).click();
  await detail(page)
    .getByTestId('note-input')
    .fill('Drive amplitude checked against the last T1 run.');
  await page.keyboard.press('Control+Enter');
  await expect(detail(page).getByTestId('job-note')).toHaveText(
    'Drive amplitude checked against the last T1 run.',
  );
  await expect(row(page, tagged).getByTestId('row-tags')).toHaveText('calibq0/drive');
  await page.screenshot({ path: shot('job-tags.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('job-tags-760.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing by keyboard: the chip's button is in the tab order.
  await detail(page).getByRole('button', { name: 'Remove the tag q0/drive' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips).not.toContainText('q0/drive');

  await detail(page).getByRole('button', { name: 'Close the job' }).click();
  await page.getByTestId('job-search').fill('tag:calib');
  await expect(row(page, tagged)).toBeVisible();
  await expect(row(page, other)).toHaveCount(0);
  await page.getByTestId('job-search').fill('');
  await expect(row(page, other)).toBeVisible();
  await page.getByTestId('tag-filter').selectOption('calib');
  await expect(row(page, other)).toHaveCount(0);
  await expect(page.getByTestId('job-count')).toHaveText(/^1 of \d+$/);
});

test('bundle round trip: export, open read-only, run again with the same payload bytes', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  // Comments and odd spacing: a payload rebuilt from the service's copy would lose them.
  const text = `# handed over\n${BELL.replace('nshots: 1000', 'nshots:   1000   # as typed')}\n`;
  const { jobId } = await h['jobs.submit']({ text, deviceCode: DEVICE, name: 'handover' });
  await h['annotations.changeTags']({ id: jobId, add: ['handover'] });
  await openJob(page, jobId);
  await expect(detail(page).locator('.jm-detail-titlebar .job-status')).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );

  const download = page.waitForEvent('download');
  await fromMenu(page, 'Export bundle');
  const file = await (await download).path();
  const saved = readFileSync(file, 'utf8');
  const bundle = JSON.parse(saved);
  expect(bundle.jobs[0].payload).toEqual({ text, source: 'submitted', redacted: false });
  expect(saved).not.toContain(studio.token);

  await detail(page).getByRole('button', { name: 'Close the job' }).click();
  await page.getByTestId('bundle-file-input').setInputFiles({
    name: `job-${jobId}.qjob.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(saved),
  });
  const view = page.getByTestId('bundle-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('bundle-job')).toContainText('exactly as submitted');
  await expect(view.getByTestId('bundle-job')).toContainText('handover');
  await view.getByRole('tab', { name: 'Result' }).click();
  await expect(view.getByRole('tabpanel')).not.toContainText('could not be decoded');
  await view.getByRole('tab', { name: 'Payload' }).click();
  await expect(view.getByRole('tabpanel')).toContainText('# as typed');
  await page.screenshot({ path: reviewShot('bundle-view-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('bundle-view-760.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await view.getByRole('button', { name: 'Run again now' }).click();
  await expect(view).toHaveCount(0);
  await expect(detail(page)).not.toHaveAttribute('data-job-id', String(jobId));
  const again = Number(await detail(page).getAttribute('data-job-id'));
  await expect(detail(page).getByTestId('job-lineage')).toContainText(
    `From the bundle job-${jobId}.qjob.json (job ${jobId} there)`,
  );
  const source = await h['jobs.rerunSource']({ id: again });
  expect(source).toMatchObject({ text, exact: true, deviceCode: DEVICE });
  expect(Buffer.from(source.text)).toEqual(Buffer.from(text));
});

test('a file that is not a bundle is refused with where', async ({ page }) => {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await page.getByTestId('bundle-file-input').setInputFiles({
    name: 'notes.qjob.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "quantum-job-studio/job-bundle", "version": 1, "jobs": []}'),
  });
  await expect(page.getByTestId('bundle-error')).toContainText('notes.qjob.json is damaged at');
  await expect(page.getByTestId('bundle-view')).toHaveCount(0);
});

test('Export list: the jobs the table shows after a filter go out as one bundle', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const ids: number[] = [];
  for (const name of ['sweep a', 'sweep b', 'unrelated']) {
    const { jobId } = await h['jobs.submit']({ text: BELL, deviceCode: DEVICE, name });
    ids.push(jobId);
  }
  await h['annotations.changeTags']({ id: ids[0]!, add: ['drift-check'] });
  await h['annotations.changeTags']({ id: ids[1]!, add: ['drift-check'] });
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(row(page, ids[2]!)).toBeVisible();
  await page.getByTestId('job-search').fill('tag:drift-check');
  await expect(row(page, ids[2]!)).toHaveCount(0);
  await expect(page.getByTestId('job-count')).toHaveText(/^2 of \d+$/);

  const exporter = page.getByTestId('export-list');
  await expect(exporter).toHaveAccessibleName('Export the 2 jobs shown as a bundle');
  await page.screenshot({ path: reviewShot('export-list-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('export-list-760.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  const download = page.waitForEvent('download');
  await exporter.click();
  const saved = readFileSync(await (await download).path(), 'utf8');
  const bundle = JSON.parse(saved) as { jobs: { record: { id: number }; tags: string[] }[] };
  expect(bundle.jobs.map((j) => j.record.id).sort((a, b) => a - b)).toEqual([ids[0], ids[1]]);
  expect(bundle.jobs.every((j) => j.tags.includes('drift-check'))).toBe(true);
  expect(saved).not.toContain(studio.token);
  await expect(page.getByText(/Saved jobs-.*\.qjob\.json: 2 jobs\./)).toBeVisible();

  // Nothing shown, nothing to export, and the button says so.
  await page.getByTestId('job-search').fill('tag:no-such-tag');
  await expect(exporter).toBeDisabled();
  await expect(exporter).toHaveAttribute('title', 'No jobs to export: the list is empty');
});
