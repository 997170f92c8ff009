import type { Work } from '../work';
import { fuse } from './fuse';
import { circuitThreads, runShared } from './lanes';
import type { Op } from './ops';
import { planPasses } from './plan';
import { blockCount, newScratch, runBlock } from './run-block';
import { homeOf, workspaceParts } from './wasm/wasm-kernels';

/** How the engine runs a circuit; every optimisation can be turned off (the tests compare). */
export interface CircuitOptions {
  /** Threads, this one included (default: the simulator's setting, else the machine's cores). */
  threads?: number;
  /** Qubits of a block a pass keeps in cache (default 16: 1 MiB, a core's L2). */
  blockQubits?: number;
  /** The lowest qubits every block keeps (default 8: runs of 2 KiB). */
  lowQubits?: number;
  /** Merge runs of gates on one or two qubits into one matrix (fuse.ts; default: from 11 qubits). */
  fuse?: boolean;
  /** Keep the state sparse while few amplitudes are non-zero (default true). */
  sparse?: boolean;
  /** Use blocks in place when their lowest this many bits are local (default 14; tests). */
  inPlaceBits?: number;
  /** The narrowest state threads share (default 13; tests lower it). */
  threadsFromQubits?: number;
  /**
   * The vector kernels in WebAssembly (wasm/wasm-kernels.ts). true: a new state is put in a
   * WebAssembly memory of its own, where they run. false: the JavaScript kernels throughout.
   * Default: states from 14 qubits get a memory of their own (when the circuit pays for it),
   * and states of 8 to 13 qubits in plain arrays run in the thread's workspace (runOps). The
   * tests force both ways.
   */
  wasm?: boolean;
}

const DEFAULT_BLOCK_QUBITS = 16;
/**
 * Fusion saves passes over memory; a state of up to 10 qubits (16 KiB a part) stays in the L1
 * cache, where merging gates costs more time than the sweeps it saves (measured on random and
 * QFT circuits: from 11 qubits fusing wins, at 10 and below it loses by 4–15 %).
 */
const FUSE_FROM_QUBITS = 11;
const DEFAULT_LOW_QUBITS = 8;
/**
 * Threads pay off from 14 qubits (256 KiB of amplitudes) on. Measured with the WebAssembly
 * kernels on random and QFT circuits (fastest of five, two threads against one): at 13 qubits
 * 1.0–2.1 times one thread's time, at 14 0.79–1.1, at 15 0.70–0.93, at 16 0.62–0.77. Below,
 * meeting at each pass's barrier and each lane's instance of the kernels cost what the work
 * saves. (With the JavaScript kernels, slower per thread, threads paid off from 13.)
 */
const THREADS_FROM_QUBITS = 14;

/**
 * The narrowest state a run of gates copies into the thread's workspace (wasm-kernels.ts) to
 * run the WebAssembly kernels on it. Below, a gate's call into the kernels costs about what its
 * work does (fastest of seven, workspace against JavaScript kernels: random circuits of n + n/2
 * gates a layer, 20 layers, 9 qubits 0.16 against 0.25 ms, 8 qubits 0.10 against 0.14 ms,
 * 6 and 7 qubits even or worse).
 */
export const WORKSPACE_FROM_QUBITS = 8;

const log2 = (n: number) => 31 - Math.clz32(n);

function isShared(a: Float64Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** Threads this state can use: all only for wide states in shared memory. */
export function threadsFor(nqubits: number, o: CircuitOptions): number {
  const threads = o.threads ?? circuitThreads();
  return nqubits >= (o.threadsFromQubits ?? THREADS_FROM_QUBITS) ? Math.max(1, threads) : 1;
}

/**
 * Qubits of a block: the cache a pass works in, and, with threads, small enough that the state
 * is at least two blocks per thread (blocks are what threads share: a state of one block would
 * leave every thread but one waiting at the barrier).
 */
function blockQubitsFor(nqubits: number, threads: number, o: CircuitOptions): number {
  const wanted = o.blockQubits ?? DEFAULT_BLOCK_QUBITS;
  if (threads <= 1) return wanted;
  return Math.max(2, Math.min(wanted, nqubits - Math.ceil(Math.log2(threads)) - 1));
}

/** Applies the ops in place to a dense state of 2^n amplitudes, pass by pass. */
export async function runOps(
  re: Float64Array,
  im: Float64Array,
  ops: readonly Op[],
  work: Work,
  o: CircuitOptions = {},
): Promise<void> {
  const nqubits = log2(re.length);
  const threads = isShared(re) && isShared(im) ? threadsFor(nqubits, o) : 1;
  const blockQubits = blockQubitsFor(nqubits, threads, o);
  const fused = (o.fuse ?? nqubits >= FUSE_FROM_QUBITS) ? fuse(ops) : ops;
  const passes = planPasses(fused, nqubits, {
    blockQubits,
    lowQubits: Math.min(o.lowQubits ?? DEFAULT_LOW_QUBITS, blockQubits - 2),
    splitBits: threads > 1 ? log2(threads - 1) + 4 : 0,
    ...(o.inPlaceBits === undefined ? {} : { inPlaceBits: o.inPlaceBits }),
  });
  let done = 0;
  const tick = (p: number) => {
    done += passes[p]!.ops.length;
    return work.tick(
      done / fused.length,
      () => `gates: pass ${p + 1}/${passes.length} over the state`,
    );
  };
  if (threads > 1) {
    await runShared(passes, re, im, threads, blockQubits, tick);
    return;
  }
  const scratch = passes.some((p) => p.gather) ? newScratch(blockQubits) : null;
  // A small state in plain arrays runs in the workspace: copied in for each stretch of passes
  // between pauses, and back out before the pause (another run on this thread may use it then).
  const small = o.wasm !== false && nqubits >= WORKSPACE_FROM_QUBITS && homeOf(re) === null;
  let p = 0;
  while (p < passes.length) {
    const ws = small ? workspaceParts(re.length) : null;
    if (ws) {
      ws.re.set(re);
      ws.im.set(im);
    }
    const [r, i] = ws ? [ws.re, ws.im] : [re, im];
    let pause: Promise<void> | undefined;
    while (p < passes.length && !pause) {
      const pass = passes[p]!;
      for (let k = 0, blocks = blockCount(pass); k < blocks; k++) runBlock(pass, k, r, i, scratch);
      pause = tick(p++);
    }
    if (ws) {
      re.set(ws.re);
      im.set(ws.im);
    }
    if (pause) await pause;
  }
}
