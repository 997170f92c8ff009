import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** The nice value of the calling thread, from /proc (field 19 of its stat line). */
function niceOfThisThread(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const bootstrap = new URL(
  '../../../../src/simulator/engine/pool/ts-worker-bootstrap.mjs',
  import.meta.url,
);
const probe = new URL('../../../fixtures/threads/priority-probe.ts', import.meta.url).href;

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority', () => {
  it('lowers the worker thread that calls it by the niceness given, and only that thread', async () => {
    const before = niceOfThisThread();
    const worker = new Worker(bootstrap, { workerData: { tsEntry: probe, niceness: 7 } });
    const reply = await new Promise<{ was: number; lowered: boolean; now: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    await worker.terminate();
    expect(reply.lowered).toBe(true);
    expect(reply.now).toBe(Math.min(19, reply.was + 7));
    // This thread and the process keep their priority.
    expect(niceOfThisThread()).toBe(before);
    expect(getPriority()).toBe(before);
  });
});
