import type { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { TRANSPORT_ERROR_CODES } from '../shared/ipc/call-error';
import type { CallOutcome } from '../shared/ipc/call-error';
import { calls } from '../shared/ipc/contract';
import {
  SOCKET_MAX_CALLS_IN_FLIGHT,
  SOCKET_MAX_UNREAD_BYTES,
  SOCKET_MAX_WATCHED_JOBS,
} from '../shared/ipc/limits';
import type { SocketServerMessage } from '../shared/ipc/socket-protocol';
import { SOCKET_CLOSE } from '../shared/ipc/socket-protocol';
import type { DispatchOptions, HandlerTable } from '../core/app/dispatch';
import { dispatchCall } from '../core/app/dispatch';
import { PageFollows } from '../core/app/page-follows';
import type { EventHub } from '../core/app/event-hub';
import type { Logger } from '../core/logging/logger';

const callMessageSchema = z.strictObject({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown(),
});
type CallMessage = z.infer<typeof callMessageSchema>;

/**
 * How long a socket closed for leaving its answers unread has to take the close frame (queued
 * behind everything it left unread) before it is cut off and what it left is freed.
 */
const UNREAD_CLOSE_GRACE_MS = 1_000;

/**
 * Unread bytes of all sockets together. Past it no call starts on any socket until they drain,
 * and a socket that lags (more than LAGGING_BYTES unread) is closed like one over its own cap:
 * sockets that never read, however many, hold at most this between them (plus the answers
 * already being built). A page that reads has next to nothing unread: it waits, it is not closed.
 */
const PROCESS_MAX_UNREAD_BYTES = 2 * SOCKET_MAX_UNREAD_BYTES;
const LAGGING_BYTES = SOCKET_MAX_UNREAD_BYTES / 8;
/** How soon a call held back by the process's unread bytes is looked at again. */
const HOLD_RETRY_MS = 50;

/**
 * Carries the contract over the authenticated sockets: each call message is dispatched (the
 * dispatcher validates its input against the contract), every core event goes to every socket.
 * What one socket does costs that socket only:
 * - a protocol error (a frame over the size limit, text that is not UTF-8) closes it, with the
 *   WebSocket close code that says why; without an `error` listener it would end the process;
 * - a frame that is not a call message closes it: a well-behaved page never sends one;
 * - at most SOCKET_MAX_CALLS_IN_FLIGHT calls are in flight, counted from their arrival until
 *   their answer is handed to the network: at the bound the socket is not read any further
 *   (back-pressure), and a call that still arrives is answered `busy` without running;
 * - calls start one per turn of the event loop, each only while the socket's unread answers and
 *   events are within SOCKET_MAX_UNREAD_BYTES: an answer is built only for a page that reads
 *   them, and one built at once is handed over (and counted) before the next call starts;
 * - a page that leaves more than SOCKET_MAX_UNREAD_BYTES unread is closed (4429), and cut off
 *   shortly after if it does not take the close frame either, so what it left is freed;
 * - while all sockets together leave more than PROCESS_MAX_UNREAD_BYTES unread, calls wait
 *   before they start and a socket that lags is closed the same way;
 * - a page may ask to watch at most SOCKET_MAX_WATCHED_JOBS distinct jobs (`busy` past it);
 * - a page may follow at most PAGE_MAX_FOLLOWED_JOBS jobs at once (`busy` past it), and what
 *   it follows is unfollowed when the socket closes: a page that goes away costs nothing;
 * - an answer that cannot be sent as JSON becomes an `internal` error for that call.
 */
export function attachSocketBridge(
  wss: WebSocketServer,
  core: { handlers: HandlerTable; events: EventHub },
  options: DispatchOptions & { log: Logger },
): () => void {
  const { log } = options;

  const unreadOfAll = (): number => {
    let total = 0;
    for (const client of wss.clients) total += client.bufferedAmount;
    return total;
  };

  /**
   * Whether the socket may be given more to read: `ok`, `hold` (all sockets together leave too
   * much unread; this one hardly any) or `closed` (it is, or is now being, closed).
   */
  const unreadVerdict = (socket: WebSocket): 'ok' | 'hold' | 'closed' => {
    if (socket.readyState !== socket.OPEN) return 'closed';
    const unread = socket.bufferedAmount;
    const processOver = unreadOfAll() > PROCESS_MAX_UNREAD_BYTES;
    if (unread <= SOCKET_MAX_UNREAD_BYTES && !(processOver && unread > LAGGING_BYTES))
      return processOver ? 'hold' : 'ok';
    log.warn('browser mode: closing a socket that leaves its answers unread', {
      unreadBytes: unread,
    });
    socket.close(SOCKET_CLOSE.unread, 'too many answers unread');
    setTimeout(() => socket.terminate(), UNREAD_CLOSE_GRACE_MS).unref();
    return 'closed';
  };

  /**
   * Sends unless the socket has left too much unread; `done` runs once the frame is written or
   * dropped. An answer waits (unwritten, so no copy of it as text is made) while all sockets
   * together leave too much unread.
   */
  const send = (socket: WebSocket, message: SocketServerMessage, done?: () => void): void => {
    const verdict = unreadVerdict(socket);
    if (verdict === 'closed') return done?.();
    if (verdict === 'hold' && message.type === 'result') {
      setTimeout(() => send(socket, message, done), HOLD_RETRY_MS).unref();
      return;
    }
    const text = serialise(message, log);
    if (text === null) return done?.();
    socket.send(text, () => done?.());
  };

  const refuse = (socket: WebSocket, id: number, message: string, settle: () => void): void =>
    send(
      socket,
      { type: 'result', id, ok: false, error: { code: TRANSPORT_ERROR_CODES.busy, message } },
      settle,
    );

  wss.on('connection', (socket) => {
    /** Calls received and not yet started, in order. */
    const waiting: CallMessage[] = [];
    /** Calls received whose answer is not yet handed to the network (waiting ones included). */
    let inFlight = 0;
    let paused = false;
    let pumping = false;
    const watched = new Set<number>();
    /** The jobs this page follows (jobs.follow). */
    const follows = new PageFollows(
      (follow) => void dispatchCall(core.handlers, 'jobs.unfollow', follow, options),
    );

    const settle = (): void => {
      inFlight -= 1;
      if (paused && inFlight < SOCKET_MAX_CALLS_IN_FLIGHT) {
        paused = false;
        socket.resume();
      }
    };

    /** Starts the next waiting call on a later turn, when the answers before it went out. */
    const pump = (delay = 0): void => {
      if (pumping || waiting.length === 0) return;
      pumping = true;
      const next = (): void => {
        pumping = false;
        // Looked at before the answer is built: a page that does not read gets no more of them.
        const verdict = unreadVerdict(socket);
        if (verdict === 'hold') return pump(HOLD_RETRY_MS);
        const call = waiting.shift();
        if (!call) return;
        if (verdict === 'closed') {
          for (let left = waiting.length + 1; left > 0; left--) settle();
          waiting.length = 0;
          return;
        }
        run(call);
        pump();
      };
      if (delay > 0) setTimeout(next, delay).unref();
      else setImmediate(next);
    };

    const run = ({ id, name, input }: CallMessage): void => {
      const refusal = name === 'jobs.watch' ? watchRefusal(watched, input) : null;
      if (refusal) return refuse(socket, id, refusal, settle);
      const follow = follows.step(name, input);
      if (follow && 'refusal' in follow) return refuse(socket, id, follow.refusal, settle);
      if (follow && 'answered' in follow)
        return send(socket, { type: 'result', id, ok: true, value: null }, settle);
      dispatchCall(core.handlers, name, input, options)
        .then((outcome) => {
          if (follow) follow.after(outcome.ok);
          return outcome;
        })
        .catch((error: unknown): CallOutcome<unknown> => ({
          ok: false,
          error: { code: TRANSPORT_ERROR_CODES.internal, message: String(error) },
        }))
        .then((outcome) => send(socket, { type: 'result', id, ...outcome }, settle))
        .catch((error: unknown) => {
          log.error('browser mode: an answer could not be sent', { error });
          settle();
        });
    };

    socket.on('close', () => follows.release());

    socket.on('error', (error: Error & { code?: string }) => {
      // `ws` has already started closing the socket with the matching code (1009, 1007, …).
      log.warn('browser mode: closing a socket after a protocol error', {
        code: error.code,
        message: error.message,
      });
    });

    socket.on('message', (data, isBinary) => {
      let parsed: CallMessage;
      try {
        if (isBinary) throw new Error('binary frame');
        parsed = callMessageSchema.parse(JSON.parse(data.toString()));
      } catch {
        log.warn('browser mode: closing a socket that sent a malformed frame');
        socket.close(SOCKET_CLOSE.protocolError, 'malformed message');
        return;
      }
      if (inFlight >= SOCKET_MAX_CALLS_IN_FLIGHT) {
        send(socket, {
          type: 'result',
          id: parsed.id,
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
      waiting.push(parsed);
      pump();
    });
  });

  return core.events.onAny((name, payload) => {
    // Written as text once for every socket.
    const text = serialise({ type: 'event', name, payload }, log);
    if (text === null) return;
    for (const socket of wss.clients) if (unreadVerdict(socket) !== 'closed') socket.send(text);
  });
}

/**
 * Why a `jobs.watch` call would take this socket past SOCKET_MAX_WATCHED_JOBS, or null (its ids
 * are then counted). An input that is not a watch call is left to the dispatcher to refuse.
 */
function watchRefusal(watched: Set<number>, input: unknown): string | null {
  const parsed = calls['jobs.watch'].input.safeParse(input ?? {});
  if (!parsed.success) return null;
  const fresh = new Set(parsed.data.ids.filter((id) => !watched.has(id)));
  if (watched.size + fresh.size > SOCKET_MAX_WATCHED_JOBS) {
    return (
      `These ${fresh.size.toLocaleString('en-US')} jobs were not watched: this page has asked to ` +
      `watch ${watched.size.toLocaleString('en-US')} already, and one page may watch at most ` +
      `${SOCKET_MAX_WATCHED_JOBS.toLocaleString('en-US')}. Reload the page to start again.`
    );
  }
  for (const id of fresh) watched.add(id);
  return null;
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
