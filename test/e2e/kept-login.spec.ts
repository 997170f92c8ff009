import { startSimulator } from '../../src/simulator';
import { expect, reviewShot, test } from './fixtures';

/**
 * A login kept from an earlier run that the service no longer accepts: one from another
 * simulator (another data folder, a reset). Simulator mode still comes up logged in, without a
 * word; a real service's connection opens the login form, which says why.
 */

test.describe('simulator mode', () => {
  test.use({ variant: 'A', keptLogins: [{ profile: 'simulator-a', variant: 'A' }] });

  test('comes up logged in, Submit enabled, despite a login kept from another simulator', async ({
    page,
  }) => {
    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('session-user')).toHaveText('demo');
    // The simulator answered with this session's token: the device list is there.
    await expect(page.getByTestId('status-connection')).toContainText('connected');
    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    await expect(
      page.getByRole('table', { name: 'Devices' }).locator('tr[data-device="sim.statevector"]'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    await expect(page.getByRole('button', { name: /Submit/ })).toBeEnabled();
    await expect(banner.getByText(/Session expired|Not logged in/)).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByText(/session has ended/i)).toHaveCount(0);
  });

  test('after logging out, Log in needs no key', async ({ page }) => {
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Log out' }).click();
    await expect(banner.getByText('Not logged in')).toBeVisible();
    await banner.getByRole('button', { name: 'Log in' }).click();
    await expect(banner.getByTestId('session-user')).toHaveText('demo');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
  });
});

test.describe('a real service', () => {
  test.use({ variant: 'A', keptLogins: [{ profile: 'lab', variant: 'A' }] });

  test('whose kept login it refuses opens the login form with the reason', async ({
    page,
    studio,
  }) => {
    const service = await startSimulator({ variant: 'A', onProblem: () => undefined });
    try {
      await studio.server.core.handlers['profiles.save']({
        id: 'lab',
        name: 'Lab service',
        variant: 'A',
        baseUrl: service.url,
      });
      await page.reload();
      await page.getByRole('button', { name: /^Connection:/ }).click();
      await page.getByRole('menuitemradio', { name: /Lab service/ }).click();

      const dialog = page.getByRole('dialog', { name: 'Log in' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('status')).toHaveText(
        /^The session has ended: the service refused to renew the login \(HTTP 401.*\)\. Log in again\.$/,
      );
      await expect(dialog.getByLabel('User')).toHaveValue('demo');
      await page.screenshot({ path: reviewShot('login-refused-1280x800.png') });
      await page.setViewportSize({ width: 760, height: 800 });
      await page.screenshot({ path: reviewShot('login-refused-760.png') });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Closed, the form stays closed; the editor says what Submit waits for.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('.submit-reason')).toHaveText(
        'Log in to this connection to submit.',
      );
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await dialog.getByLabel('API key').fill('demo');
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('banner').getByTestId('session-user')).toHaveText('demo');
    } finally {
      await service.stop();
    }
  });
});
