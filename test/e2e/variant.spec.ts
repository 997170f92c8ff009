import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSimulator } from '../../src/simulator';
import { submitAsDemo } from '../support/service-session';
import { expect, reviewShot, test } from './fixtures';

/**
 * A connection set to Variant A against a service that speaks Variant B: the session bar says
 * which variant the service seems to speak, the sentence says why and how to switch, and the
 * badge opens Manage connections, from the keyboard too.
 */
test('the session bar says the service speaks the other variant, and leads to the fix', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-e2e-variant-'));
  const sim = await startSimulator({
    variant: 'B',
    seed: 1,
    speed: 50,
    dataDir,
    onProblem: () => undefined,
  });
  try {
    await submitAsDemo(sim.url, 'B', 'test/fixtures/dialect/b-sampling-bell.yaml');

    // As a person would: a new connection to that service, left at Variant A, and a login.
    await page.getByRole('button', { name: /^Connection:/ }).click();
    await page.getByRole('menuitem', { name: 'Manage connections…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connections' });
    await dialog.getByRole('button', { name: 'New connection' }).click();
    await dialog.getByLabel('Name').fill('Lab service');
    await dialog.getByLabel('Base URL').fill(sim.url);
    await dialog.getByLabel('Variant').selectOption('A');
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await dialog.getByRole('button', { name: 'Use this connection' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('User').fill('demo');
    await login.getByLabel('API key').fill('demo');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toBeHidden();

    const banner = page.getByRole('banner');
    const badge = banner.getByTestId('session-variant');
    await expect(badge.locator('.only-wide')).toHaveText('Service speaks Variant B');
    await expect(badge.locator('.only-wide')).toBeVisible();
    await expect(badge).toHaveAttribute(
      'title',
      `The service at ${sim.url} seems to speak Variant B (job 1 carries jobType, which only Variant B records have); this connection is set to Variant A. Switch it in Manage connections: edit this connection and set its variant to B.`,
    );
    await page.screenshot({ path: reviewShot('session-variant-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await expect(badge.locator('.only-narrow')).toBeVisible();
    const right = await badge.boundingBox();
    expect(right!.x + right!.width).toBeLessThanOrEqual(760);
    await page.screenshot({ path: reviewShot('session-variant-760.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await badge.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Connections' })).toBeVisible();
  } finally {
    await sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
