import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken } from '../auth/bearer';
import type { TokenService } from '../auth/token-service';
import { guardRequestListener } from '../../node-kit/loopback/guarded-listener';
import { isAllowedHost, isAllowedOrigin } from '../../node-kit/loopback/loopback-origin';
import { readJsonBody } from './body';
import { HttpError } from './http-error';
import type { AuthMode, Router } from './router';

export interface ListenerOptions {
  /**
   * Prefix of every route, e.g. `/api/v1` (docs/wire-format.md, "Paths": the base URL ends in a
   * version).
   */
  basePath: string;
  router: Router;
  tokens: TokenService;
  maxBodyBytes: number;
  /** Told about failures that are our bug (answered with 500), so they are not lost. */
  onInternalError: (error: unknown) => void;
}

/**
 * The server's one request handler: who may call (Host, Origin), routing, bearer authentication,
 * JSON replies. Every outcome, failures included, is a JSON body; nothing a client sends, and no
 * bug in a route, can throw past this function: a failure is reported and answered with 500 for
 * that request alone.
 */
export function createRequestListener(options: ListenerOptions) {
  const base = options.basePath.replace(/\/+$/, '');
  return guardRequestListener((req, res) => handle(req, res, base, options), {
    report: (error) => options.onInternalError(error),
    answer500: (res) => send(res, 500, { message: 'internal error', code: 'internal_error' }),
  });
}

/**
 * The simulator listens on 127.0.0.1 with well-known demo credentials: only the loopback names
 * may be its Host (a DNS-rebinding page sends its own name), and a browser page of another
 * origin may not call it at all.
 */
function checkCaller(req: IncomingMessage): void {
  const port = req.socket.localPort ?? 0;
  if (!isAllowedHost(req.headers.host, port)) {
    throw new HttpError(
      421,
      'misdirected_request',
      `this simulator answers only to 127.0.0.1:${port} and localhost:${port}`,
    );
  }
  if (!isAllowedOrigin(req.headers.origin, port)) {
    throw new HttpError(
      403,
      'forbidden_origin',
      'requests from web pages of other sites are refused',
    );
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  options: ListenerOptions,
): Promise<void> {
  try {
    checkCaller(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path !== base && !path.startsWith(`${base}/`)) {
      throw new HttpError(
        404,
        'not_found',
        `no such endpoint: ${path} (the API lives under ${base || '/'})`,
      );
    }
    const match = options.router.match(req.method ?? 'GET', path.slice(base.length));
    if (match.kind === 'not_found') {
      throw new HttpError(404, 'not_found', `no such endpoint: ${req.method} ${path}`);
    }
    if (match.kind === 'wrong_method') {
      throw new HttpError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}`,
        undefined,
        { allow: match.allowed.join(', ') },
      );
    }
    let body: Promise<unknown> | undefined;
    const common = {
      req,
      url,
      params: match.params,
      body: () => (body ??= readJsonBody(req, options.maxBodyBytes)),
    };
    const { route } = match;
    const reply =
      route.auth === 'none'
        ? await route.handle({ ...common, subject: null })
        : await route.handle({
            ...common,
            subject: authenticate(req, route.auth, options.tokens),
          });
    send(res, reply.status, reply.body);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    send(res, error.status, error.body(), error.headers);
  }
}

function authenticate(
  req: IncomingMessage,
  mode: Exclude<AuthMode, 'none'>,
  tokens: TokenService,
): string {
  const token = bearerToken(req.headers.authorization);
  if (token === null) {
    throw new HttpError(401, 'not_authenticated', `missing bearer ${mode} token`, undefined, {
      'www-authenticate': 'Bearer',
    });
  }
  const check = tokens.verify(token, mode);
  if (!check.ok) {
    throw new HttpError(401, check.code, check.message, undefined, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${check.message}"`,
    });
  }
  return check.subject;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}
