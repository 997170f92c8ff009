import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../node-kit/fs/atomic-write';
import { tokensEqual } from './request-guard';
import { plain } from './static-handler';

/**
 * A way back into a running browser mode. The printed address opens the app once (its launch
 * token is spent on the first connection); a presenter who closed the tab needs another. `qjob
 * web --new-link` asks the running server for one:
 *
 * - the server publishes `<data>/web/instance.json` (owner-only, in the owner-only data folder):
 *   its port and a control token, 32 random bytes made at launch;
 * - `POST /control/new-link` with `Authorization: Bearer <control token>` answers a new one-use
 *   address, `{"url": "http://127.0.0.1:<port>/#token=<t>"}`.
 *
 * Who can call it: programs of the same user on this machine (they read the file; they can read
 * the app's data anyway). Other users reach the port but not the token: 401. A web page cannot:
 * the Host check stops a rebound DNS name (421), a request with an Origin is refused (403), and a
 * cross-site request with an Authorization header needs a CORS preflight this server never grants.
 */
export const NEW_LINK_PATH = '/control/new-link';

const FORMAT = 'quantum-job-studio/browser-mode';

const instanceSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  controlToken: z.string().regex(/^[0-9a-f]{64}$/),
  startedAt: z.string().max(40),
});
export type BrowserModeInstance = z.infer<typeof instanceSchema>;

/** The file a running browser mode publishes itself in. */
function instanceFile(dataDir: string): string {
  return path.join(dataDir, 'web', 'instance.json');
}

export function newControlToken(): string {
  return randomBytes(32).toString('hex');
}

export async function publishInstance(
  dataDir: string,
  instance: Pick<BrowserModeInstance, 'port' | 'controlToken'>,
): Promise<void> {
  const record: BrowserModeInstance = {
    format: FORMAT,
    version: 1,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    ...instance,
  };
  await writeFileAtomic(instanceFile(dataDir), `${JSON.stringify(record, null, 2)}\n`, {
    mode: 0o600,
  });
}

/** Removes the file when it is still this server's (another may have started since). */
export async function withdrawInstance(dataDir: string, controlToken: string): Promise<void> {
  const found = await readInstance(dataDir);
  if (found && found.controlToken !== controlToken) return;
  await rm(instanceFile(dataDir), { force: true });
}

async function readInstance(dataDir: string): Promise<BrowserModeInstance | null> {
  try {
    const parsed = instanceSchema.safeParse(
      JSON.parse(await readFile(instanceFile(dataDir), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The server's side of `POST /control/new-link`. */
export function answerNewLink(
  request: IncomingMessage,
  response: ServerResponse,
  server: { controlToken: string; newLaunchUrl: () => string },
): void {
  if (request.method !== 'POST') return plain(response, 405, 'Use POST.', { Allow: 'POST' });
  if (request.headers.origin !== undefined)
    return plain(response, 403, 'A web page cannot ask for a new link.');
  const offered = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  if (!tokensEqual(offered, server.controlToken))
    return plain(response, 401, 'A valid control token is needed (qjob web --new-link).');
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${JSON.stringify({ url: server.newLaunchUrl() })}\n`);
}

class NoBrowserModeError extends Error {
  constructor(dataDir: string, why: string) {
    super(
      `no browser mode is running for the data folder ${dataDir} (${why}): start it with npm start or qjob web, which print an address to open.`,
    );
    this.name = 'NoBrowserModeError';
  }
}

/**
 * The client's side: a new one-use address from the browser mode running for `dataDir`. Throws
 * NoBrowserModeError when none runs there, or an Error saying what the server answered.
 */
export async function requestNewLink(
  dataDir: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const instance = await readInstance(dataDir);
  if (!instance) throw new NoBrowserModeError(dataDir, `${instanceFile(dataDir)} is not there`);
  let answer: Response;
  try {
    answer = await fetchImpl(`http://127.0.0.1:${instance.port}${NEW_LINK_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${instance.controlToken}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new NoBrowserModeError(
      dataDir,
      `nothing answers on port ${instance.port}: ${(error as Error).message}`,
    );
  }
  const text = (await answer.text()).slice(0, 2000);
  if (!answer.ok)
    throw new Error(
      `browser mode on port ${instance.port} refused: HTTP ${answer.status} ${text.trim()}`,
    );
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* said below */
  }
  const parsed = z
    .object({ url: z.string().regex(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/) })
    .safeParse(json);
  if (!parsed.success) throw new Error(`browser mode on port ${instance.port} answered no address`);
  return parsed.data.url;
}
