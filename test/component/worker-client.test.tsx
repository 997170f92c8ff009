import { describe, expect, it } from 'vitest';
import { createWorkerClient } from '../../src/renderer/services/worker/client';
import BrokenWorker from './workers/broken.worker?worker';
import SquareWorker from './workers/square.worker?worker';

/**
 * The page's side of the app's workers (payload analysis, result decoding), with real workers
 * in Chromium: replies reach their requests, an error in the work fails that request only, a
 * worker that breaks fails everything waiting and is never used again, so callers fall back to
 * the main thread instead of waiting for ever.
 */
const square = () =>
  createWorkerClient<number, ArrayBuffer>({ name: 'square', start: () => new SquareWorker() });

describe('the worker client', () => {
  it('answers each request with its own reply, through the transferred buffer', async () => {
    const client = square();
    const answers = await Promise.all([2, 3, 4].map((n) => client.request(n)));
    expect(answers.map((b) => new Float64Array(b!)[0])).toEqual([4, 9, 16]);
    expect(client.failed).toBe(false);
  });

  it('turns what arrives into what callers get', async () => {
    const client = createWorkerClient<number, ArrayBuffer>({
      name: 'square',
      start: () => new SquareWorker(),
      receive: (buffer) => new Float64Array([new Float64Array(buffer)[0]! + 1]).buffer,
    });
    expect(new Float64Array((await client.request(5))!)[0]).toBe(26);
  });

  it('fails only the request whose work threw, with the worker’s message', async () => {
    const client = square();
    await expect(client.request(-1)).rejects.toThrow('cannot square -1 here');
    expect(client.failed).toBe(false);
    expect(new Float64Array((await client.request(6))!)[0]).toBe(36);
  });

  it('fails what was waiting when the worker breaks, then offers no worker', async () => {
    const client = createWorkerClient<number, number>({
      name: 'broken',
      start: () => new BrokenWorker(),
    });
    await expect(client.request(1)).rejects.toThrow('the broken worker stopped');
    expect(client.failed).toBe(true);
    expect(client.request(2)).toBeNull();
  });

  it('offers no worker when one cannot start', () => {
    const client = createWorkerClient<number, number>({
      name: 'missing',
      start: () => {
        throw new Error('workers are not allowed here');
      },
    });
    expect(client.request(1)).toBeNull();
    expect(client.failed).toBe(true);
  });
});
