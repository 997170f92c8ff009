import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { matrixOp } from '../../../../src/simulator/engine/circuits/ops';
import { planPasses } from '../../../../src/simulator/engine/circuits/plan';
import { newScratch } from '../../../../src/simulator/engine/circuits/run-block';
import {
  abortShare,
  arrive,
  GENERATION,
  newControl,
  takeBlocks,
} from '../../../../src/simulator/engine/circuits/share';
import type { ShareTask } from '../../../../src/simulator/engine/circuits/share';
import { startEngineThread } from '../../../../src/simulator/engine/engine-thread';

/*
 * A lane (a thread sharing its thread's circuits, circuits/share.ts) that reaches a barrier of
 * a circuit already aborted must drop that circuit and serve the next. It used to wait at the
 * barrier for a generation no one would move again: the job thread's next circuit then waited
 * for the lane for ever. Here the lane is a real thread; this thread plays the job's.
 */

const NQUBITS = 12;
const H = Math.SQRT1_2;

function sharedTask(passesFrom: () => ShareTask['passes']): ShareTask {
  const passes = passesFrom();
  const re = new Float64Array(new SharedArrayBuffer(8 * 2 ** NQUBITS));
  const im = new Float64Array(new SharedArrayBuffer(8 * 2 ** NQUBITS));
  re[0] = 1;
  return {
    control: newControl(passes.length),
    re,
    im,
    passes,
    parties: 2,
    blockQubits: 8,
    memory: null,
  };
}

const hadamards = () =>
  planPasses(
    Array.from({ length: NQUBITS }, (_, q) => matrixOp(q, 0, [H, 0, H, 0, H, 0, -H, 0])),
    NQUBITS,
    { blockQubits: 8, lowQubits: 4, splitBits: 4 },
  );

/** `Atomics.waitAsync` (Node 20 has it; the TypeScript library this project targets does not). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (
      a: Int32Array,
      index: number,
      value: number,
      timeout: number,
    ) => { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** This thread's part of a shared circuit; false when the lane did not come to a barrier. */
async function runOurPart(task: ShareTask): Promise<boolean> {
  for (let p = 0; p < task.passes.length; p++) {
    takeBlocks(task, p, newScratch(task.blockQubits));
    const generation = arrive(task.control, task.parties);
    if (generation < 0) continue;
    const waited = waitAsync(task.control, GENERATION, generation, 10_000);
    const outcome = waited.async ? await waited.value : waited.value;
    if (outcome === 'timed-out') return false;
  }
  return true;
}

describe('a lane', () => {
  it('drops a circuit aborted before it arrived, and serves the next one', async () => {
    const lane = startEngineThread(undefined, { role: 'lane' });
    try {
      await once(lane, 'online');
      const aborted = sharedTask(hadamards);
      expect(aborted.passes.length).toBeGreaterThan(1);
      // This thread gave up before the lane came: the lane arrives at a barrier it cannot pass.
      abortShare(aborted.control);
      lane.postMessage(aborted);

      const next = sharedTask(hadamards);
      lane.postMessage(next);
      expect(await runOurPart(next)).toBe(true);
      // Every amplitude of H on every qubit from |0…0⟩ is 2^(-n/2).
      const expected = 2 ** (-NQUBITS / 2);
      for (let i = 0; i < next.re.length; i += 97) expect(next.re[i]).toBeCloseTo(expected, 12);
    } finally {
      await lane.terminate();
    }
  }, 30_000);
});
