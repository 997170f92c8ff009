import { blockCount, newScratch, runBlock } from './run-block';
import type { Scratch } from './run-block';
import type { Pass } from './plan';
import { adoptMemory } from './wasm/wasm-kernels';
import type { KernelMemory } from './wasm/wasm-kernels';

/*
 * One circuit's passes shared by several threads over a state in SharedArrayBuffers. Every
 * thread takes the blocks of the current pass one at a time from a shared counter (so a thread
 * slowed down by a busy machine simply takes fewer) and waits at a barrier before the next pass.
 * The control array: [arrived, generation, aborted, next block of pass 0, of pass 1, …].
 */

const ARRIVED = 0;
export const GENERATION = 1;
export const ABORTED = 2;
const FIRST_COUNTER = 3;

/** What a lane receives for one circuit (structured-cloned; the arrays stay shared). */
export interface ShareTask {
  control: Int32Array;
  re: Float64Array;
  im: Float64Array;
  passes: Pass[];
  /** Threads at each barrier: the lanes and the thread that runs the job. */
  parties: number;
  blockQubits: number;
  /** The WebAssembly memory the parts are views of, when they are (each lane runs its kernels). */
  memory: KernelMemory | null;
}

export function newControl(passes: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (FIRST_COUNTER + passes)));
}

/** Runs blocks of pass `p` until the pass has none left. */
export function takeBlocks(task: ShareTask, p: number, scratch: Scratch | null): void {
  const pass = task.passes[p]!;
  const blocks = blockCount(pass);
  for (;;) {
    const k = Atomics.add(task.control, FIRST_COUNTER + p, 1);
    if (k >= blocks) return;
    runBlock(pass, k, task.re, task.im, scratch);
  }
}

/** Arrives at the barrier; returns the generation to wait for the change of, or -1 if last. */
export function arrive(control: Int32Array, parties: number): number {
  const generation = Atomics.load(control, GENERATION);
  if (Atomics.add(control, ARRIVED, 1) === parties - 1) {
    Atomics.store(control, ARRIVED, 0);
    Atomics.add(control, GENERATION, 1);
    Atomics.notify(control, GENERATION);
    return -1;
  }
  return generation;
}

/** Stops every thread of the task at its next barrier. */
export function abortShare(control: Int32Array): void {
  Atomics.store(control, ABORTED, 1);
  Atomics.add(control, GENERATION, 1);
  Atomics.notify(control, GENERATION);
}

let laneScratch: Scratch | null = null;

/** A lane's whole part of a task: every pass, blocking at each barrier (lanes do nothing else). */
export function runLaneShare(received: ShareTask): void {
  const task = inLaneMemory(received);
  if (!laneScratch || laneScratch.re.length !== 2 ** task.blockQubits)
    laneScratch = newScratch(task.blockQubits);
  const control = task.control;
  try {
    for (let p = 0; p < task.passes.length; p++) {
      takeBlocks(task, p, laneScratch);
      const generation = arrive(control, task.parties);
      // A task aborted before this lane arrived has moved its generation on already, and no
      // one will move it again: waiting for that would hold the lane, and every later
      // circuit of its thread, forever. The flag is set before the generation moves.
      if (generation >= 0)
        while (
          Atomics.load(control, GENERATION) === generation &&
          Atomics.load(control, ABORTED) === 0
        )
          Atomics.wait(control, GENERATION, generation);
      if (Atomics.load(control, ABORTED)) return;
    }
  } catch (err) {
    abortShare(task.control);
    throw err;
  }
}

/** The task over this lane's views of the shared kernel memory (the same bytes), if any. */
export function inLaneMemory(task: ShareTask): ShareTask {
  if (!task.memory || !adoptMemory(task.memory)) return task;
  const buffer = task.memory.buffer;
  return {
    ...task,
    re: new Float64Array(buffer, task.re.byteOffset, task.re.length),
    im: new Float64Array(buffer, task.im.byteOffset, task.im.length),
  };
}
