import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** The nice value of the calling thread, from /proc (field 19 of its stat line). */
function niceOfThisThread(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const bootstrap = new URL(
  '../../../../src/simulator/engine/ts-worker-bootstrap.mjs',
  import.meta.url,
);
const probe = new URL('../../../fixtures/threads/priority-probe.ts', import.meta.url).href;

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority', () => {
  it('lowers the worker thread that calls it by the niceness given, and only that thread', async () => {
    const before = niceOfThisThread();
    const worker = new Worker(bootstrap, { workerData: { tsEntry: probe, niceness: 7 } });
    const reply = await new Promise<{ was: number; lowered: boolean; now: number; again: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    await worker.terminate();
    expect(reply.lowered).toBe(true);
    expect(reply.now).toBe(Math.min(19, reply.was + 7));
    expect(reply.again).toBe(reply.now);
    // This thread and the process keep their priority.
    expect(niceOfThisThread()).toBe(before);
    expect(getPriority()).toBe(before);
  });
});

describe.runIf(process.platform === 'linux')('lowerOtherThreadsPriority', () => {
  it('lowers every other thread of the process by the niceness given, not the calling one', () => {
    const script = fileURLToPath(
      new URL('../../../fixtures/threads/lower-others-probe.ts', import.meta.url),
    );
    // A process of its own: lowering this test runner's threads would slow the other tests.
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      self: number;
      lowered: number;
      before: Record<string, number>;
      after: Record<string, number>;
    };
    const self = String(report.self);
    expect(report.after[self]).toBe(report.before[self]);
    const others = Object.keys(report.before).filter((tid) => tid !== self && tid in report.after);
    // V8's helper threads, libuv's, the worker: a Node process has several besides its own.
    expect(others.length).toBeGreaterThan(3);
    expect(report.lowered).toBe(others.length);
    for (const tid of others)
      expect(report.after[tid], `thread ${tid}`).toBe(Math.min(19, report.before[tid]! + 5));
  });
});
