import type { IpcError } from './call-error';

/**
 * Browser mode's wire format: the contract carried over one WebSocket (`/ws`). JSON text frames.
 * The per-launch token travels as a second WebSocket subprotocol (`qjob.token.<hex>`) because a
 * browser cannot set headers on a WebSocket and a query string ends up in logs and history.
 */
export const SOCKET_PATH = '/ws';
export const SOCKET_PROTOCOL = 'qjob.v1';
export const TOKEN_PROTOCOL_PREFIX = 'qjob.token.';

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
  | { type: 'event'; name: string; payload: unknown };

/** WebSocket close codes the server uses (4000–4999 are the application's own). */
export const SOCKET_CLOSE = {
  /** A frame that is not a call message: the client is broken or hostile. */
  protocolError: 4400,
  /** The server is shutting down. */
  goingAway: 1001,
} as const;

/** Frames larger than this are refused (the largest call input, a saved draft set, fits well). */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;
