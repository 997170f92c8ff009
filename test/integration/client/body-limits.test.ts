import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/core/client/service-client';
import type { BodyLimitsOverride } from '../../../src/core/client/body/limits';
import { encodeBase64Text, formatHttpDate } from '../../../src/shared/wire';
import { REPO_ROOT } from '../../support/cli-runner';
import { failure } from '../../support/service-session';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';

/**
 * Answers that never end or are far larger than they should be, from a real HTTP server: the
 * client reads every body as a stream with a limit per kind of answer, fails with a message
 * naming the limit, and keeps a log larger than its limit cut, from its end, with a note.
 * Memory is checked in a process of its own (its peak resident set), a bound, not a timing.
 */

let server: FaultyServer;
beforeEach(async () => {
  server = await startFaultyServer();
});
afterEach(async () => {
  await server.close();
});

const RECORD_HEAD = JSON.stringify({
  id: 1,
  name: 'big',
  description: '',
  device_id: 1,
  status: 'completed',
  jobType: 'digital',
  created_at: formatHttpDate(new Date('2026-11-22T11:25:28Z')),
}).slice(0, -1);

/** One line of log; base64 of three lines (132 bytes) is a whole number of quartets. */
const LINE = 'step 000001 of the run: all is well so far.\n';
const LINE_B64 = encodeBase64Text(LINE.repeat(3));
/** Bytes of log in one chunk of the streamed body. */
const LOG_PER_CHUNK = LINE.length * 3 * 1000;

function logBody(repeat: number | 'endless') {
  return {
    kind: 'stream' as const,
    head: `${RECORD_HEAD},"logs":"`,
    chunk: LINE_B64.repeat(1000),
    repeat,
    tail: '"}',
  };
}

function client(limits?: BodyLimitsOverride) {
  return createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    timeoutMs: 20_000,
    retry: { retries: 0 },
    ...(limits ? { limits } : {}),
  });
}

interface ChildOutcome {
  ok: boolean;
  code?: string;
  message?: string;
  logChars?: number;
  truncated?: { field: string; totalBytes: number; keptBytes: number; kept: string }[];
  maxRssMb: number;
}

function inChild(call: 'devices' | 'job', limits?: BodyLimitsOverride): Promise<ChildOutcome> {
  const args = ['--import', 'tsx', path.join(REPO_ROOT, 'test/support/client-in-child.ts')];
  args.push(server.url, call, ...(limits ? [JSON.stringify(limits)] : []));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    // Before the limits, an endless body was read until memory ran out: never wait for that.
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      if (!line.startsWith('{')) reject(new Error(`child ended ${code ?? signal}: ${err}`));
      else resolve(JSON.parse(line) as ChildOutcome);
    });
  });
}

describe('an answer that never ends', () => {
  it('a device list stops at its limit with a clear error, memory bounded', async () => {
    server.route('GET', '/devices', {
      kind: 'stream',
      head: '{"items": [',
      chunk: `${JSON.stringify({ code: 'd', nqubits: 1, name: 'n', description: 'x'.repeat(200), type: 'simulator', status: 'online' })},`,
      repeat: 'endless',
    });
    const outcome = await inChild('devices');
    expect(outcome.ok).toBe(false);
    expect(outcome.code).toBe('too-large');
    expect(outcome.message).toBe(
      'Listing devices failed: the answer is larger than 8 MB, the most this app reads for a device list; it stopped reading there. The service or a proxy on the way sent more than such an answer can hold.',
    );
    expect(outcome.maxRssMb).toBeLessThan(200);
  }, 60_000);

  it("one job's logs stop at the record's limit, memory bounded by it", async () => {
    server.route('GET', '/jobs/1', logBody('endless'));
    const outcome = await inChild('job', { jobDetail: 32 * 1024 * 1024 });
    expect(outcome.code).toBe('too-large');
    expect(outcome.message).toMatch(
      /^Fetching job 1 failed: the answer is larger than 32 MB, the most this app reads for one job's full record/,
    );
    expect(outcome.maxRssMb).toBeLessThan(250);
  }, 60_000);

  it('a token, an error body and a declared length are bounded too', async () => {
    server.route('POST', '/authorisation-tokens', {
      kind: 'stream',
      head: '{"accessToken":"',
      chunk: 'a'.repeat(4096),
      repeat: 'endless',
    });
    const login = await failure(client().login({ assertion: 'x' }));
    expect(login.code).toBe('too-large');
    expect(login.message).toMatch(/larger than 64 KB, the most this app reads for a login token/);

    // A failed call's body is read only as far as its message needs.
    server.route('GET', '/jobs', () => ({
      kind: 'text',
      status: 500,
      text: `{"message": "broken"}${' '.repeat(1 << 20)}`,
    }));
    const broken = await failure(client().listJobs());
    expect(broken.code).toBe('http');
    expect(broken.status).toBe(500);

    server.route(
      'GET',
      '/devices',
      json({ items: [] }, 200, { 'content-length': String(1 << 30) }),
    );
    const declared = await failure(client({ devices: 1024 }).listDevices());
    expect(declared.code).toBe('too-large');
  });
});

describe('a log larger than the client keeps', () => {
  it('is kept from its end, at a line start, with what was left out', async () => {
    const chunks = 200; // 26 MB of log
    server.route('GET', '/jobs/1', logBody(chunks));
    const keep = 1024 * 1024;
    const { detail, truncated, problems } = await client({ keep: { logs: keep } }).getJob(1, {
      fields: ['logs'],
    });
    expect(problems).toEqual([]);
    const total = chunks * LOG_PER_CHUNK;
    expect(truncated).toEqual([
      { field: 'logs', totalBytes: total, keptBytes: detail.logs!.length, kept: 'tail' },
    ]);
    expect(detail.logs!.length).toBeLessThanOrEqual(keep);
    expect(detail.logs!.length).toBeGreaterThan(keep - LINE.length);
    expect(detail.logs!.startsWith(LINE)).toBe(true);
    expect(detail.logs!.endsWith(LINE)).toBe(true);
  });

  it('a 100 MB log costs a bounded multiple of what is kept, not of its size', async () => {
    // 100 MB of log arrives as 133 MB of base64; the default keeps its last 64 MB.
    server.route('GET', '/jobs/1', logBody(Math.ceil((100 * 1024 * 1024) / LOG_PER_CHUNK)));
    const outcome = await inChild('job');
    expect(outcome.ok, outcome.message).toBe(true);
    expect(outcome.truncated).toEqual([
      expect.objectContaining({ field: 'logs', kept: 'tail', keptBytes: outcome.logChars }),
    ]);
    expect(outcome.truncated![0]!.totalBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(outcome.logChars).toBeGreaterThan(63 * 1024 * 1024);
    // Read whole, it took 863 MB: the body, its text, the JSON string, the bytes, the text.
    // Streamed: about 100 MB for the process itself, 64 MB of bytes and their 64 MB of text.
    expect(outcome.maxRssMb).toBeLessThan(450);
  }, 90_000);
});
