import { expect, openYamlFile, reviewShot, test } from './fixtures';

/**
 * Browser mode's limits, seen from the page in real Chromium: the launch address opens the app
 * once (a second tab opened with it is told why it cannot connect and what to do), and drafts
 * too large for the socket are left out of the autosave with a message, never sent.
 */
test.describe('browser mode limits', () => {
  test.use({
    openApp: false,
    variant: 'B',
    // The second tab is refused on purpose: Chromium logs the refused socket, and the page logs
    // the call that could not be made, with the message the test reads on the page.
    expectedConsoleErrors: new RegExp(
      [
        /^WebSocket connection to '.*' failed/.source,
        /^app\.info failed QjobCallError: This tab cannot connect to the app/.source,
      ].join('|'),
    ),
  });

  test('the launch address opens the app once; a second tab says why it cannot connect', async ({
    page,
    studio,
  }) => {
    await page.goto(studio.url);
    await expect(page.getByTestId('status-connection')).not.toHaveText(/Connecting/);

    const second = await page.context().newPage();
    await second.goto(studio.url);
    const message = second.getByText(/the address it was opened with was already used/);
    await expect(message).toBeVisible({ timeout: 15_000 });
    await expect(second.getByText('Quantum Job Studio cannot start')).toBeVisible();
    await second.setViewportSize({ width: 1280, height: 800 });
    await second.screenshot({ path: reviewShot('launch-address-used-1280.png') });
    await second.setViewportSize({ width: 760, height: 800 });
    await second.screenshot({ path: reviewShot('launch-address-used-760.png') });

    // The first tab is unaffected, and a reload of it still works (its session token).
    await page.reload();
    await expect(page.getByTestId('status-connection')).toHaveText(/connected/);
  });

  test('a tab too large to autosave is named in a message instead of being sent', async ({
    page,
    studio,
  }) => {
    test.slow(); // 49 MB go through the DevTools protocol into the file input first
    const errors: string[] = [];
    page.on('websocket', (ws) => ws.on('close', () => errors.push('socket closed')));
    await page.goto(studio.url);
    await expect(page.getByTestId('status-connection')).toHaveText(/connected/);
    await openYamlFile(page, 'huge.yaml', `# ${'x'.repeat(49 * 1024 * 1024)}\n`);
    const notice = page.getByTestId('status-notice').filter({ hasText: 'Not autosaved' });
    await expect(notice).toContainText('“huge.yaml” (49 MB)', { timeout: 30_000 });
    await expect(notice).toContainText('drafts are kept up to 48 MB in all');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: reviewShot('drafts-too-large-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('drafts-too-large-760.png') });
    await expect(page.getByText('Drafts not saved')).toBeVisible();
    expect(errors).toEqual([]); // nothing oversized reached the server
  });
});
