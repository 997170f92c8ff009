/**
 * The desktop window's security settings as plain data (no `electron` import), so a unit test
 * checks them directly and another checks that the built main bundle still carries them.
 * Electron's security checklist: https://www.electronjs.org/docs/latest/tutorial/security
 */
import {
  CONTENT_SECURITY_POLICY,
  RENDERER_RESPONSE_HEADERS,
} from '../shared/ipc/content-security-policy';

export { CONTENT_SECURITY_POLICY, RENDERER_RESPONSE_HEADERS };
export { isAllowedExternalUrl } from '../core/app/external-url';

/** The renderer is served from `app://qjob/…`, a privileged standard scheme, never `file://`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'qjob';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** `protocol.registerSchemesAsPrivileged` entry: standard (real origin), secure, fetch allowed. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
  corsEnabled: false,
  bypassCSP: false,
  stream: false,
} as const;

/** BrowserWindow webPreferences, minus the preload path (known only at run time). */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
} as const;

/**
 * Web permissions the page may have; every other request is refused. Writing text to the
 * clipboard ("Copy diagnostics", copy buttons) is what the person asked for and reads nothing.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  devServerUrl?: string,
): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isTrustedRendererUrl(requestingUrl, devServerUrl);
}

/**
 * Whether an IPC message comes from our own page. Custom-scheme URLs have an opaque origin in
 * WHATWG terms, so scheme and host are compared directly. In development the page comes from
 * electron-vite's dev server, whose exact origin is passed in.
 */
export function isTrustedRendererUrl(url: string | undefined, devServerUrl?: string): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (devServerUrl) {
    try {
      return parsed.origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * In development the renderer comes from Vite's dev server, whose React refresh preamble is an
 * inline script and whose hot reload uses a WebSocket; only then are those two allowed.
 */
export function developmentCsp(devServerUrl: string): string {
  const origin = new URL(devServerUrl);
  const ws = `ws://${origin.host}`;
  return CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'",
    "script-src 'self' 'unsafe-inline'",
  ).replace("connect-src 'self'", `connect-src 'self' ${ws}`);
}
