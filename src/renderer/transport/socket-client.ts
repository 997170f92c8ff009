import type {
  CallInput,
  CallName,
  CallOutput,
  EventName,
  EventPayload,
  QjobApi,
} from '../../shared/ipc/contract';
import { QjobCallError, TRANSPORT_ERROR_CODES, type IpcError } from '../../shared/ipc/call-error';
import { CALL_NAME_LIST, EVENT_NAME_LIST } from '../../shared/ipc/names';
import {
  SOCKET_PROTOCOL,
  TOKEN_PROTOCOL_PREFIX,
  type SocketCallMessage,
  type SocketServerMessage,
} from '../../shared/ipc/socket-protocol';

/** The part of the browser's WebSocket this client uses (the `ws` package fits it in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export type TransportStatus = 'connecting' | 'open' | 'closed';

export interface SocketQjobOptions {
  url: string;
  token: string;
  createSocket?: SocketFactory;
  /** Waits between reconnect attempts; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
}

const OPEN = 1;
const callNames: ReadonlySet<string> = new Set(CALL_NAME_LIST);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAME_LIST);

interface Pending {
  resolve(value: unknown): void;
  reject(error: QjobCallError): void;
}

/**
 * The contract over browser mode's WebSocket. Calls made while the socket is (re)connecting wait
 * for it; calls in flight when it drops fail with `transport-closed` (they may or may not have
 * run: the caller decides whether to repeat). The socket reconnects by itself.
 */
export class SocketQjob implements QjobApi {
  private socket: SocketLike | null = null;
  private nextId = 1;
  private readonly inFlight = new Map<number, Pending>();
  private queued: { message: SocketCallMessage; pending: Pending }[] = [];
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusListeners = new Set<(status: TransportStatus) => void>();
  private status: TransportStatus = 'connecting';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  private readonly createSocket: SocketFactory;
  private readonly delays: readonly number[];

  constructor(private readonly options: SocketQjobOptions) {
    this.createSocket =
      options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as SocketLike);
    this.delays = options.reconnectDelaysMs ?? [250, 500, 1000, 2000, 5000];
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
    return new Promise<CallOutput<N>>((resolve, reject) => {
      const message: SocketCallMessage = {
        type: 'call',
        id: this.nextId++,
        name,
        input: input ?? {},
      };
      const pending: Pending = { resolve: (v) => resolve(v as CallOutput<N>), reject };
      if (this.socket && this.socket.readyState === OPEN) this.send(message, pending);
      else this.queued.push({ message, pending });
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

  /** Connection to browser mode's server: for a "disconnected from the app" banner. */
  onStatus(listener: (status: TransportStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => this.statusListeners.delete(listener);
  }

  close(): void {
    this.closedByUs = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.close(1000, 'closed by the page');
    this.failAll(
      this.queued.map((q) => q.pending),
      'The connection to the app was closed.',
    );
    this.queued = [];
  }

  private connect(): void {
    this.setStatus('connecting');
    const socket = this.createSocket(this.options.url, [
      SOCKET_PROTOCOL,
      `${TOKEN_PROTOCOL_PREFIX}${this.options.token}`,
    ]);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.setStatus('open');
      const waiting = this.queued;
      this.queued = [];
      for (const { message, pending } of waiting) this.send(message, pending);
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => this.onClosed(socket));
    // 'error' is always followed by 'close', where the recovery happens.
    socket.addEventListener('error', () => undefined);
  }

  private send(message: SocketCallMessage, pending: Pending): void {
    this.inFlight.set(message.id, pending);
    this.socket?.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    let message: SocketServerMessage;
    try {
      message = JSON.parse(String(data)) as SocketServerMessage;
    } catch {
      return; // the server only sends JSON; a broken frame cannot be attributed to a call
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
  }

  private onClosed(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.failAll(
      [...this.inFlight.values()],
      'The connection to the app dropped while this call was running; it may or may not have completed.',
    );
    this.inFlight.clear();
    this.setStatus('closed');
    if (this.closedByUs) return;
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 1000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private failAll(pendings: Pending[], message: string): void {
    const error: IpcError = { code: TRANSPORT_ERROR_CODES.transportClosed, message };
    for (const p of pendings) p.reject(new QjobCallError(error));
  }

  private setStatus(status: TransportStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
