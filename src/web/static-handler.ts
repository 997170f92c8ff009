import type { IncomingMessage, ServerResponse } from 'node:http';
import { RENDERER_RESPONSE_HEADERS } from '../shared/ipc/content-security-policy';
import { readStaticFile } from '../core/files/static-files';

/**
 * Serves the built renderer bundle. Decision (documented in the README): these files are public
 * to whoever can reach the loopback port. They are the same static files shipped with the app,
 * they hold no data and no secret, and the page must load before it can read the `#token=` from
 * its own URL (browsers never send a fragment). Everything with data goes through the WebSocket,
 * which requires the token. Only GET and HEAD, only files inside the bundle.
 */
export async function serveStatic(
  rendererDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(response, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
  }
  const file = await readStaticFile(rendererDir, request.url ?? '/');
  if (!file) return plain(response, 404, 'Not found.');
  response.writeHead(200, {
    ...RENDERER_RESPONSE_HEADERS,
    'Content-Type': file.contentType,
    'Content-Length': String(file.body.length),
    'Cache-Control': file.cacheable ? 'private, max-age=3600' : 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

export function plain(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...RENDERER_RESPONSE_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}
