import type { IncomingMessage } from 'node:http';

/** Who may call a route: anyone, holders of an access token, holders of a refresh token. */
export type AuthMode = 'none' | 'access' | 'refresh';

/** What a route's handler is given. `S` is the caller: `null` on open routes, the user otherwise. */
export interface RequestContext<S extends string | null = string | null> {
  readonly req: IncomingMessage;
  readonly url: URL;
  /** Path parameters, by the names in the route's pattern (`/jobs/:id`). */
  readonly params: Readonly<Record<string, string>>;
  /** The authenticated user: a route that requires a token runs only once it was checked. */
  readonly subject: S;
  /** The JSON body; read once, lazily, under the size limit. */
  body(): Promise<unknown>;
}

export interface Reply {
  status: number;
  body: unknown;
}

interface RouteShape<A extends AuthMode, S extends string | null> {
  method: 'GET' | 'POST';
  /** Relative to the base path; `:name` segments are parameters. */
  path: string;
  auth: A;
  handle(ctx: RequestContext<S>): Promise<Reply> | Reply;
}

/** A route anyone may call, or one whose handler always knows who calls (typed, not checked). */
export type Route = RouteShape<'none', null> | RouteShape<'access' | 'refresh', string>;

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'not_found' };

interface Compiled {
  route: Route;
  segments: string[];
}

/** Exact segment matching; routes are few, so a linear scan is clearer than a trie. */
export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
  }

  match(method: string, path: string): RouteMatch {
    const segments = split(path);
    const allowed: string[] = [];
    for (const { route, segments: pattern } of this.compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allowed.push(route.method);
    }
    return allowed.length ? { kind: 'wrong_method', allowed } : { kind: 'not_found' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? '';
    const s = segments[i] ?? '';
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(s);
      } catch {
        return null;
      }
    } else if (p !== s) {
      return null;
    }
  }
  return params;
}
