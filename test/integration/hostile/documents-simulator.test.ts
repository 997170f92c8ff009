import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../../../src/simulator';
import { decodeJobDetail } from '../../../src/shared/wire';
import { documentCases, executeBody } from '../../support/hostile-corpus';
import { TERMINAL, login, startTestSimulator } from '../simulator/helpers';

/**
 * The hostile documents (test/fixtures/hostile/documents/index.json) against a real simulator:
 * `POST /execute` with each. A document the app would send goes as the app sends it; one the app
 * refuses (`raw`) goes anyway, its functional object's bytes as written, as a client that skips
 * every check would send it. The simulator must answer what the index says (a refusal, or a job
 * that ends `error` saying why, or `completed`), and still serve the control afterwards.
 */
let sim: SimulatorHandle;
let token = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  const started = await startTestSimulator({ variant: 'B' });
  ({ sim, cleanup } = started);
  token = (await login(sim)).accessToken;
});
afterAll(() => cleanup());

type Answer = { id?: number; message?: string; status?: string };

/**
 * A request on a connection of its own: a kept-alive one may be closed by the server just as the
 * next request goes out on it (after a long validation), which would fail the test, not the case.
 */
function send(
  method: string,
  path: string,
  body?: Buffer,
): Promise<{ status: number; answer: Answer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) headers['content-type'] = 'application/json';
    const req = request(`${sim.url}${path}`, { method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          answer: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const execute = (body: Buffer) => send('POST', '/execute', body);

/** Waits for the job to end; its status and error text (decoded with the app's codecs). */
async function outcomeOf(id: number): Promise<{ status: string; error: string | null }> {
  for (;;) {
    const { answer } = await send('GET', `/jobs/${id}?error=true`);
    if (TERMINAL.includes(String(answer.status))) {
      const { detail } = decodeJobDetail('B', answer);
      return { status: String(detail.status), error: detail.error ?? null };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('hostile documents: the simulator', () => {
  for (const c of documentCases()) {
    const expected = c.simulator;
    const outcome = expected.job ? `job ${expected.job}` : `${expected.status}`;
    it(`${c.id}: ${c.what} → ${outcome}`, async () => {
      const { status, answer } = await execute(executeBody(c));
      expect(status, JSON.stringify(answer).slice(0, 300)).toBe(expected.status);
      if (status !== 200) {
        if (expected.message) expect(answer.message).toContain(expected.message);
        return;
      }
      const job = await outcomeOf(Number(answer.id));
      expect(job.status).toBe(expected.job);
      if (expected.job === 'error') expect(job.error).toContain(expected.message);
      else expect(job.error).toBeNull();
    });
  }

  it('still runs the control afterwards', async () => {
    const control = documentCases().find((c) => c.id === 'doc-control')!;
    const { status, answer } = await execute(executeBody(control));
    expect(status).toBe(200);
    expect((await outcomeOf(Number(answer.id))).status).toBe('completed');
  });
});
