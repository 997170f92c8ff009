import { expect, type Page, shot, test } from './fixtures';

/**
 * The device panel in browser mode against the embedded simulator's fleet (one exact simulator,
 * noisy QPUs, one device in maintenance at start and one offline): statuses as colour, text and
 * shape, filters and search, refresh on demand and by the core's timer, a device's jobs.
 */
test.use({ variant: 'B' });

async function openDevices(page: Page) {
  await page.getByRole('button', { name: 'Devices', exact: true }).click();
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.locator('tbody tr[data-device]').first()).toBeVisible();
  return table;
}

test.describe('at the simulator’s start', () => {
  // Slow simulated time: the device in maintenance stays there for the whole test.
  test.use({ simulatorSpeed: 1 });

  test('the device panel shows all three statuses with text and icon, type and qubits', async ({
    page,
  }) => {
    const table = await openDevices(page);
    const statuses = [
      ['online', 'Online'],
      ['maintenance', 'Maintenance'],
      ['offline', 'Offline'],
    ] as const;
    for (const [status, label] of statuses) {
      const badge = table.locator(`[data-status="${status}"]`).first();
      await expect(badge).toBeVisible();
      await expect(badge).toHaveText(label); // not colour alone: the word ...
      await expect(badge.locator('svg')).toHaveCount(1); // ... and an icon whose shape differs
    }
    const simulator = table.locator('tr[data-device="sim.statevector"]');
    await expect(simulator).toContainText('simulator');
    await expect(simulator).toContainText('24');
    await expect(page.getByTestId('devices-refreshed')).toContainText(
      /Refreshed (just now|\d+ s ago)/,
    );
  });

  test('filters by status and type, searches, and says when nothing matches', async ({ page }) => {
    const table = await openDevices(page);
    const rows = table.locator('tbody tr[data-device]');
    const all = await rows.count();

    const maintenance = page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: /maintenance/ });
    await maintenance.click();
    await expect(maintenance).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).not.toHaveCount(all);
    for (const row of await rows.all())
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'maintenance');
    await maintenance.click();
    await expect(rows).toHaveCount(all);

    await page
      .getByRole('group', { name: 'Filter by type' })
      .getByRole('button', { name: /qpu\.analog/ })
      .click();
    for (const row of await rows.all()) await expect(row).toContainText('qpu.analog');
    await page
      .getByRole('group', { name: 'Filter by type' })
      .getByRole('button', { name: /qpu\.analog/ })
      .click();

    await page.getByRole('searchbox', { name: 'Search devices' }).fill('vega');
    await expect(rows).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('no such device');
    await expect(page.getByText('No device matches')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(all);
  });

  test('refresh on demand updates the time of the last refresh', async ({ page }) => {
    await openDevices(page);
    const refreshed = page.getByTestId('devices-refreshed');
    const before = await refreshed.textContent();
    await page.waitForTimeout(1100); // the shown time has second resolution
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(refreshed).not.toHaveText(before ?? '');
    await expect(refreshed).toContainText('just now');
  });

  test('a device’s detail shows the jobs that ran on it', async ({ page }) => {
    // Submit the welcome payload (a valid Bell sampling) to the simulator first.
    const submit = page.getByRole('button', { name: /Submit/ });
    await expect(submit).toBeEnabled();
    await submit.click();
    const jobId = (await page.getByTestId('submitted-job-id').textContent()) ?? '';
    expect(jobId).toMatch(/^\d+$/);

    const table = await openDevices(page);
    await table.locator('tr[data-device="sim.statevector"]').getByRole('button').click();
    const detail = page.getByRole('complementary', { name: 'Device State-vector simulator' });
    await expect(detail.getByRole('heading', { name: 'State-vector simulator' })).toBeVisible();
    const job = detail
      .getByRole('list', { name: /Jobs on/ })
      .getByRole('button', { name: new RegExp(`#${jobId}\\b`) });
    await expect(job).toBeVisible();
    await job.click();
    await expect(page.getByRole('button', { name: 'Jobs', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A device with no jobs says so.
    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    await table.locator('tr[data-device="qpu.analog.deneb"]').getByRole('button').click();
    await expect(page.getByText('No jobs have run on this device yet.')).toBeVisible();
  });

  test('in a narrow window a chosen device takes the whole width, and "← Devices" goes back', async ({
    page,
  }) => {
    // Wide: list and detail side by side, closed with ×; no back button.
    const wide = await openDevices(page);
    await wide.locator('tr[data-device="qpu.digital.sirius"]').getByRole('button').click();
    const sirius = page.getByRole('complementary', { name: 'Device Sirius' });
    await expect(sirius.getByRole('button', { name: 'Close device detail' })).toBeVisible();
    await expect(sirius.getByRole('button', { name: '← Devices' })).toBeHidden();
    await sirius.getByRole('button', { name: 'Close device detail' }).click();

    await page.setViewportSize({ width: 760, height: 800 });
    const table = await openDevices(page);
    // No empty detail pane squeezing the list.
    await expect(page.getByRole('complementary', { name: 'Device detail' })).toBeHidden();
    await table.locator('tr[data-device="qpu.digital.sirius"]').getByRole('button').click();
    const detail = page.getByRole('complementary', { name: 'Device Sirius' });
    await expect(detail).toBeVisible();
    await expect(table).toBeHidden();
    await detail.getByRole('button', { name: '← Devices' }).click();
    await expect(table).toBeVisible();
    await expect(detail).toBeHidden();
  });

  test('screenshots of the device panel', async ({ page }) => {
    const table = await openDevices(page);
    await table.locator('tr[data-device="qpu.digital.altair"]').getByRole('button').click();
    await expect(page.getByRole('complementary', { name: 'Device Altair' })).toBeVisible();
    await page.screenshot({ path: shot('devices-1280x800.png') });
    await page.setViewportSize({ width: 900, height: 700 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot('devices-900x700.png') });
  });
});

test.describe('while the simulator runs fast', () => {
  // Altair's maintenance at start lasts 5 to 15 simulated minutes: 10 to 30 s at this speed,
  // and the core refreshes devices every 15 s.
  test.use({ simulatorSpeed: 30 });

  test('a status change shows without a reload', async ({ page }) => {
    test.setTimeout(90_000);
    const table = await openDevices(page);
    const altair = table.locator('tr[data-device="qpu.digital.altair"]');
    await expect(altair.locator('[data-status]')).toHaveAttribute('data-status', 'maintenance');
    // No click, no reload: the core's refresh timer pushes `devices.updated`.
    await expect(altair.locator('[data-status]')).toHaveAttribute('data-status', 'online', {
      timeout: 75_000,
    });
    await expect(altair).toContainText('was maintenance');
  });
});
