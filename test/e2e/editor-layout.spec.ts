import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { expect, test, type Page } from './fixtures';

/**
 * Layout faults of the editor view, measured in the page: long messages wrap, the tab strip
 * keeps its height, the templates menu gives its descriptions room. Scrollbars take space here
 * as they do for people (headless Chromium hides them unless told otherwise).
 */
test.use({
  variant: 'A',
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

/** Width and height of an element's content, of its box, and how far it scrolls. */
const metrics = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    clientHeight: el.clientHeight,
    offsetHeight: (el as unknown as { offsetHeight: number }).offsetHeight,
  }));

test('after a variant switch the pre-flight’s error text wraps, with no sideways scrolling', async ({
  page,
}) => {
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Simulator \(Variant B\)/ }).click();
  // Variant A's welcome payload is not Variant B: the reason says so and what to do.
  await expect(page.locator('.submit-reason')).toContainText(
    'This is a Variant A payload and the connection speaks Variant B',
  );
  for (const part of ['.preflight-footer', '.preflight-scroll']) {
    const m = await metrics(page, part);
    expect(m.scrollWidth, part).toBeLessThanOrEqual(m.clientWidth);
  }
});

test('at 760 px many tabs shrink and scroll without a scrollbar squeezing them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 760, height: 800 });
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'New payload' }).click();
  const strip = await metrics(page, '.tabs');
  expect(strip.clientHeight).toBe(strip.offsetHeight);
  expect(strip.scrollWidth).toBeGreaterThan(strip.clientWidth); // five tabs do not fit ...
  const box = (await page.locator('.tabs').boundingBox())!;
  const active = (await page.getByRole('tab', { selected: true }).boundingBox())!;
  // ... and the new one is in view.
  expect(active.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(active.x + active.width).toBeLessThanOrEqual(box.x + box.width + 1);
});

test('the templates menu gives each description the menu’s width', async ({ page }) => {
  await page.getByRole('button', { name: 'New from template' }).click();
  const menu = page.getByRole('menu', { name: 'New from template' });
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.width).toBeGreaterThan(300);
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  const details = menu.locator('.menu-detail');
  expect(await details.count()).toBeGreaterThan(3);
  for (const detail of await details.all()) {
    const box = (await detail.boundingBox())!;
    expect(box.width).toBeGreaterThan(menuBox.width * 0.75);
  }
});
