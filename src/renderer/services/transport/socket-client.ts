import type {
  CallInput,
  CallName,
  CallOutput,
  EventName,
  EventPayload,
  QjobApi,
} from '../../../shared/ipc/contract';
import {
  QjobCallError,
  TRANSPORT_ERROR_CODES,
  type IpcError,
} from '../../../shared/ipc/call-error';
import {
  SOCKET_MAX_CALLS_IN_FLIGHT,
  SOCKET_MAX_FRAME_BYTES,
  formatMegabytes,
  utf8ByteLength,
} from '../../../shared/ipc/limits';
import { CALL_NAME_LIST, EVENT_NAME_LIST } from '../../../shared/ipc/names';
import {
  SOCKET_PROTOCOL,
  SESSION_PROTOCOL_PREFIX,
  TOKEN_PROTOCOL_PREFIX,
  describeSocketClose,
  type SocketCallMessage,
  type SocketServerMessage,
} from '../../../shared/ipc/socket-protocol';

/** What a WebSocket's `close` event says (a browser's CloseEvent, or `ws`'s). */
export interface SocketCloseInfo {
  code?: number;
  reason?: string;
}

/** The part of the browser's WebSocket this client uses (the `ws` package fits it in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'close', listener: (event?: SocketCloseInfo) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/**
 * `refused`: the server answers but will not let this page in (its token was used up by another
 * tab, or the server was restarted): final, the page must be opened from a new address.
 */
export type TransportStatus = 'connecting' | 'open' | 'closed' | 'refused';
export type StatusListener = (status: TransportStatus, detail: string | null) => void;

export interface SocketQjobOptions {
  url: string;
  token: string;
  /** The session token this page proposes with a launch token (`sessionProposal`). */
  proposedSession?: string;
  createSocket?: SocketFactory;
  /** Waits between reconnect attempts; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  /** Told the session token the server gives in exchange for a launch token (keep it for reloads). */
  onSessionToken?: (token: string) => void;
  /**
   * Whether the server answers plain HTTP, asked when sockets keep failing to open: if it does,
   * the socket is refused (a bad token), not down. Default: a HEAD request to the same origin.
   */
  probe?: () => Promise<boolean>;
}

const OPEN = 1;
/** Sockets that fail to open in a row before the client asks whether it is refused. */
const REFUSAL_CHECK_AFTER = 2;
const callNames: ReadonlySet<string> = new Set(CALL_NAME_LIST);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAME_LIST);

interface Pending {
  resolve(value: unknown): void;
  reject(error: QjobCallError): void;
}

const REFUSED_MESSAGE =
  'This tab cannot connect to the app: the address it was opened with was already used (each ' +
  'address “qjob web” prints opens the app in one tab, once), or “qjob web” was restarted. Go ' +
  'back to the tab where the app is open, or open the address “qjob web” printed last.';

/**
 * The contract over browser mode's WebSocket. Calls made while the socket is (re)connecting wait
 * for it; calls in flight when it drops fail with `transport-closed` (they may or may not have
 * run: the caller decides whether to repeat), saying why when the server closed it. The socket
 * reconnects by itself. At most SOCKET_MAX_CALLS_IN_FLIGHT calls are sent at once (the rest wait
 * here, as the server would refuse them), and a call larger than one frame is refused unsent.
 */
export class SocketQjob implements QjobApi {
  private socket: SocketLike | null = null;
  private nextId = 1;
  private readonly inFlight = new Map<number, Pending>();
  private queued: { id: number; frame: string; pending: Pending }[] = [];
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusListeners = new Set<StatusListener>();
  private status: TransportStatus = 'connecting';
  private detail: string | null = null;
  private attempt = 0;
  private failedOpens = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  private token: string;
  private readonly createSocket: SocketFactory;
  private readonly delays: readonly number[];
  private readonly probe: () => Promise<boolean>;

  constructor(private readonly options: SocketQjobOptions) {
    this.token = options.token;
    this.createSocket =
      options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as SocketLike);
    this.delays = options.reconnectDelaysMs ?? [250, 500, 1000, 2000, 5000];
    this.probe = options.probe ?? (() => serverAnswers(options.url));
    this.connect();
  }

  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    if (!callNames.has(name)) {
      return Promise.reject(
        new QjobCallError({
          code: TRANSPORT_ERROR_CODES.unknownCall,
          message: `Unknown call '${String(name)}'.`,
        }),
      );
    }
    if (this.status === 'refused') return Promise.reject(this.closedError(REFUSED_MESSAGE));
    const message: SocketCallMessage = {
      type: 'call',
      id: this.nextId++,
      name,
      input: input ?? {},
    };
    const frame = JSON.stringify(message);
    const bytes = utf8ByteLength(frame);
    if (bytes > SOCKET_MAX_FRAME_BYTES) {
      return Promise.reject(
        new QjobCallError({
          code: TRANSPORT_ERROR_CODES.tooLarge,
          message:
            `This request is ${formatMegabytes(bytes)}; the connection to the app carries up to ` +
            `${formatMegabytes(SOCKET_MAX_FRAME_BYTES)} at a time, so it was not sent.`,
        }),
      );
    }
    return new Promise<CallOutput<N>>((resolve, reject) => {
      const pending: Pending = { resolve: (v) => resolve(v as CallOutput<N>), reject };
      this.queued.push({ id: message.id, frame, pending });
      this.pump();
    });
  }

  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void {
    if (!eventNames.has(name)) throw new Error(`Unknown event '${String(name)}'.`);
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** Connection to browser mode's server, and why it closed: for a "disconnected" banner. */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    listener(this.status, this.detail);
    return () => this.statusListeners.delete(listener);
  }

  close(): void {
    this.closedByUs = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.close(1000, 'closed by the page');
    for (const q of this.queued)
      q.pending.reject(this.closedError('The connection to the app was closed.'));
    this.queued = [];
  }

  private connect(): void {
    this.setStatus('connecting', this.detail);
    const socket = this.createSocket(this.options.url, [
      SOCKET_PROTOCOL,
      `${TOKEN_PROTOCOL_PREFIX}${this.token}`,
      ...(this.options.proposedSession
        ? [`${SESSION_PROTOCOL_PREFIX}${this.options.proposedSession}`]
        : []),
    ]);
    this.socket = socket;
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      this.attempt = 0;
      this.failedOpens = 0;
      this.setStatus('open', null);
      this.pump();
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', (event) => this.onClosed(socket, opened, event));
    // 'error' is always followed by 'close', where the recovery happens.
    socket.addEventListener('error', () => undefined);
  }

  /** Sends waiting calls while the socket is open and fewer than the bound are in flight. */
  private pump(): void {
    while (
      this.socket?.readyState === OPEN &&
      this.inFlight.size < SOCKET_MAX_CALLS_IN_FLIGHT &&
      this.queued.length > 0
    ) {
      const next = this.queued.shift();
      if (!next) break;
      this.inFlight.set(next.id, next.pending);
      this.socket.send(next.frame);
    }
  }

  private receive(data: unknown): void {
    let message: SocketServerMessage;
    try {
      message = JSON.parse(String(data)) as SocketServerMessage;
    } catch {
      return; // the server only sends JSON; a broken frame cannot be attributed to a call
    }
    if (message.type === 'session') {
      this.token = message.token;
      this.options.onSessionToken?.(message.token);
      return;
    }
    if (message.type === 'event') {
      for (const listener of this.listeners.get(message.name) ?? []) {
        try {
          listener(message.payload);
        } catch (error) {
          console.error(`qjob: listener of '${message.name}' failed`, error);
        }
      }
      return;
    }
    const pending = this.inFlight.get(message.id);
    if (!pending) return;
    this.inFlight.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(new QjobCallError(message.error));
    this.pump();
  }

  private onClosed(socket: SocketLike, opened: boolean, event?: SocketCloseInfo): void {
    if (this.socket !== socket) return;
    this.socket = null;
    const why = describeSocketClose(event?.code ?? 1006, event?.reason ?? '');
    const detail = why ? `The connection to the app closed: ${why}.` : null;
    for (const p of this.inFlight.values()) {
      p.reject(
        this.closedError(
          `${detail ?? 'The connection to the app dropped.'} This call was running; it may or may not have completed.`,
        ),
      );
    }
    this.inFlight.clear();
    this.setStatus('closed', detail);
    if (this.closedByUs) return;
    if (!opened) this.failedOpens += 1;
    if (this.failedOpens >= REFUSAL_CHECK_AFTER) {
      void this.probe().then((up) => (up ? this.refused() : this.scheduleReconnect()));
    } else {
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closedByUs) return;
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 1000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** The server is up but keeps refusing this page's token: stop trying, say what to do. */
  private refused(): void {
    for (const q of this.queued) q.pending.reject(this.closedError(REFUSED_MESSAGE));
    this.queued = [];
    this.setStatus('refused', REFUSED_MESSAGE);
  }

  private closedError(message: string): QjobCallError {
    const error: IpcError = { code: TRANSPORT_ERROR_CODES.transportClosed, message };
    return new QjobCallError(error);
  }

  private setStatus(status: TransportStatus, detail: string | null): void {
    if (status === this.status && detail === this.detail) return;
    this.status = status;
    this.detail = detail;
    for (const listener of this.statusListeners) listener(status, detail);
  }
}

/** Whether browser mode's HTTP server answers at the socket's origin. */
async function serverAnswers(socketUrl: string): Promise<boolean> {
  try {
    const origin = new URL(socketUrl.replace(/^ws/, 'http')).origin;
    const response = await fetch(`${origin}/`, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}
