import { existsSync } from 'node:fs';
import { STATUS_CODES, createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { SOCKET_MAX_FRAME_BYTES } from '../shared/ipc/limits';
import type { SocketServerMessage } from '../shared/ipc/socket-protocol';
import { SOCKET_CLOSE, SOCKET_PATH, SOCKET_PROTOCOL } from '../shared/ipc/socket-protocol';
import type { VariantId } from '../shared/variants/declaration';
import type { SecretStore } from '../core/auth/secret-store';
import { createAppCore } from '../core/app/create-app-core';
import { builtinProfileId } from '../core/profiles/builtin';
import type { AppCore } from '../core/app/types';
import { defaultRendererDir, defaultResourcesDir } from '../core/files/paths';
import type { FetchLike } from '../core/client/transport';
import type { Logger } from '../core/logging/logger';
import { silentLogger } from '../core/logging/logger';
import { guardRequestListener } from '../node-kit/loopback/guarded-listener';
import { AccessTokens } from './access-tokens';
import {
  isAllowedHost,
  isAllowedOrigin,
  proposedSessionFromProtocols,
  tokenFromProtocols,
} from './request-guard';
import {
  NEW_LINK_PATH,
  answerNewLink,
  newControlToken,
  publishInstance,
  withdrawInstance,
} from './new-link';
import { attachSocketBridge } from './socket-bridge';
import { plain, serveStatic } from './static-handler';
import { defaultWebSecretStore } from './secret-store';

export interface WebServerOptions {
  /** 0 (the default) picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  /** Start on this variant's embedded simulator profile; otherwise the remembered profile. */
  variant?: VariantId;
  dataDir: string;
  rendererDir?: string;
  resourcesDir?: string;
  /** Fixed launch token (tests); otherwise 32 random bytes per launch. Opens one connection. */
  token?: string;
  fetch?: FetchLike;
  logger?: Logger;
  secretStoreFactory?: () => Promise<SecretStore>;
  /** Embedded simulator physics speed-up (tests). */
  simulatorSpeed?: number;
  /**
   * Check every answer against the contract's output schema (tests: catches a field leaking past
   * the strict schemas). Off by default: large job lists would pay for it on every refresh.
   */
  checkOutput?: boolean;
  /** Use this core instead of creating one (unit tests of the server's guards). Not disposed on stop. */
  core?: AppCore;
}

export interface WebServer {
  /** `http://127.0.0.1:<port>/#token=<token>`: the address that opens the app (once). */
  url: string;
  /** The launch token of `url`: good for one connection, which gets a session token for later. */
  token: string;
  port: number;
  /** Another address that opens the app once (another tab, another test). */
  newLaunchUrl(): string;
  core: AppCore;
  stop(): Promise<void>;
}

export class RendererBundleMissingError extends Error {
  constructor(dir: string) {
    super(
      `The app's web bundle is missing (${path.join(dir, 'index.html')}): run npm run build first.`,
    );
    this.name = 'RendererBundleMissingError';
  }
}

/**
 * Browser mode: the built renderer over HTTP and the contract over a WebSocket, on loopback only,
 * backed by the same core as the desktop app (embedded simulator, demo login), so it is the full
 * app in any browser.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const rendererDir = path.resolve(options.rendererDir ?? defaultRendererDir());
  if (!existsSync(path.join(rendererDir, 'index.html')))
    throw new RendererBundleMissingError(rendererDir);
  const log = options.logger ?? silentLogger;
  const tokens = new AccessTokens();
  const token = tokens.issueLaunchToken(options.token);
  // A way back in after the one-use address was spent (new-link.ts): `qjob web --new-link`.
  const control = {
    controlToken: newControlToken(),
    newLaunchUrl: () => `http://127.0.0.1:${port}/#token=${tokens.issueLaunchToken()}`,
  };

  let port = 0;
  const server = createServer(
    guardRequestListener(
      (request, response) => {
        if (!isAllowedHost(request.headers.host, port)) {
          return plain(response, 421, 'This server answers only to 127.0.0.1 and localhost.');
        }
        const pathname = (request.url ?? '/').split('?', 1)[0];
        if (pathname === SOCKET_PATH)
          return plain(response, 426, 'Use a WebSocket.', { Upgrade: 'websocket' });
        if (pathname === NEW_LINK_PATH) return answerNewLink(request, response, control);
        return serveStatic(rendererDir, request, response);
      },
      {
        report: (error, request) =>
          log.error('browser mode: a request failed', { error, url: request.url }),
        answer500: (response) => plain(response, 500, 'Internal error.'),
      },
    ),
  );

  // The port first: one in use (EADDRINUSE) fails here, before the core, its embedded simulator
  // and their timers are started (they would keep the process alive after the failure).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  const ownCore = !options.core;
  let core: AppCore;
  try {
    core =
      options.core ??
      (await createAppCore({
        shell: 'web',
        dataDir: options.dataDir,
        fetch: options.fetch ?? ((url, init) => fetch(url, init)),
        secretStoreFactory: options.secretStoreFactory ?? (() => defaultWebSecretStore(log)),
        resourcesDir: options.resourcesDir ?? defaultResourcesDir(),
        logger: log,
        // Where the log goes, for Help → Open Log Folder (a file logger says; others have none).
        logFile: 'file' in log && typeof log.file === 'string' ? log.file : null,
        ...(options.variant ? { initialProfileId: builtinProfileId(options.variant) } : {}),
        ...(options.simulatorSpeed ? { simulator: { speed: options.simulatorSpeed } } : {}),
      }));
  } catch (error) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    throw error;
  }

  // Until here an upgrade is answered as a plain request (426): no socket before the core.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: SOCKET_MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  const detach = attachSocketBridge(wss, core, { log, checkOutput: options.checkOutput ?? false });

  server.on('upgrade', (request, socket: Duplex, head) => {
    // From here on the connection is ours alone: Node took its own error handler off it. A client
    // that resets while the refusal below is written (ECONNRESET, EPIPE) must cost that
    // connection only, never the process. After the upgrade, `ws` handles the socket's errors.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      log.warn('browser mode: a connection failed before it became a WebSocket', {
        code: error.code,
      });
      socket.destroy();
    });
    try {
      upgrade(request, socket, head);
    } catch (error) {
      log.error('browser mode: a WebSocket upgrade failed', { error });
      socket.destroy();
    }
  });

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const refuse = (status: number, why: string): void => {
      log.warn('browser mode: refused a WebSocket', { status, why });
      const body = `${why}\n`;
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
          `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    if (!isAllowedHost(request.headers.host, port)) return refuse(421, 'Wrong Host.');
    if ((request.url ?? '').split('?', 1)[0] !== SOCKET_PATH) return refuse(404, 'Not found.');
    if (!isAllowedOrigin(request.headers.origin, port)) return refuse(403, 'Wrong Origin.');
    const protocols = request.headers['sec-websocket-protocol'];
    // Checked before the token, so a launch token is never used up on a doomed handshake.
    if (!protocols?.split(',').some((p) => p.trim() === SOCKET_PROTOCOL))
      return refuse(400, `Offer the ${SOCKET_PROTOCOL} subprotocol.`);
    const admitted = tokens.admit(
      tokenFromProtocols(protocols),
      proposedSessionFromProtocols(protocols),
    );
    if (!admitted) return refuse(401, 'A valid token is needed.');
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (admitted.issued) {
        const session: SocketServerMessage = { type: 'session', token: admitted.issued };
        ws.send(JSON.stringify(session));
      }
      wss.emit('connection', ws, request);
    });
  };

  const url = `http://127.0.0.1:${port}/#token=${token}`;
  log.info('browser mode listening', { port });
  await publishInstance(options.dataDir, { port, controlToken: control.controlToken }).catch(
    (error: unknown) =>
      log.warn('browser mode: its port could not be published for qjob web --new-link', { error }),
  );

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await withdrawInstance(options.dataDir, control.controlToken).catch(() => undefined);
      detach();
      for (const client of wss.clients) client.close(SOCKET_CLOSE.goingAway, 'server stopping');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (ownCore) await core.dispose();
    })();
    return stopped;
  };

  return { url, token, port, newLaunchUrl: control.newLaunchUrl, core, stop };
}
