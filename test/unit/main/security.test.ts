import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
  developmentCsp,
  isAllowedExternalUrl,
  isPermissionAllowed,
  isTrustedRendererUrl,
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
      'img-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'worker-src': "'self' blob:",
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
});
