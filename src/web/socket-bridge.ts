import type { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { TRANSPORT_ERROR_CODES } from '../shared/ipc/call-error';
import type { CallOutcome } from '../shared/ipc/call-error';
import { SOCKET_MAX_CALLS_IN_FLIGHT, SOCKET_MAX_UNREAD_BYTES } from '../shared/ipc/limits';
import type { SocketServerMessage } from '../shared/ipc/socket-protocol';
import { SOCKET_CLOSE } from '../shared/ipc/socket-protocol';
import type { DispatchOptions, HandlerTable } from '../core/app/dispatch';
import { dispatchCall } from '../core/app/dispatch';
import type { EventHub } from '../core/app/event-hub';
import type { Logger } from '../core/logging/logger';

const callMessageSchema = z.strictObject({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown(),
});

/**
 * Carries the contract over the authenticated sockets: each call message is dispatched (the
 * dispatcher validates its input against the contract), every core event goes to every socket.
 * What one socket does costs that socket only:
 * - a protocol error (a frame over the size limit, text that is not UTF-8) closes it, with the
 *   WebSocket close code that says why; without an `error` listener it would end the process;
 * - a frame that is not a call message closes it: a well-behaved page never sends one;
 * - at most SOCKET_MAX_CALLS_IN_FLIGHT calls run at once, counted until their answer is handed
 *   to the network: at the bound the socket is not read any further (back-pressure), and a call
 *   that still arrives is answered `busy` without running;
 * - a page that leaves more than SOCKET_MAX_UNREAD_BYTES of answers and events unread is closed;
 * - an answer that cannot be sent as JSON becomes an `internal` error for that call.
 */
export function attachSocketBridge(
  wss: WebSocketServer,
  core: { handlers: HandlerTable; events: EventHub },
  options: DispatchOptions & { log: Logger },
): () => void {
  const { log } = options;

  /** Sends unless the socket has left too much unread; `done` runs once the frame is written. */
  const send = (socket: WebSocket, message: SocketServerMessage, done?: () => void): void => {
    if (socket.readyState !== socket.OPEN) return done?.();
    if (socket.bufferedAmount > SOCKET_MAX_UNREAD_BYTES) {
      log.warn('browser mode: closing a socket that leaves its answers unread', {
        unreadBytes: socket.bufferedAmount,
      });
      socket.close(SOCKET_CLOSE.unread, 'too many answers unread');
      return done?.();
    }
    const text = serialise(message, log);
    if (text === null) return done?.();
    socket.send(text, () => done?.());
  };

  wss.on('connection', (socket) => {
    let inFlight = 0;
    let paused = false;
    const settle = (): void => {
      inFlight -= 1;
      if (paused && inFlight < SOCKET_MAX_CALLS_IN_FLIGHT) {
        paused = false;
        socket.resume();
      }
    };

    socket.on('error', (error: Error & { code?: string }) => {
      // `ws` has already started closing the socket with the matching code (1009, 1007, …).
      log.warn('browser mode: closing a socket after a protocol error', {
        code: error.code,
        message: error.message,
      });
    });

    socket.on('message', (data, isBinary) => {
      let parsed: z.infer<typeof callMessageSchema>;
      try {
        if (isBinary) throw new Error('binary frame');
        parsed = callMessageSchema.parse(JSON.parse(data.toString()));
      } catch {
        log.warn('browser mode: closing a socket that sent a malformed frame');
        socket.close(SOCKET_CLOSE.protocolError, 'malformed message');
        return;
      }
      const { id } = parsed;
      if (inFlight >= SOCKET_MAX_CALLS_IN_FLIGHT) {
        send(socket, {
          type: 'result',
          id,
          ok: false,
          error: {
            code: TRANSPORT_ERROR_CODES.busy,
            message: `Too many calls at once on this connection (${SOCKET_MAX_CALLS_IN_FLIGHT}); this one was not run.`,
          },
        });
        return;
      }
      inFlight += 1;
      if (inFlight >= SOCKET_MAX_CALLS_IN_FLIGHT && !paused) {
        paused = true;
        socket.pause();
      }
      dispatchCall(core.handlers, parsed.name, parsed.input, options)
        .catch((error: unknown): CallOutcome<unknown> => ({
          ok: false,
          error: { code: TRANSPORT_ERROR_CODES.internal, message: String(error) },
        }))
        .then((outcome) => send(socket, { type: 'result', id, ...outcome }, settle))
        .catch((error: unknown) => {
          log.error('browser mode: an answer could not be sent', { error });
          settle();
        });
    });
  });

  return core.events.onAny((name, payload) => {
    for (const socket of wss.clients) send(socket, { type: 'event', name, payload });
  });
}

/**
 * The message as JSON. An answer that has none (a BigInt, a cycle: a bug) becomes an internal
 * error for its call; such an event is dropped (null).
 */
function serialise(message: SocketServerMessage, log: Logger): string | null {
  try {
    return JSON.stringify(message);
  } catch (error) {
    log.error('browser mode: a message could not be written as JSON', { error });
    if (message.type !== 'result') return null;
    return JSON.stringify({
      type: 'result',
      id: message.id,
      ok: false,
      error: {
        code: TRANSPORT_ERROR_CODES.internal,
        message: 'The app could not send its answer to this call.',
      },
    } satisfies SocketServerMessage);
  }
}
