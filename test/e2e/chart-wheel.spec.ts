import { readFileSync } from 'node:fs';
import { expect, type Page, reviewShot, test } from './fixtures';

/**
 * The mouse wheel over a chart scrolls the result past it, as everywhere else on the page; the
 * chart zooms with Ctrl+wheel, or with the wheel once it was clicked into (until the pointer
 * leaves it), as maps and plotting tools do. A plain turn says how to zoom instead.
 */
test.use({ variant: 'B' });

const RABI = readFileSync(
  new URL('../../resources/templates/b/rabi.yaml', import.meta.url),
  'utf8',
);
const detail = (page: Page) => page.getByTestId('job-detail');

test('the wheel scrolls a long result past its charts; Ctrl+wheel or a click first zooms', async ({
  page,
  studio,
}) => {
  const h = studio.server.core.handlers;
  const { jobId } = await h['jobs.submit']({ text: RABI, deviceCode: 'sim.statevector' });
  await expect
    .poll(async () => (await h['jobs.get']({ id: jobId })).detail.status, { timeout: 30_000 })
    .toBe('completed');
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await page.locator(`.job-row[data-job-id="${jobId}"]`).click();
  await detail(page).getByRole('tab', { name: 'Result' }).click();
  const plot = detail(page).getByTestId('experiment-chart').locator('.chart-plot');
  await expect(plot).toHaveAttribute('data-x-range', /\S+ \S+/);
  const panel = detail(page).locator('.jm-tabpanel');
  const scrolled = () => panel.evaluate((el) => el.scrollTop);
  const range = () => plot.getAttribute('data-x-range');
  const home = await range();

  // A plain turn over the chart scrolls the result; the chart stays as it was.
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 60));
  await page.mouse.wheel(0, 240);
  await expect.poll(scrolled).toBeGreaterThan(0);
  expect(await range()).toBe(home);
  await expect(detail(page).getByTestId('chart-wheel-hint')).toContainText('Ctrl+wheel to zoom');
  await page.screenshot({ path: reviewShot('chart-wheel-hint-1280.png') });

  // Ctrl+wheel zooms, and does not scroll.
  await panel.evaluate((el) => el.scrollTo(0, 0));
  const at = (await plot.boundingBox())!;
  // Near the top of the plot area: the chart reaches below the window's edge.
  const inside = { x: at.x + at.width / 2, y: at.y + 60 };
  await page.mouse.move(inside.x, inside.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -120);
  await page.keyboard.up('Control');
  await expect.poll(range).not.toBe(home);
  expect(await scrolled()).toBe(0);

  // Clicked into, the plain wheel zooms too, until the pointer leaves the chart.
  await plot.dblclick();
  await expect.poll(range).toBe(home);
  await plot.click(); // brings the chart into view, and leaves the pointer over it
  const before = await scrolled();
  await page.mouse.wheel(0, -120);
  await expect.poll(range).not.toBe(home);
  expect(await scrolled()).toBe(before);
  const now = (await plot.boundingBox())!;
  await page.mouse.move(now.x + now.width / 2, now.y - 40);
  await page.mouse.move(now.x + now.width / 2, now.y + 60);
  const zoomed = await range();
  await page.mouse.wheel(0, 240);
  await expect.poll(scrolled).toBeGreaterThan(before);
  expect(await range()).toBe(zoomed);
});
