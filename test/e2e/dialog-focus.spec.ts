import { expect, test, type Page } from './fixtures';
import { BELL } from './payloads';

/**
 * Every dialog opens with focus in its first field, so the keys pressed right after opening it
 * land there (never on the header's ×, where Enter would close the dialog), and closing it gives
 * focus back to what opened it. Each case types at once, without clicking into the field.
 */
test.use({ variant: 'B' });

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: unknown } }).document
      .activeElement as { getAttribute(n: string): string | null; id: string } | null;
    return el ? (el.getAttribute('aria-label') ?? el.id) : null;
  });

test('open job by id: Ctrl+J from the editor, type the id and Enter', async ({ page, studio }) => {
  const { jobId } = await studio.server.core.handlers['jobs.submit']({
    text: BELL,
    deviceCode: 'sim.statevector',
    name: 'ticket 4711',
  });
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);

  await page.keyboard.press('ControlOrMeta+j');
  await page.keyboard.type(`#${jobId}`);
  const dialog = page.getByRole('dialog', { name: 'Open job by id' });
  await expect(dialog.getByLabel('Job id')).toHaveValue(`#${jobId}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('job-detail')).toHaveAttribute('data-job-id', String(jobId));

  // From the monitor's button; Escape closes and focus goes back to the button.
  const button = page.getByRole('button', { name: /Open by id/ });
  await button.click();
  await page.keyboard.type('12');
  await expect(dialog.getByLabel('Job id')).toHaveValue('12');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('log in: the key field takes the typing when the user is known', async ({
  page,
  studio,
  ownService,
}) => {
  // A service that asks for a key (the built-in simulator logs in with its own).
  const h = studio.server.core.handlers;
  await h['profiles.save']({
    id: 'own',
    name: 'Own service',
    variant: 'A',
    baseUrl: (await ownService('A')).url,
    user: 'demo',
  });
  await h['profiles.activate']({ id: 'own' });
  await h['session.login']({ user: 'demo', apiKey: 'demo' });
  await page.reload();
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Log out' }).click();
  const login = banner.getByRole('button', { name: 'Log in' });
  await login.click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await page.keyboard.type('demo');
  await expect(dialog.getByLabel('API key')).toHaveValue('demo');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(banner.getByTestId('session-user')).toHaveText('demo');
});

test('connections: a new connection takes its name as typed, a delete asks with Cancel focused', async ({
  page,
}) => {
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitem', { name: 'Manage connections…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connections' });
  await expect(dialog).toBeVisible();
  // The active connection is a built-in one, read-only: focus is not in one of its fields.
  expect(await focusedLabel(page)).not.toBe('Close');

  await dialog.getByRole('button', { name: 'New connection' }).click();
  await page.keyboard.type('Lab service');
  await expect(dialog.getByLabel('Name')).toHaveValue('Lab service');
  await dialog.getByLabel('Base URL').fill('https://lab.example/api/v1');
  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog.getByRole('navigation', { name: 'Connections' })).toContainText(
    'Lab service',
  );

  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete connection?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole('navigation', { name: 'Connections' })).toContainText(
    'Lab service',
  );
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
});

test('compare: the job id field takes the typing', async ({ page, studio }) => {
  const h = studio.server.core.handlers;
  const first = await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'a' });
  const second = await h['jobs.submit']({ text: BELL, deviceCode: 'sim.statevector', name: 'b' });
  await page.keyboard.press('ControlOrMeta+j');
  await page.keyboard.type(String(first.jobId));
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', String(first.jobId));
  await expect(detail).toContainText('Completed', { timeout: 30_000 });
  await detail.getByRole('button', { name: /Compare/ }).click();
  await page.keyboard.type(String(second.jobId));
  await expect(
    page
      .getByRole('dialog', { name: `Compare job ${first.jobId}` })
      .getByLabel('Compare with job id'),
  ).toHaveValue(String(second.jobId));
});
