import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP server built to misbehave on cue, for fault tests of the service client:
 * connection resets, hangs, malformed bodies, scripted status sequences. Every request is
 * recorded, so a test can assert how often an endpoint was called (e.g. "submitted once").
 */

export type Behaviour =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'text'; status?: number; text: string; headers?: Record<string, string> }
  /** Destroys the connection without an answer. */
  | { kind: 'reset' }
  /** Never answers (until the server closes). */
  | { kind: 'hang' }
  /** Sends status and headers, then never finishes the body. */
  | { kind: 'hang-body'; status?: number }
  /** Waits, then behaves as `then`. */
  | { kind: 'delay'; ms: number; then: Behaviour }
  /**
   * A 200 (or `status`) whose body is `head`, then `chunk` `repeat` times (or until the client
   * goes away: `'endless'`, a broken proxy or a hostile service), then `tail`. Written as the
   * socket drains, so the server itself holds one chunk at a time.
   */
  | {
      kind: 'stream';
      status?: number;
      head: string;
      chunk: string;
      repeat: number | 'endless';
      tail?: string;
      headers?: Record<string, string>;
    }
  /** A redirect to `location` (absolute or relative). */
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string };

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Handler = (request: RecordedRequest, nth: number) => Behaviour;

export interface FaultyServer {
  /** `http://127.0.0.1:PORT` + the API prefix (default `/api/v1`). */
  readonly url: string;
  readonly origin: string;
  readonly prefix: string;
  readonly requests: RecordedRequest[];
  /**
   * Sets what a route does. A list is played in order and its last entry repeats; a function
   * gets the request and how many times this route was hit before (0-based).
   */
  route(method: string, path: string, behaviour: Behaviour | Behaviour[] | Handler): void;
  /** How many requests hit `METHOD /path` (path relative to the prefix). */
  count(method: string, path: string): number;
  close(): Promise<void>;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Behaviour => ({
  kind: 'json',
  status,
  body,
  ...(headers ? { headers } : {}),
});

export async function startFaultyServer(options: { prefix?: string } = {}): Promise<FaultyServer> {
  const prefix = options.prefix ?? '/api/v1';
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      const relative = url.pathname.startsWith(prefix)
        ? url.pathname.slice(prefix.length)
        : url.pathname;
      const key = `${recorded.method} ${relative}`;
      const nth = hits.get(key) ?? 0;
      hits.set(key, nth + 1);
      const handler = routes.get(key);
      const behaviour: Behaviour = handler
        ? handler(recorded, nth)
        : json({ message: `no route for ${key}`, code: 'not_found' }, 404);
      play(behaviour, req, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: origin + prefix,
    origin,
    prefix,
    requests,
    route(method, path, behaviour) {
      const key = `${method.toUpperCase()} ${path}`;
      if (typeof behaviour === 'function') routes.set(key, behaviour);
      else if (Array.isArray(behaviour)) {
        const list = behaviour;
        routes.set(key, (_req, nth) => list[Math.min(nth, list.length - 1)] as Behaviour);
      } else routes.set(key, () => behaviour);
    },
    count(method, path) {
      return hits.get(`${method.toUpperCase()} ${path}`) ?? 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function play(behaviour: Behaviour, req: http.IncomingMessage, res: http.ServerResponse): void {
  switch (behaviour.kind) {
    case 'json': {
      const text = JSON.stringify(behaviour.body);
      res.writeHead(behaviour.status ?? 200, {
        'content-type': 'application/json',
        ...behaviour.headers,
      });
      res.end(text);
      return;
    }
    case 'text':
      res.writeHead(behaviour.status ?? 200, {
        'content-type': 'text/plain',
        ...behaviour.headers,
      });
      res.end(behaviour.text);
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return;
    case 'hang-body':
      res.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      return;
    case 'delay':
      setTimeout(() => play(behaviour.then, req, res), behaviour.ms);
      return;
    case 'stream': {
      res.writeHead(behaviour.status ?? 200, {
        'content-type': 'application/json',
        ...behaviour.headers,
      });
      res.write(behaviour.head);
      let left = behaviour.repeat === 'endless' ? Infinity : behaviour.repeat;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          left--;
          if (!res.write(behaviour.chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end(behaviour.tail ?? '');
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    case 'redirect':
      res.writeHead(behaviour.status, { location: behaviour.location });
      res.end();
      return;
  }
}
