import { app, shell, type Session } from 'electron';
import type { Logger } from '../core/logging/logger';
import {
  CONTENT_SECURITY_POLICY,
  developmentCsp,
  handleWindowOpen,
  isPermissionAllowed,
  isPermissionRequestAllowed,
  isTrustedRendererUrl,
  refuseNavigation,
} from './security';

/**
 * Electron's security checklist, applied once for every web contents the app ever creates:
 * no navigation away from the app, no new windows (https links go to the system browser after a
 * check), no <webview>, no web permissions but clipboard writing (camera, notifications from the
 * page, geolocation, ... are refused), and the CSP
 * header on every response the renderer receives.
 */
export function hardenSession(
  session: Session,
  options: { devServerUrl?: string | undefined; log: Logger },
): void {
  const csp = options.devServerUrl ? developmentCsp(options.devServerUrl) : CONTENT_SECURITY_POLICY;
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const allowed = isPermissionRequestAllowed(
      permission,
      details.requestingUrl,
      contents.getURL(),
      options.devServerUrl,
    );
    if (!allowed) options.log.info('refused a permission request', { permission });
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, options.devServerUrl),
  );
  // Only the renderer's own responses: the same session also carries net.fetch calls to services.
  const ours = (url: string): boolean => isTrustedRendererUrl(url, options.devServerUrl);
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!ours(details.url)) return callback({});
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
}

export function hardenAllWebContents(log: Logger): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => refuseNavigation(event, 'navigation', url, log));
    contents.on('will-redirect', (event, url) => refuseNavigation(event, 'redirect', url, log));
    contents.on('will-attach-webview', (event) => refuseNavigation(event, 'webview', null, log));
    contents.setWindowOpenHandler(({ url }) =>
      handleWindowOpen(url, (link) => shell.openExternal(link), log),
    );
    contents.on('render-process-gone', (_e, details) => {
      log.error('renderer process gone', { reason: details.reason, exitCode: details.exitCode });
    });
  });
}
