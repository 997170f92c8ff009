import { describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
  appRequestPath,
  appResponseHeaders,
  developmentCsp,
  handleWindowOpen,
  isAllowedExternalUrl,
  isPermissionAllowed,
  isPermissionRequestAllowed,
  isTrustedRendererUrl,
  isTrustedSender,
  openExternalChecked,
  refuseNavigation,
} from '../../../src/main/security';
import { RENDERER_RESPONSE_HEADERS } from '../../../src/shared/ipc/content-security-policy';

describe('the desktop window’s security settings', () => {
  it('isolate and sandbox the renderer, with no Node in it', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('serve the app from the privileged app:// scheme, not file://', () => {
    expect(APP_ENTRY_URL).toBe('app://qjob/index.html');
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true, bypassCSP: false });
  });

  it('use the strict CSP, the same string browser mode sends', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => {
        const [name, ...values] = d.split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'worker-src': "'self'", // no blob: workers (see the editor e2e test)
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'none'",
    });
    expect(RENDERER_RESPONSE_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('relax the CSP in development only for Vite’s inline preamble and hot reload', () => {
    const dev = developmentCsp('http://localhost:5173/');
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';"); // production unchanged
  });

  it('accept IPC only from the app’s own page (or the dev server in development)', () => {
    expect(isTrustedRendererUrl('app://qjob/index.html')).toBe(true);
    expect(isTrustedRendererUrl('app://other/index.html')).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd')).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/')).toBe(false);
    expect(isTrustedRendererUrl(undefined)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/')).toBe(false);
  });

  it('open only plain https links outside the app', () => {
    expect(isAllowedExternalUrl('https://example.org/docs?q=1')).toBe(true);
    for (const url of [
      'http://example.org',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-msdt:/id',
      'https://user:pw@example.org',
      'not a url',
      `https://example.org/${'a'.repeat(2100)}`,
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });

  it('refuse every web permission but writing to the clipboard from our own page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://qjob/index.html')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fileSystem',
    ]) {
      expect(isPermissionAllowed(permission, 'app://qjob/index.html'), permission).toBe(false);
    }
  });

  it('refuse a permission request without a requesting URL unless the page itself is ours', () => {
    const page = 'app://qjob/index.html';
    expect(isPermissionRequestAllowed('clipboard-sanitized-write', '', page)).toBe(true);
    expect(
      isPermissionRequestAllowed('clipboard-sanitized-write', undefined, 'https://x.org/'),
    ).toBe(false);
    expect(isPermissionRequestAllowed('clipboard-sanitized-write', 'https://x.org/', page)).toBe(
      false,
    );
    expect(isPermissionRequestAllowed('media', '', page)).toBe(false);
  });
});

/** The decisions behind the handlers src/main installs (hardening.ts, ipc-bridge.ts, app-protocol.ts). */
describe('the main process’s security handlers decide', () => {
  const quietLog = () => ({ warn: vi.fn() });

  it('that navigation, redirects and webviews are always prevented', () => {
    for (const what of ['navigation', 'redirect', 'webview'] as const) {
      const event = { preventDefault: vi.fn() };
      const log = quietLog();
      refuseNavigation(event, what, what === 'webview' ? null : APP_ENTRY_URL, log);
      expect(event.preventDefault, what).toHaveBeenCalledOnce();
      expect(log.warn).toHaveBeenCalledWith(`blocked a ${what}`, expect.any(Object));
    }
  });

  it('that no new window ever opens; only an allowed https link goes to the system browser', async () => {
    const open = vi.fn(async () => undefined);
    const log = quietLog();
    for (const url of [
      'https://example.org/docs',
      'http://example.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://qjob/index.html',
      'smb://host/share',
    ]) {
      expect(handleWindowOpen(url, open, log), url).toEqual({ action: 'deny' });
    }
    await Promise.resolve();
    expect(open.mock.calls).toEqual([['https://example.org/docs']]);
    expect(log.warn).toHaveBeenCalledTimes(5);
  });

  it('that a link refused by the check never reaches the OS', async () => {
    const open = vi.fn(async () => undefined);
    await expect(openExternalChecked('file:///etc/passwd', open)).rejects.toThrow(/https links/);
    await expect(openExternalChecked('https://user:pw@example.org', open)).rejects.toThrow();
    expect(open).not.toHaveBeenCalled();
    await openExternalChecked('https://example.org/', open);
    expect(open).toHaveBeenCalledWith('https://example.org/');
  });

  it('that IPC is answered only for the top frame of the app’s own page', () => {
    expect(isTrustedSender({ url: 'app://qjob/index.html', parent: null })).toBe(true);
    // An iframe inside our page, even one of our own origin, has a parent.
    expect(isTrustedSender({ url: 'app://qjob/index.html', parent: {} })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'file:///index.html', parent: null })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    const dev = 'http://localhost:5173';
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null })).toBe(false);
  });

  it('that app:// serves only the host qjob, with the CSP on every response', () => {
    expect(appRequestPath('app://qjob/index.html')).toBe('/index.html');
    expect(appRequestPath('app://qjob/assets/x.js?v=1')).toBe('/assets/x.js');
    // The URL parser folds dot segments before the static file reader sees the path.
    expect(appRequestPath('app://qjob/../../etc/passwd')).toBe('/etc/passwd');
    expect(appRequestPath('app://other/index.html')).toBeNull();
    expect(appRequestPath('file:///index.html')).toBeNull();
    expect(appRequestPath('not a url')).toBeNull();
    for (const type of ['text/html; charset=utf-8', 'text/plain; charset=utf-8']) {
      expect(appResponseHeaders(type)).toMatchObject({
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Content-Type': type,
      });
    }
  });
});
