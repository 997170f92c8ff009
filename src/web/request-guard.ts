import { timingSafeEqual } from 'node:crypto';
import { TOKEN_PROTOCOL_PREFIX } from '../shared/ipc/socket-protocol';

/**
 * Browser mode's checks on every request, as pure functions:
 * - Host must name the loopback address and our port: a page on another site that rebinds its
 *   DNS name to 127.0.0.1 still sends its own name as Host, and is refused (DNS rebinding).
 * - Origin, when a browser sends one (it always does on a WebSocket), must be our own page:
 *   another site's script can open a WebSocket to 127.0.0.1, and the Origin header is how the
 *   server tells (browsers do not apply the same-origin policy to WebSockets).
 * - The token, compared in constant time.
 */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return allowedHosts(port).includes(host.toLowerCase());
}

export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true; // not a browser: the token alone decides
  return allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
}

/** The token offered as a `qjob.token.<hex>` WebSocket subprotocol, if any. */
export function tokenFromProtocols(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const p = part.trim();
    if (p.startsWith(TOKEN_PROTOCOL_PREFIX)) return p.slice(TOKEN_PROTOCOL_PREFIX.length);
  }
  return null;
}

export function tokensEqual(offered: string | null, expected: string): boolean {
  if (offered === null) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
