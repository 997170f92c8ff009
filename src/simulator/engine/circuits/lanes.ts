import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startEngineThread } from '../engine-thread';
import type { Pass } from './plan';
import { newScratch } from './run-block';
import type { Scratch } from './run-block';
import { ABORTED, GENERATION, abortShare, arrive, newControl, takeBlocks } from './share';
import type { ShareTask } from './share';
import { homeOf } from './wasm/wasm-kernels';

/*
 * Lanes: extra threads of this thread that share its circuits (see share.ts). They are started
 * on the first circuit wide enough to need them, kept for the next ones, and never keep the
 * process alive; they end with the thread that started them (a job's worker, which the pool
 * terminates to cancel the job).
 */

let configured: { threads: number; workerUrl: URL | undefined } = {
  threads: availableParallelism(),
  workerUrl: undefined,
};
const lanes: Worker[] = [];

/** How many threads a circuit may use (this one included), and where lanes start from. */
export function configureCircuitThreads(threads: number | undefined, workerUrl?: URL): void {
  configured = {
    threads: Math.max(1, Math.floor(threads ?? availableParallelism())),
    workerUrl,
  };
}

export function circuitThreads(): number {
  return configured.threads;
}

function lanesFor(count: number): Worker[] {
  while (lanes.length < count) {
    const lane = startEngineThread(configured.workerUrl, { role: 'lane' });
    lane.unref();
    lane.on('exit', () => {
      const at = lanes.indexOf(lane);
      if (at >= 0) lanes.splice(at, 1);
    });
    lanes.push(lane);
  }
  return lanes.slice(0, count);
}

type WaitAsync = (
  a: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

async function waitForChange(control: Int32Array, generation: number): Promise<void> {
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  while (Atomics.load(control, GENERATION) === generation) {
    const r = waitAsync(control, GENERATION, generation);
    if (r.async) await r.value;
  }
}

let mainScratch: Scratch | null = null;

/**
 * Runs the passes on `threads` threads: this one and `threads - 1` lanes, over `re`/`im`
 * backed by SharedArrayBuffers. This thread waits at barriers without blocking its event loop,
 * so progress and cancellation go on between passes.
 */
export async function runShared(
  passes: Pass[],
  re: Float64Array,
  im: Float64Array,
  threads: number,
  blockQubits: number,
  onPass: (p: number) => Promise<void> | undefined,
): Promise<void> {
  const helpers = lanesFor(threads - 1);
  const control = newControl(passes.length);
  const home = homeOf(re);
  const memory = home && homeOf(im) === home ? home.memory : null;
  const parties = helpers.length + 1;
  const task: ShareTask = { control, re, im, passes, parties, blockQubits, memory };
  const lost = (): void => abortShare(control);
  for (const lane of helpers) {
    // Referenced while they work: a wait on the barrier alone would not keep Node running.
    lane.ref();
    lane.on('exit', lost);
    lane.postMessage(task);
  }
  if (!mainScratch || mainScratch.re.length !== 2 ** blockQubits)
    mainScratch = newScratch(blockQubits);
  try {
    for (let p = 0; p < passes.length; p++) {
      takeBlocks(task, p, mainScratch);
      const generation = arrive(control, task.parties);
      if (generation >= 0) await waitForChange(control, generation);
      if (Atomics.load(control, ABORTED))
        throw new Error('a thread sharing the circuit stopped (see the simulator log)');
      const pause = onPass(p);
      if (pause) await pause;
    }
  } catch (err) {
    abortShare(control);
    throw err;
  } finally {
    for (const lane of helpers) {
      lane.off('exit', lost);
      lane.unref();
    }
  }
}
