import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import type { BodyLimitsOverride } from '../../../src/core/client/body/limits';
import type { ServiceClient } from '../../../src/core/client/types';
import { ServiceError } from '../../../src/core/client/errors';
import { createServiceClient } from '../../../src/core/client/service-client';
import type { Behaviour, FaultyServer } from '../../support/faulty-server';
import { startFaultyServer } from '../../support/faulty-server';
import type { Expectation } from '../../support/hostile-corpus';
import { readIndex } from '../../support/hostile-corpus';
import { SAMPLING_PAYLOAD_B } from '../../support/wire-fixtures';

/**
 * The hostile service answers (test/fixtures/hostile/wire/index.json) from a real HTTP server on
 * loopback to the real service client: wrong types, bodies far too large or endless (described
 * by a chunk and how often it repeats), JSON nested 100,000 deep, tokens with line breaks, dates
 * in the wrong form, garbage among job records, a submission answered 200 with no job handle.
 * Each call must end as the index says: decoded, decoded with a problem noted (`warned`), or
 * refused with the client's error code and a message that says what happened.
 */
type Answer =
  | { kind: 'json'; status?: number; body: unknown }
  | { kind: 'text'; status?: number; text: string; headers?: Record<string, string> }
  | {
      kind: 'stream';
      status?: number;
      head: string;
      chunk: string;
      /** The chunk is `chunk` this many times over. */
      chunkTimes?: number;
      repeat: number | 'endless';
      /** Written before `tail`: `text` `times` over. */
      tailRepeat?: { text: string; times: number };
      tail?: string;
    };

interface WireCase {
  id: string;
  what: string;
  /** `submit`: POST /execute, whose failure after a success answer leaves the job unknown. */
  call: 'devices' | 'jobs' | 'jobDetail' | 'login' | 'submit';
  answer: Answer;
  expect: Expectation;
  /** Lower limits than the defaults, so a case past them is quick to send. */
  limits?: BodyLimitsOverride;
}

function behaviour(a: Answer): Behaviour {
  if (a.kind === 'json') return { kind: 'json', status: a.status ?? 200, body: a.body };
  if (a.kind === 'text')
    return {
      kind: 'text',
      status: a.status ?? 200,
      text: a.text,
      headers: { 'content-type': 'application/json', ...a.headers },
    };
  return {
    kind: 'stream',
    ...(a.status ? { status: a.status } : {}),
    head: a.head,
    chunk: a.chunk.repeat(a.chunkTimes ?? 1),
    repeat: a.repeat,
    tail: (a.tailRepeat ? a.tailRepeat.text.repeat(a.tailRepeat.times) : '') + (a.tail ?? ''),
  };
}

const ROUTES: Record<WireCase['call'], [string, string]> = {
  devices: ['GET', '/devices'],
  jobs: ['GET', '/jobs'],
  jobDetail: ['GET', '/jobs/7'],
  login: ['POST', '/authorisation-tokens'],
  submit: ['POST', '/execute'],
};

const TOKEN = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 3600,
  issuedAt: String(Math.floor(Date.now() / 1000)),
  tokenType: 'bearer',
};

let server: FaultyServer;
beforeAll(async () => {
  server = await startFaultyServer();
});
afterAll(() => server.close());

function session(limits?: BodyLimitsOverride): Session {
  const client = createServiceClient({
    ...(limits ? { limits } : {}),
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    timeoutMs: 20_000,
    retry: { retries: 0 },
  });
  return new Session({ client, profile: 'p', audience: 'a', store: new MemorySecretStore() });
}

/** What the call ended in: a value (with its noted problems), or the client's error. */
async function run(
  c: WireCase,
): Promise<{ value?: unknown; problems: string[]; error?: ServiceError }> {
  const s = session(c.limits);
  try {
    if (c.call === 'login') {
      await s.login('alice', 'key');
      return { value: s.snapshot, problems: [] };
    }
    server.route('POST', '/authorisation-tokens', { kind: 'json', body: TOKEN });
    await s.login('alice', 'key');
    const client = s.client as ServiceClient<'B'>;
    if (c.call === 'devices') return { value: await client.listDevices(), problems: [] };
    if (c.call === 'jobs') return { value: await client.listJobs(), problems: [] };
    if (c.call === 'submit') {
      const sent = await client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' });
      return { value: sent, problems: [] };
    }
    const decoded = await client.getJob(7, { full: true });
    return {
      value: decoded.detail,
      problems: [
        ...decoded.problems.map((p) => `${p.code}: ${p.message}`),
        ...(decoded.truncated ?? []).map(
          (t) => `truncated: ${t.field} kept ${t.keptBytes} of ${t.totalBytes} bytes`,
        ),
      ],
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { problems: [], error };
  } finally {
    s.dispose();
  }
}

describe('hostile service answers: the service client', () => {
  for (const c of readIndex<WireCase>('wire')) {
    it(`${c.id}: ${c.what} → ${c.expect.outcome}`, async () => {
      const [method, path] = ROUTES[c.call];
      server.route(method, path, behaviour(c.answer));
      const seen = await run(c);
      const { outcome, code, message } = c.expect;
      const said = seen.error?.message ?? seen.problems.join('; ');
      expect(said).not.toMatch(/call stack|undefined|\[object Object\]/);
      expect(Object.prototype).not.toHaveProperty('admin');
      if (outcome === 'refused') {
        expect(seen.error?.code, said).toBe(code);
        expect(seen.error?.message).toContain(message ?? '');
        // A submission whose success answer could not be read may have made a job.
        if (c.call === 'submit' && seen.error?.status === 200)
          expect(seen.error.outcome).toBe('unknown');
      } else {
        expect(seen.error, said).toBeUndefined();
        if (outcome === 'accepted') expect(seen.problems).toEqual([]);
        else expect(seen.problems.find((p) => p.startsWith(`${code}: `))).toContain(message);
      }
    });
  }
});
