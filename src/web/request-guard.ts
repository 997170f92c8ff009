import { timingSafeEqual } from 'node:crypto';
import { SESSION_PROTOCOL_PREFIX, TOKEN_PROTOCOL_PREFIX } from '../shared/ipc/socket-protocol';

/**
 * Browser mode's checks on every request, as pure functions. Host and Origin follow the rules of
 * every loopback server of the app (`src/node-kit/loopback`); browsers do not apply the same-origin
 * policy to WebSockets, so the Origin of a socket is how the server tells its own page from
 * another site's script. The token is compared in constant time.
 */
export { isAllowedHost, isAllowedOrigin } from '../node-kit/loopback/loopback-origin';

/** The token offered as a `qjob.token.<hex>` WebSocket subprotocol, if any. */
export function tokenFromProtocols(header: string | undefined): string | null {
  return protocolValue(header, TOKEN_PROTOCOL_PREFIX);
}

/**
 * The session token a page proposes as `qjob.session.<hex>`, if any and if it is one a server
 * would make (64 hex digits): a weak proposal is refused, not registered.
 */
export function proposedSessionFromProtocols(header: string | undefined): string | null {
  const value = protocolValue(header, SESSION_PROTOCOL_PREFIX);
  return value !== null && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

function protocolValue(header: string | undefined, prefix: string): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return p.slice(prefix.length);
  }
  return null;
}

export function tokensEqual(offered: string | null, expected: string): boolean {
  if (offered === null) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
