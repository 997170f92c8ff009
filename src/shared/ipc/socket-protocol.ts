import type { IpcError } from './call-error';
import { SOCKET_MAX_FRAME_BYTES, formatMegabytes } from './limits';

/**
 * Browser mode's wire format: the contract carried over one WebSocket (`/ws`). JSON text frames.
 * The credential travels as a second WebSocket subprotocol (`qjob.token.<hex>`) because a
 * browser cannot set headers on a WebSocket and a query string ends up in logs and history.
 * The launch token of the printed address is good for one connection: the server answers it
 * with a session token (the first message), which the page uses from then on.
 */
export const SOCKET_PATH = '/ws';
export const SOCKET_PROTOCOL = 'qjob.v1';
export const TOKEN_PROTOCOL_PREFIX = 'qjob.token.';
/**
 * The session token a page proposes with its launch token (64 hex digits it made itself and kept
 * in its tab first): a reload before the server's first answer then still gets in.
 */
export const SESSION_PROTOCOL_PREFIX = 'qjob.session.';

/** Client → server: one call. `id` pairs the answer with its call. */
export interface SocketCallMessage {
  type: 'call';
  id: number;
  name: string;
  input: unknown;
}

/** Server → client. */
export type SocketServerMessage =
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: IpcError }
  | { type: 'event'; name: string; payload: unknown }
  /** The credential for every later connection of this page (the launch token is used up). */
  | { type: 'session'; token: string };

/** WebSocket close codes the server uses (4000–4999 are the application's own). */
export const SOCKET_CLOSE = {
  /** A frame that is not a call message: the client is broken or hostile. */
  protocolError: 4400,
  /** The page left too many answers and events unread. */
  unread: 4429,
  /** The server is shutting down. */
  goingAway: 1001,
  /** A text frame that is not UTF-8 (closed by the WebSocket library itself). */
  invalidText: 1007,
  /** A frame over SOCKET_MAX_FRAME_BYTES (closed by the WebSocket library itself). */
  tooLarge: 1009,
} as const;

/** Why the server closed the socket, in words for the page (null: no reason the page caused). */
export function describeSocketClose(code: number, reason: string): string | null {
  switch (code) {
    case SOCKET_CLOSE.tooLarge:
      return `the app refused a message larger than ${formatMegabytes(SOCKET_MAX_FRAME_BYTES)}`;
    case SOCKET_CLOSE.invalidText:
      return 'the app refused a message that was not valid UTF-8 text';
    case SOCKET_CLOSE.protocolError:
      return 'the app refused a malformed message';
    case SOCKET_CLOSE.unread:
      return 'the page left too many answers unread';
    case SOCKET_CLOSE.goingAway:
      return 'the app is stopping';
    default:
      return reason || null;
  }
}
