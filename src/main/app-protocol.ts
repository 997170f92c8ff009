import { protocol } from 'electron';
import { readStaticFile } from '../core/app/static-files';
import type { Logger } from '../core/logging/logger';
import { APP_HOST, APP_SCHEME, APP_SCHEME_PRIVILEGES, RENDERER_RESPONSE_HEADERS } from './security';

/** Must run before `app` is ready: a privileged standard scheme gets a real origin and storage. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } },
  ]);
}

/**
 * Serves the built renderer as `app://qjob/…` instead of file:// (which would give the page the
 * whole file system as its origin). Only files inside the bundle; the CSP on every response.
 */
export function serveRendererBundle(rendererDir: string, log: Logger): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? await readStaticFile(rendererDir, url.pathname) : null;
    if (!file) {
      log.warn('app protocol: not found', { path: url.pathname.slice(0, 200) });
      return new Response('Not found.', {
        status: 404,
        headers: { ...RENDERER_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: { ...RENDERER_RESPONSE_HEADERS, 'Content-Type': file.contentType },
    });
  });
}
