import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMITS } from '../../../src/shared/yaml';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { loginBody } from '../simulator/helpers';

/**
 * JSON that costs far more to parse than to send, at the simulator's `POST /execute` over real
 * HTTP, the simulator in a process of its own with its heap capped at HEAP_MIB: a body of 5
 * million empty objects (16 MB; JSON.parse made 1.4 GB of 48 MB of them), and an execute
 * payload (the JSON string inside the envelope) nested 4 million deep or holding 5 million
 * objects. Each is refused before it is parsed, with the limit and the line and column; then the
 * simulator still runs a job, its memory after GC back within MEMORY_BOUND of the start.
 */
const HEAP_MIB = 384;
const MB = 1024 * 1024;
const MEMORY_BOUND = 64 * MB;
const { maxDepth, maxValues } = JSON_BODY_LIMITS;

let server: ServerProcess;
let bearer = '';
beforeAll(async () => {
  server = await startServerProcess('simulator', { heapMiB: HEAP_MIB });
  const login = await post('/api/v1/authorisation-tokens', JSON.stringify(loginBody()), false);
  bearer = `Bearer ${(JSON.parse(login.text) as { accessToken: string }).accessToken}`;
});
afterAll(async () => server?.stop());

function post(path: string, body: string, auth = true): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = bearer;
    const req = request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const envelope = (payload: string) =>
  JSON.stringify({ device_code: 'sim.statevector', payload, job_type: 'digital', meta: {} });
const objects = (n: number) => `[${'{},'.repeat(n - 1)}{}]`;
const CONTROL = JSON.stringify({
  type: 'sampling',
  sampling_payload: {
    sampling: '!Sampling\nnshots: 10\ncircuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n',
  },
});

describe('hostile JSON: the simulator’s POST /execute', () => {
  let baseline = 0;
  it('runs the control, and is measured', async () => {
    expect((await post('/api/v1/execute', envelope(CONTROL))).status).toBe(200);
    baseline = await server.memory();
  });

  it('refuses a body of 5 million empty objects before parsing it, saying where', async () => {
    const body = `{"device_code":"sim.statevector","meta":${objects(5_000_000)}}`;
    const { status, text } = await post('/api/v1/execute', body);
    expect(status).toBe(400);
    const answer = JSON.parse(text) as { code: string; message: string };
    expect(answer.code).toBe('invalid_json');
    const said = new RegExp(
      `^request body holds more than ${maxValues.toLocaleString('en-US')} values \\(arrays, objects and the entries in them; passed at line 1, column (\\d+)\\)$`,
    ).exec(answer.message);
    expect(said, answer.message).not.toBeNull();
    // Read to the limit, not to the end: an object and a comma are two values.
    expect(Number(said![1])).toBeLessThan(2 * maxValues);
  });

  it('refuses an execute payload nested 4 million deep before parsing it', async () => {
    const levels = 4_000_000;
    const { status, text } = await post(
      '/api/v1/execute',
      envelope(`${'['.repeat(levels)}${']'.repeat(levels)}`),
    );
    expect(status).toBe(422);
    expect((JSON.parse(text) as { message: string }).message).toContain(
      `body.payload: not read: it nests arrays and objects deeper than ${maxDepth} levels (at line 1, column ${maxDepth + 1})`,
    );
  });

  it('refuses an execute payload of 5 million empty objects before parsing it', async () => {
    const { status, text } = await post('/api/v1/execute', envelope(objects(5_000_000)));
    expect(status).toBe(422);
    expect((JSON.parse(text) as { message: string }).message).toContain(
      `body.payload: not read: it holds more than ${maxValues.toLocaleString('en-US')} values`,
    );
  });

  it('still runs a job, its memory back within a bound of the start', async () => {
    expect(server.alive()).toBe(true);
    expect((await post('/api/v1/execute', envelope(CONTROL))).status).toBe(200);
    expect((await server.memory()) - baseline).toBeLessThan(MEMORY_BOUND);
  });
});
