import { expect, test } from './fixtures';
import { BELL } from './payloads';

/**
 * Connection and session UI in browser mode: the top bar always shows the connection and its
 * variant, the session (user, expiry, where the token lives), logout and login with errors in
 * words, and the profile editor validating as you type and testing a connection.
 */
test.use({ variant: 'A' });

test('the top bar shows the connection, its variant and the session', async ({ page }) => {
  const banner = page.getByRole('banner');
  await expect(
    banner.getByRole('button', { name: /^Connection: Simulator \(Variant A\), Variant A/ }),
  ).toBeVisible();
  await expect(banner.getByTestId('variant-badge')).toHaveText('Variant A');
  await expect(banner.getByTestId('session-user')).toHaveText('demo');
  await expect(banner.getByText(/expires in/)).toBeVisible();
  // The e2e core keeps secrets in memory, but the built-in simulator is logged in by the app at
  // every start: nothing is lost, so nothing warns (issue 25: a badge promised a new login).
  await expect(banner.getByTestId('token-store-warning')).toHaveCount(0);
  await expect(page.getByTestId('status-connection')).toContainText('connected');
});

test('log out, then log in with a wrong and a right key', async ({ page, studio, ownService }) => {
  // A service of its own: the built-in simulator takes no key from the person (see
  // kept-login.spec.ts); this one accepts the user demo with the key demo.
  const service = await ownService();
  const h = studio.server.core.handlers;
  await h['profiles.save']({
    id: 'own',
    name: 'Own service',
    variant: 'A',
    baseUrl: service.url,
  });
  await h['profiles.activate']({ id: 'own' });
  await h['session.login']({ user: 'demo', apiKey: 'demo' });
  await page.reload();
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('session-user')).toHaveText('demo');
  // A service of one's own whose token lives in memory only: that is worth saying.
  await expect(banner.getByTestId('token-store-warning')).toContainText(
    'Token kept in memory only',
  );
  await expect(banner.getByTestId('token-store-warning')).toHaveAttribute(
    'title',
    /log in again after a restart/,
  );
  await banner.getByRole('button', { name: 'Log out' }).click();
  await expect(banner.getByText('Not logged in')).toBeVisible();
  await expect(page.locator('.submit-reason')).toHaveText('Log in to this connection to submit.');

  await banner.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('Enter the user name the service knows you by.')).toBeVisible();
  await expect(dialog.getByText('Paste your API key.')).toBeVisible();
  await dialog.getByLabel('User').fill('demo');

  await dialog.getByLabel('API key').fill('not-the-key');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'did not accept this user name and API key',
  );
  await expect(dialog.getByLabel('API key')).toHaveValue('');

  await dialog.getByLabel('API key').fill('demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner.getByTestId('session-user')).toHaveText('demo');
  await expect(page.locator('.submit-reason')).not.toContainText('Log in');
});

test('the profile editor validates as you type and tests a connection', async ({
  page,
  ownService,
}) => {
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitem', { name: 'Manage connections…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connections' });
  // The built-in simulator's address is shown; the new connection goes to a simulator of its
  // own, which accepts the public demo key (the built-in one accepts only the app's).
  expect(await dialog.getByLabel('Base URL').inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  const simulatorUrl = (await ownService()).url;

  await dialog.getByRole('button', { name: 'New connection' }).click();
  await dialog.getByLabel('Name').fill('Lab service');
  await expect(dialog.getByText('Saved as “lab-service”.')).toBeVisible();
  const url = dialog.getByLabel('Base URL');
  await url.fill('lab.example');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/Enter the full http or https address/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Test connection' })).toBeDisabled();

  await url.fill(simulatorUrl);
  await expect(url).toHaveAttribute('aria-invalid', 'false');
  await dialog.getByText('Endpoint overrides, query flags and time-outs').click();
  const jobPath = dialog.getByLabel('job', { exact: true });
  await jobPath.fill('/jobs/one');
  await expect(dialog.getByText("The job path must contain '{id}'.")).toBeVisible();
  await jobPath.fill('');
  const timeout = dialog.getByLabel('Request time-out (seconds)');
  await expect(timeout).toHaveAttribute('placeholder', '30');
  await timeout.fill('soon');
  await expect(dialog.getByText('Enter a number of seconds, such as 5 or 0.5.')).toBeVisible();
  await timeout.fill('20');
  await expect(timeout).toHaveAttribute('aria-invalid', 'false');
  await dialog.getByLabel('Poll interval (seconds)').fill('0.1');
  await expect(dialog.getByText('Between 0.25 and 600 seconds.')).toBeVisible();
  await dialog.getByLabel('Poll interval (seconds)').fill('2');

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const result = dialog.getByRole('region', { name: 'Connection test' });
  await expect(result.locator('.callout-ok')).toBeVisible();
  await expect(result.locator('.conn-steps li').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog.getByRole('navigation', { name: 'Connections' })).toContainText(
    'Lab service',
  );
  await dialog.getByRole('button', { name: 'Use this connection' }).click();

  // A new connection needs a login; the dialog for it opens by itself.
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await login.getByLabel('User').fill('demo');
  await login.getByLabel('API key').fill('demo');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(
    page.getByRole('banner').getByRole('button', { name: /^Connection: Lab service/ }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('session-user')).toHaveText('demo');
});

test('the theme follows the system and can be overridden', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.monaco-editor').first()).toHaveClass(/vs-dark/);
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.monaco-editor').first()).not.toHaveClass(/vs-dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('at 760 px the top bar keeps its controls apart, and says in words what its icons mean', async ({
  page,
}) => {
  // Browser mode can go below the desktop window's 800 px minimum.
  await page.setViewportSize({ width: 760, height: 800 });
  const banner = page.getByRole('banner');
  const logout = banner.getByRole('button', { name: 'Log out' });
  const theme = banner.getByRole('button', { name: /^Theme:/ });
  await expect(logout).toBeVisible();
  const boxes = await Promise.all(
    [banner.getByRole('button', { name: /^Connection:/ }), logout, theme].map((l) =>
      l.boundingBox(),
    ),
  );
  for (let i = 1; i < boxes.length; i++) {
    // Left to right, none running into the next, all inside the window.
    expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
  }
  expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeLessThanOrEqual(760);
  await expect(logout).toHaveAttribute('title', /Log out of/);
  await expect(banner.getByTestId('variant-badge')).toBeVisible();
});

test.describe('Variant B', () => {
  test.use({ variant: 'B' });

  test('logged out, the job list from this computer says so, not "offline"', async ({
    page,
    studio,
  }) => {
    const { jobId } = await studio.server.core.handlers['jobs.submit']({
      text: BELL,
      deviceCode: 'sim.statevector',
      name: 'kept here',
    });
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    const row = page.locator(`.job-row[data-job-id="${jobId}"]`);
    await expect(row).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    const banner = page.getByTestId('logged-out-banner');
    await expect(banner).toContainText('Not logged in.');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('status-connection')).toContainText('not logged in');

    await row.click();
    await expect(page.getByTestId('detail-offline')).toContainText(
      'Not logged in: this is the copy',
    );

    // The built-in simulator logs in with its own per-launch key: no key to type.
    await banner.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login.getByLabel('API key')).toHaveCount(0);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(banner).toBeHidden();
  });
});
