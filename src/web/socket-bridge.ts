import type { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
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
 * A frame that is not a call message closes that socket: a well-behaved page never sends one.
 */
export function attachSocketBridge(
  wss: WebSocketServer,
  core: { handlers: HandlerTable; events: EventHub },
  options: DispatchOptions & { log: Logger },
): () => void {
  const send = (socket: WebSocket, message: SocketServerMessage): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      let parsed: z.infer<typeof callMessageSchema>;
      try {
        if (isBinary) throw new Error('binary frame');
        parsed = callMessageSchema.parse(JSON.parse(data.toString()));
      } catch {
        options.log.warn('browser mode: closing a socket that sent a malformed frame');
        socket.close(SOCKET_CLOSE.protocolError, 'malformed message');
        return;
      }
      void dispatchCall(core.handlers, parsed.name, parsed.input, options).then((outcome) => {
        send(
          socket,
          outcome.ok
            ? { type: 'result', id: parsed.id, ok: true, value: outcome.value }
            : { type: 'result', id: parsed.id, ok: false, error: outcome.error },
        );
      });
    });
  });

  return core.events.onAny((name, payload) => {
    for (const socket of wss.clients) send(socket, { type: 'event', name, payload });
  });
}
