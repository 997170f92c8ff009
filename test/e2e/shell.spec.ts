import { CONTENT_SECURITY_POLICY } from '../../src/shared/ipc/content-security-policy';
import { expect, test } from './fixtures';

/**
 * The shell under the UI: browser mode serves the real bundle with the CSP, the page connects
 * its WebSocket with the token from the launch address, and nothing violates the policy.
 */
test.describe('browser mode shell', () => {
  test.use({ openApp: false });

  test('serves the app with the CSP and connects with the launch token only', async ({
    page,
    studio,
    pageErrors,
  }) => {
    // Listeners attach when the socket appears, so no frame can arrive unobserved.
    const sockets: { closed: () => boolean }[] = [];
    let frames = 0;
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/ws')) return;
      sockets.push({ closed: () => ws.isClosed() });
      ws.on('framereceived', () => frames++);
    });

    const response = await page.goto(studio.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await expect.poll(() => frames).toBeGreaterThan(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed()).toBe(false);
    // The token moves out of the address bar (and into this tab's storage).
    await expect(page).not.toHaveURL(/token=/);

    // A reload of the same tab still works without the token in the address.
    const before = frames;
    await page.reload();
    await expect.poll(() => sockets.length).toBe(2);
    await expect.poll(() => frames).toBeGreaterThan(before);
    expect(sockets[1]!.closed()).toBe(false);

    expect(pageErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test.describe('without the token', () => {
    test.use({
      expectedConsoleErrors: new RegExp(
        [
          // The renderer opened without its token throws this (services/transport/index.ts).
          /^Error: No access token: open the exact address `qjob web` printed/.source,
          // Chromium's line for the socket the server refuses: the refusal this test wants.
          /^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed/.source,
        ].join('|'),
      ),
    });

    test('a page opened without the token gets no socket', async ({ page, studio }) => {
      const refused = await page.goto(studio.origin + '/');
      expect(refused?.status()).toBe(200); // the static bundle is public by design
      const result = await page.evaluate(
        (port) =>
          new Promise<string>((resolve) => {
            // This runs in the page; the test's own TypeScript setup has no DOM types.
            type BrowserSocket = { onopen: (() => void) | null; onerror: (() => void) | null };
            const Socket = (
              globalThis as unknown as { WebSocket: new (u: string, p: string[]) => BrowserSocket }
            ).WebSocket;
            const ws = new Socket(`ws://127.0.0.1:${port}/ws`, ['qjob.v1', 'qjob.token.wrong']);
            ws.onopen = () => resolve('open');
            ws.onerror = () => resolve('refused');
          }),
        studio.port,
      );
      expect(result).toBe('refused');
    });
  });
});
