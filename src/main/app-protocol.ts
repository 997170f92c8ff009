import { protocol } from 'electron';
import { readStaticFile } from '../core/files/static-files';
import type { Logger } from '../core/logging/logger';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appRequestPath, appResponseHeaders } from './security';

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
    const pathname = appRequestPath(request.url);
    const file = pathname === null ? null : await readStaticFile(rendererDir, pathname);
    if (!file) {
      log.warn('app protocol: not found', { url: request.url.slice(0, 200) });
      return new Response('Not found.', {
        status: 404,
        headers: appResponseHeaders('text/plain; charset=utf-8'),
      });
    }
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: appResponseHeaders(file.contentType),
    });
  });
}
