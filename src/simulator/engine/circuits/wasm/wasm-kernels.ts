import { moduleBytes } from './emit';
import { OP_DIAG, OP_FLIP, OP_MAT, OP_MAT4, OP_SWAP } from '../plan';
import type { PassOp } from '../plan';
import { KERNEL_FUNCTIONS } from './kernel-bodies';
import { walk } from '../walk';

/*
 * The state in WebAssembly memory, and the kernels that run on it there (kernel-bodies.ts):
 * two amplitudes per vector instruction, without the bounds checks of typed-array indexing.
 * The state's parts stay ordinary Float64Arrays (views of the memory) for everything else.
 * A state whose parts are elsewhere, or a 4×4 matrix with a target on qubit 0, takes the
 * JavaScript kernels (kernels.ts, kernels-matrix.ts), which give the same results.
 */

type Kernel = (...args: number[]) => number;

/** A kernel in its three forms, by the lane of each vector it changes (kernel-bodies.ts). */
type Forms<K extends string> = Record<K | `${K}0` | `${K}1`, Kernel>;

type FormedKernel = 'matrix' | 'diagonal' | 'scale' | 'exchange' | 'matrix4';

type KernelExports = Forms<FormedKernel> &
  Record<'matrixPair' | 'diagonalPair' | 'exchangePair' | 'transpose', Kernel>;

/** A shared WebAssembly memory (its bytes, seen from this thread). */
export interface KernelMemory {
  readonly buffer: SharedArrayBuffer;
}

/**
 * The part of the WebAssembly JavaScript API used here, typed here: the Node type-check has no
 * DOM library, where these types live.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  Memory: new (limits: { initial: number; maximum: number; shared: true }) => KernelMemory;
}

const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** A memory the kernels run in, and this thread's instance of them over it. */
export interface WasmHome {
  memory: KernelMemory;
  kernels: KernelExports;
}

const PAGE = 65536;
/** The kernels address bytes with 32-bit offsets, and memory offsets below 2 GiB stay positive. */
const MAX_BYTES = 2 ** 31;

let compiled: object | null | undefined;

function kernelModule(): object | null {
  if (compiled === undefined) {
    try {
      if (!api) throw new Error('no WebAssembly');
      compiled = new api.Module(moduleBytes(KERNEL_FUNCTIONS));
    } catch {
      // No WebAssembly (or no SIMD): the JavaScript kernels do the work.
      compiled = null;
    }
  }
  return compiled;
}

const homes = new WeakMap<ArrayBufferLike, WasmHome>();

/** This thread's kernels over `memory` (instantiated once per memory object). */
export function adoptMemory(memory: KernelMemory): WasmHome | null {
  const known = homes.get(memory.buffer);
  if (known) return known;
  const module = kernelModule();
  if (!module || !api) return null;
  const instance = new api.Instance(module, { e: { m: memory } });
  const home = { memory, kernels: instance.exports as unknown as KernelExports };
  homes.set(memory.buffer, home);
  return home;
}

/** The kernels for a part that lives in kernel memory on this thread, else null. */
export function homeOf(part: Float64Array): WasmHome | null {
  return homes.get(part.buffer) ?? null;
}

/**
 * Bytes between the end of the real part and the start of the imaginary part in a kernel
 * memory: 33 cache lines, so the two parts' amplitudes at the same index are not a power of two
 * apart. With the parts back to back, a 22-qubit state's parts were exactly 32 MiB apart, and
 * gates with target 11 and a control on 10 or 12 (runs of 4–8 KiB read with their partners
 * 16 KiB on, in both parts) ran at 0.44–0.54 of a copy's speed in five of six processes,
 * against 1.3–1.4 in the sixth; with the gap, at 0.73–1.4 in every one (CRY and Toffoli, every
 * placement, six processes each way). Which processes were slow varied with where their
 * memory landed, as with addresses that alias in the caches' lookup.
 */
const PART_GAP = 2112;

/**
 * Two parts of `length` amplitudes in a new shared WebAssembly memory (zeroed), or null when
 * this runtime has no kernels (the caller allocates plain arrays then).
 */
export function wasmParts(length: number): { re: Float64Array; im: Float64Array } | null {
  const bytes = 16 * length + PART_GAP;
  if (bytes >= MAX_BYTES || !kernelModule() || !api) return null;
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const memory = new api.Memory({ initial: pages, maximum: pages, shared: true });
  if (!adoptMemory(memory)) return null;
  touchPages(memory.buffer);
  return partsIn(memory.buffer, length);
}

/** The two parts of `length` amplitudes laid out in a kernel memory: re first, im after the gap. */
function partsIn(buffer: ArrayBufferLike, length: number): { re: Float64Array; im: Float64Array } {
  return {
    re: new Float64Array(buffer, 0, length),
    im: new Float64Array(buffer, 8 * length + PART_GAP, length),
  };
}

/** The most amplitudes a part in the workspace holds: states of up to 13 qubits (128 KiB a part). */
export const WORKSPACE_LENGTH = 2 ** 13;

let workspace: { re: Float64Array; im: Float64Array } | null | undefined;

/**
 * Two parts of `length` (≤ WORKSPACE_LENGTH) amplitudes in this thread's workspace: a kernel
 * memory made once per thread, which a small state in plain arrays is copied into for a run of
 * gates (run-ops.ts), instead of a new memory and instance of the kernels for every state
 * (about 45 µs; a 10-qubit circuit of 300 gates runs in about 0.3 ms). Every call returns the
 * same bytes: a caller holds them only while nothing else on this thread runs, never across an
 * await. Null when this runtime has no kernels or the state is larger.
 */
export function workspaceParts(length: number): { re: Float64Array; im: Float64Array } | null {
  if (length > WORKSPACE_LENGTH) return null;
  if (workspace === undefined) workspace = wasmParts(WORKSPACE_LENGTH);
  if (!workspace) return null;
  return partsIn(workspace.re.buffer, length);
}

/** Bytes from one page of the operating system's memory to the next (4 KiB, or more). */
const OS_PAGE = 4096;

/**
 * Writes a zero into every page of a new memory, so the system maps its pages here, on one
 * thread, rather than under the first gates. Threads that take the first faults of a new
 * WebAssembly memory together wait on each other: measured here, a 16-qubit QFT on two threads
 * took 4.4 ms with the faults left to the gates and 2.2 ms with them taken here (one thread:
 * 2.7 and 2.5 ms, the same work moved). The memory is zero already, so the values do not change.
 */
function touchPages(buffer: SharedArrayBuffer): void {
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += OS_PAGE) bytes[i] = 0;
}

/**
 * The kernel `name` over the indices x with (x & fixed) === value, each with its partners
 * `delta` (and `delta2`) amplitudes on. Qubit 0 is the lane of a vector: when it is fixed, the
 * walk leaves it out and the kernel's form changes only the lane it picks (kernel-bodies.ts).
 */
function run(
  k: KernelExports,
  name: FormedKernel,
  re: Float64Array,
  im: Float64Array,
  len: number,
  fixed: number,
  value: number,
  delta: number,
  coefficients: readonly number[],
  delta2 = 0,
): boolean {
  const kernel = (fixed & 1) === 0 ? k[name] : value & 1 ? k[`${name}1`] : k[`${name}0`];
  return walkOn(kernel, re, im, len, fixed & ~1, value & ~1, delta, coefficients, delta2);
}

/**
 * The longest gap between runs (bytes) the read-ahead also reads (kernel-code.ts). Gaps of up to
 * 1 KiB are read when the kernel's runs and its near partners' make at least half the bytes
 * within 1 KiB: a control on qubit 5 (a CNOT there ran at 0.7 of a copy, 1.05–1.2 filled) but
 * not two fixed qubits among 3–6 with one run between them (CZ(5, 4): 1.1, 0.57 filled). Only
 * on walks of at least `FILL_FROM` amplitudes (2 MiB a part, more than a core's own cache): on
 * 16 qubits, in cache, the extra reads made a CNOT there twice as slow (0.11 → 0.23 ms).
 */
const FILL_GAP = 1024;
const FILL_FROM = 2 ** 18;

/** FILL_GAP or 0 for a walk of `len` amplitudes with these fixed bits (qubit 0 clear) and partners. */
export function gapToFill(len: number, fixed: number, delta: number, delta2: number): number {
  if (len < FILL_FROM) return 0;
  const near = FILL_GAP / 8 - 1;
  const partners = [0, delta, delta2, delta + delta2].filter(
    (o, k) => (o !== 0 || k === 0) && Math.abs(o) <= near,
  );
  let own = 1;
  for (let bits = fixed & near; bits !== 0; bits &= bits - 1) own /= 2;
  return new Set(partners).size * own >= 0.5 ? FILL_GAP : 0;
}

/**
 * `kernel` on the walk (walk.ts; qubit 0 free), with its partners `delta` and `delta2`
 * amplitudes on. The walk goes to the kernel in bytes (len, start, mask, l2, offset, run,
 * stride; a mask in bytes also carries through bits 0–2), its runs whole vectors: l1 apart,
 * whatever l1 is. The arguments are written out, not spread: a call with a spread goes through
 * V8's generic JavaScript-to-WebAssembly path, and on a 10-qubit state, where a gate's work is
 * about a microsecond, building and spreading the arrays cost a fifth of a circuit's time.
 */
function walkOn(
  kernel: Kernel,
  re: Float64Array,
  im: Float64Array,
  len: number,
  fixed: number,
  value: number,
  delta: number,
  c: readonly number[],
  delta2 = 0,
): boolean {
  if (len < 2) return false;
  const { l1, l2, mask, start, offset } = walk(len, fixed, value);
  const gap = gapToFill(len, fixed, delta, delta2);
  const r = re.byteOffset;
  const i = im.byteOffset;
  const b0 = 8 * len;
  const b1 = 8 * start;
  const b2 = 8 * mask + 7;
  const b3 = 8 * l2;
  const b4 = 8 * offset;
  const b5 = 8 * l1;
  const b6 = 16 * l1;
  const d1 = 8 * delta;
  const d2 = 8 * delta2;
  switch (c.length) {
    case 0:
      kernel(r, i, b0, b1, b2, b3, b4, b5, b6, d1, d2, gap);
      break;
    case 2:
      kernel(r, i, b0, b1, b2, b3, b4, b5, b6, d1, d2, gap, c[0]!, c[1]!);
      break;
    case 4:
      kernel(r, i, b0, b1, b2, b3, b4, b5, b6, d1, d2, gap, c[0]!, c[1]!, c[2]!, c[3]!);
      break;
    case 8:
      kernel(
        r,
        i,
        b0,
        b1,
        b2,
        b3,
        b4,
        b5,
        b6,
        d1,
        d2,
        gap,
        c[0]!,
        c[1]!,
        c[2]!,
        c[3]!,
        c[4]!,
        c[5]!,
        c[6]!,
        c[7]!,
      );
      break;
    default:
      // A 4×4 matrix: 32 coefficients, and a pass's worth of work for each call.
      kernel(r, i, b0, b1, b2, b3, b4, b5, b6, d1, d2, gap, ...c);
  }
  return true;
}

/** Every visited amplitude times s (applyScale's contract). */
function scale(
  k: KernelExports,
  re: Float64Array,
  im: Float64Array,
  len: number,
  fixed: number,
  value: number,
  sr: number,
  si: number,
): boolean {
  if (sr === 1 && si === 0) return true;
  return run(k, 'scale', re, im, len, fixed, value, 0, [sr, si]);
}

/**
 * One op of a pass on a block (runBlock's contract: `f`/`v` are the fixed bits and values
 * without the op's targets) by the WebAssembly kernels; false when they do not take it, and the
 * JavaScript kernels do. Each kind does what its JavaScript kernel does, in the same order. A
 * target on qubit 0 pairs the lanes of one vector (the `…Pair` kernels, `transpose`).
 */
export function runWasmOp(
  home: WasmHome,
  op: PassOp,
  re: Float64Array,
  im: Float64Array,
  len: number,
  f: number,
  v: number,
  base: number,
): boolean {
  const { kind, tb, ob, m } = op;
  const k = home.kernels;
  switch (kind) {
    case OP_MAT:
      if (tb === 1) return walkOn(k.matrixPair, re, im, len, f, v, 0, m);
      return run(k, 'matrix', re, im, len, f | tb, v, tb, m);
    case OP_FLIP:
      if (tb === 1) return walkOn(k.exchangePair, re, im, len, f, v, 0, []);
      return run(k, 'exchange', re, im, len, f | tb, v, tb, []);
    case OP_SWAP: {
      if (tb === 1 || ob === 1) {
        // The vectors with the other qubit clear, each with its partner that qubit on.
        const q = tb ^ ob ^ 1;
        return walkOn(k.transpose, re, im, len, f | q, v, q, []);
      }
      // Each visited i has tb set and ob clear: its partner is i − tb + ob.
      return run(k, 'exchange', re, im, len, f | tb | ob, v | tb, ob - tb, []);
    }
    case OP_DIAG: {
      const [ar, ai, dr, di] = [m[0]!, m[1]!, m[6]!, m[7]!];
      if (tb === 0) {
        const outside = (base & op.nt) !== 0;
        return scale(k, re, im, len, f, v, outside ? dr : ar, outside ? di : ai);
      }
      if (ar === 1 && ai === 0) return scale(k, re, im, len, f | tb, v | tb, dr, di);
      if (dr === 1 && di === 0) return scale(k, re, im, len, f | tb, v, ar, ai);
      if (tb === 1) return walkOn(k.diagonalPair, re, im, len, f, v, 0, [ar, ai, dr, di]);
      return run(k, 'diagonal', re, im, len, f | tb, v, tb, [ar, ai, dr, di]);
    }
    case OP_MAT4:
      // A target on qubit 0 (pairs inside a vector) is left to the JavaScript kernel.
      if (tb === 1 || ob === 1) return false;
      return run(k, 'matrix4', re, im, len, f | tb | ob, v, tb, m, ob);
    default:
      return false;
  }
}
