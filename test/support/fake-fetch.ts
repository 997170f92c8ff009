import type { FetchLike } from '../../src/core/client/transport';

export interface FakeRequest {
  method: string;
  url: URL;
  /** Path relative to the base URL's `/api/v1`. */
  path: string;
  headers: Headers;
  body: string;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export interface FakeFetch extends FetchLike {
  calls: FakeRequest[];
  count(method: string, path: string): number;
}

export const BASE_URL = 'http://service.test/api/v1';

/** An in-process fetch for unit tests: no sockets, every call recorded. */
export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: FakeRequest[] = [];
  const fn = (async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    calls.push(request);
    if (init.signal?.aborted) throw init.signal.reason;
    return handler(request);
  }) as FakeFetch;
  fn.calls = calls;
  fn.count = (method, path) => calls.filter((c) => c.method === method && c.path === path).length;
  return fn;
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
