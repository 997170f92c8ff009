/**
 * The desktop window's security settings as plain data, and the decisions its handlers make as
 * plain functions (no `electron` import), so a unit test checks them directly and another checks
 * that the built main bundle still carries them and wires them to Electron.
 * Electron's security checklist: https://www.electronjs.org/docs/latest/tutorial/security
 */
import {
  CONTENT_SECURITY_POLICY,
  RENDERER_RESPONSE_HEADERS,
} from '../shared/ipc/content-security-policy';

import { isAllowedExternalUrl } from '../core/app/external-url';
import type { Logger } from '../core/logging/logger';

export { CONTENT_SECURITY_POLICY, RENDERER_RESPONSE_HEADERS, isAllowedExternalUrl };

/** The renderer is served from `app://qjob/…`, a privileged standard scheme, never `file://`. */
export const APP_SCHEME = 'app';
const APP_HOST = 'qjob';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
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
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

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

/**
 * The part of an IPC message's sender this check reads (Electron's `event.senderFrame`). Only the
 * top frame of our own page may call: a frame inside it (an iframe) has a parent.
 */
export interface SenderFrameLike {
  url: string;
  parent: unknown;
}

export function isTrustedSender(
  frame: SenderFrameLike | null | undefined,
  devServerUrl?: string,
): boolean {
  return !!frame && frame.parent === null && isTrustedRendererUrl(frame.url, devServerUrl);
}

/**
 * A permission request from a page: `details.requestingUrl` when Electron gives one, else the
 * page's own URL. Refused unless the permission is on the short list and the page is ours.
 */
export function isPermissionRequestAllowed(
  permission: string,
  requestingUrl: string | undefined,
  pageUrl: string,
  devServerUrl?: string,
): boolean {
  return isPermissionAllowed(permission, requestingUrl || pageUrl, devServerUrl);
}

/** The path an `app://` request may be served from, or null: only the host `qjob` is ours. */
export function appRequestPath(requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST ? url.pathname : null;
}

/** Headers of every `app://` response, found or not: the CSP and the other renderer headers. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return { ...RENDERER_RESPONSE_HEADERS, 'Content-Type': contentType };
}

type OpenExternal = (url: string) => Promise<void>;

class ExternalUrlRefusedError extends Error {
  constructor() {
    super('Only https links without credentials are opened outside the app.');
    this.name = 'ExternalUrlRefusedError';
  }
}

/** The one way the main process hands a URL to the system: only after `isAllowedExternalUrl`. */
export async function openExternalChecked(url: string, open: OpenExternal): Promise<void> {
  if (!isAllowedExternalUrl(url)) throw new ExternalUrlRefusedError();
  await open(url);
}

/**
 * A page asked for a new window (`window.open`, a link with a target): never granted. An allowed
 * https link goes to the system browser instead; anything else is refused and logged.
 */
export function handleWindowOpen(
  url: string,
  open: OpenExternal,
  log: Pick<Logger, 'warn'>,
): { action: 'deny' } {
  if (isAllowedExternalUrl(url)) {
    void openExternalChecked(url, open).catch((error: unknown) =>
      log.warn('opening a link failed', { error }),
    );
  } else {
    log.warn('blocked a new window', { url: url.slice(0, 200) });
  }
  return { action: 'deny' };
}

/**
 * A web contents is about to navigate (`will-navigate`), be redirected (`will-redirect`) or attach
 * a <webview>: always refused. The app is one page; reloads and in-page anchors raise no event.
 */
export function refuseNavigation(
  event: { preventDefault(): void },
  what: 'navigation' | 'redirect' | 'webview',
  url: string | null,
  log: Pick<Logger, 'warn'>,
): void {
  event.preventDefault();
  log.warn(`blocked a ${what}`, url === null ? {} : { url: url.slice(0, 200) });
}
