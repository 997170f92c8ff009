import { Code, F64, I32, V128 } from './emit';
import type { FunctionSpec, ValueType } from './emit';

/*
 * The kernels as WebAssembly functions, two amplitudes per 128-bit vector. Each walks the
 * visited indices as the JavaScript kernels do (walk.ts), in bytes: segments found by the
 * carrying increment, runs of `run` bytes `stride` apart inside a segment. The caller keeps the
 * runs at least two amplitudes long (the lowest fixed bit ≥ 2), so a run is whole vectors.
 *
 * Qubit 0 is the lane inside a vector, so a walk that fixes it is walked without it, by a kernel
 * that knows what the lanes are (kernel-bodies.ts): one that changes only one lane of each
 * vector (a control on qubit 0), or one whose pairs are the two lanes of a vector (a target).
 *
 * Every kernel returns the sum of the values it read ahead (below), so the engine cannot
 * optimise those reads away; callers ignore it.
 */

/**
 * Parameters, in order: byte offsets of the parts, the walk in bytes, the partners' offsets (a
 * 2×2 gate's partner at delta; a 4×4's three at delta, delta2 and both), the longest gap the
 * read-ahead fills (below), the coefficients.
 */
const RE = 0;
const IM = 1;
const LEN = 2;
const START = 3;
const MASK = 4;
const L2 = 5;
const OFFSET = 6;
const RUN = 7;
const STRIDE = 8;
const DELTA = 9;
const DELTA2 = 10;
const GAP = 11;
const FIRST_COEFFICIENT = 12;

/**
 * Runs between 128 bytes and 16 KiB are read ahead, one load per cache line, before they are
 * changed. Measured at 22 qubits: a 2×2 gate on qubits 6–11 (two interleaved streams per part,
 * each a few pages long) ran at 0.4–0.7 of a copy's speed; reading the run and its partner's
 * run first brings it to 0.95, the hardware prefetcher following one ascending stream at a time.
 * Shorter runs share cache lines with their partners; longer ones the prefetcher follows.
 */
const READ_AHEAD_FROM = 128;
const READ_AHEAD_TO = 16384;

/*
 * The read-ahead also reads the gap since the last run it read, when the gap is at most `GAP`
 * bytes (the caller's choice, 0 for never: wasm-kernels.ts fills gaps of up to 1 KiB when at
 * least half the bytes around them are the kernel's). Measured at 22 qubits: a control or a
 * phase on qubit 5 (runs of 256 bytes, 256 bytes apart) ran at 0.45–0.7 of a copy's speed, more
 * slowly than a gate that changes every amplitude; with the gaps read it runs at 0.9–1.1.
 */

/** Which lane of each vector a kernel changes: both, or only lane 0 or 1 (it keeps the other). */
export type Lane = 'both' | 0 | 1;

interface Layout {
  coefficients: number;
  temps: number;
  lane: Lane;
}

/** Local indices of a kernel with this many coefficients (f64 parameters) and v128 temps. */
function locals({ coefficients, lane }: Layout) {
  const base = FIRST_COEFFICIENT + coefficients;
  return {
    x: base,
    g: base + 1,
    end: base + 2,
    i: base + 3,
    stop: base + 4,
    j: base + 5,
    ahead: base + 6,
    /** Where the read-ahead stopped (the end of the last run at i), and where it starts next. */
    read: base + 7,
    from: base + 8,
    acc: base + 9,
    /** The coefficients as f64 parameters, and splatted to both lanes. */
    coefficient: (k: number) => FIRST_COEFFICIENT + k,
    splat: (k: number) => base + 10 + k,
    temp: (k: number) => base + 10 + coefficients + k,
    lane,
  };
}

export type Locals = ReturnType<typeof locals>;

/**
 * Where in the loop a vector is: at i, or at a partner: i + delta (`hi`), i + delta2 (`b`),
 * i + delta + delta2 (`ab`).
 */
export type Where = 'lo' | 'hi' | 'b' | 'ab';

/** Adds the offset of `where` to the address on the stack. */
function offsetOf(c: Code, where: Where): Code {
  if (where === 'hi' || where === 'ab') c.get(DELTA).i32Add();
  if (where === 'b' || where === 'ab') c.get(DELTA2).i32Add();
  return c;
}

/** A part's vector at i or at a partner (`Where`). */
export function at(c: Code, l: Locals, where: Where, part: number): Code {
  return offsetOf(c.get(part).get(l.i).i32Add(), where);
}
export const PART = { re: RE, im: IM } as const;

/** Byte lanes for `shuffle`: lane 0 or 1 of the first vector (A) or the second (B). */
export const LANES = {
  A0: [0, 1, 2, 3, 4, 5, 6, 7],
  A1: [8, 9, 10, 11, 12, 13, 14, 15],
  B0: [16, 17, 18, 19, 20, 21, 22, 23],
  B1: [24, 25, 26, 27, 28, 29, 30, 31],
} as const;

/**
 * Stores the vector `value` leaves on the stack at i (or its partner) of a part. A kernel that
 * changes one lane keeps the other lane's old value, from the local `old`.
 */
export function store(
  c: Code,
  l: Locals,
  where: Where,
  part: number,
  old: number,
  value: () => void,
): void {
  at(c, l, where, part);
  if (l.lane !== 'both') c.get(old);
  value();
  if (l.lane === 0) c.shuffle([...LANES.B0, ...LANES.A1]);
  if (l.lane === 1) c.shuffle([...LANES.A0, ...LANES.B1]);
  c.v128Store();
}

/** `a·x ± b·y` with a, b splatted coefficients and x, y temps (or any locals). */
export function products(c: Code, a: number, x: number, b: number, y: number, sub: boolean): Code {
  c.get(a).get(x).f64x2Mul().get(b).get(y).f64x2Mul();
  return sub ? c.f64x2Sub() : c.f64x2Add();
}

/** Adds (or subtracts) `a·x` to the vector on the stack. */
export function andProduct(c: Code, a: number, x: number, sub: boolean): Code {
  c.get(a).get(x).f64x2Mul();
  return sub ? c.f64x2Sub() : c.f64x2Add();
}

const LINE = 64;

/** The body on the vector at i, then i to the next vector. */
function vector(c: Code, l: Locals, body: (c: Code, l: Locals) => void): void {
  body(c, l);
  c.get(l.i).i32(16).i32Add().set(l.i);
}

/** One cache line of each part at j (+ the offset of `where`), summed into acc. */
function readLine(c: Code, l: Locals, where: Where): void {
  for (const part of [RE, IM]) {
    c.get(l.acc);
    offsetOf(c.get(part).get(l.j).i32Add(), where);
    c.f64Load().f64Add().set(l.acc);
  }
}

/** Reads the run at g (or a partner's run) line by line, in ascending order, from `from`. */
function readRun(c: Code, l: Locals, where: Where): void {
  c.get(l.from).set(l.j);
  c.loop();
  readLine(c, l, where);
  c.get(l.j).i32(LINE).i32Add().set(l.j);
  c.get(l.j).get(l.g).get(RUN).i32Add().i32LtU().brIf(0);
  c.end();
}

/**
 * A kernel: `body` changes the vector(s) at i (and i + delta) for every visited i.
 * `touches`: the vectors the body reads and writes, i first (the read-ahead reads their runs).
 * `prologue` runs once, after the coefficients are splatted (to build other constant vectors).
 */
export function walkKernel(
  name: string,
  layout: Layout,
  touches: readonly Where[],
  body: (c: Code, l: Locals) => void,
  prologue?: (c: Code, l: Locals) => void,
): FunctionSpec {
  const l = locals(layout);
  const c = new Code();
  for (let k = 0; k < layout.coefficients; k++)
    c.get(FIRST_COEFFICIENT + k)
      .f64x2Splat()
      .set(l.splat(k));
  prologue?.(c, l);
  // ahead = READ_AHEAD_FROM ≤ run ≤ READ_AHEAD_TO
  c.get(RUN).i32(READ_AHEAD_FROM).i32GeU().get(RUN).i32(READ_AHEAD_TO).i32LeU().i32And();
  c.set(l.ahead);
  c.get(START).set(l.x);
  c.get(START).get(OFFSET).i32Add().set(l.read);
  c.block().loop(); // segments
  c.get(l.x).get(LEN).i32GeU().brIf(1);
  c.get(l.x).get(OFFSET).i32Add().set(l.g);
  c.get(l.x).get(L2).i32Add().set(l.end);
  c.block().loop(); // runs
  c.get(l.g).get(l.end).i32GeU().brIf(1);
  c.get(l.ahead).if();
  // from = g − read ≤ GAP ? read : g (the walk ascends: g ≥ read)
  c.get(l.read).get(l.g).get(l.g).get(l.read).i32Sub().get(GAP).i32LeU().select().set(l.from);
  for (const where of touches) readRun(c, l, where);
  c.get(l.g).get(RUN).i32Add().set(l.read);
  c.end();
  c.get(l.g).set(l.i);
  c.get(l.g).get(RUN).i32Add().set(l.stop);
  // The vectors of the run: a cache line (four) per iteration when the run has whole lines.
  c.get(RUN).i32(LINE).i32GeU().if();
  c.loop();
  for (let k = 0; k < LINE / 16; k++) vector(c, l, body);
  c.get(l.i).get(l.stop).i32LtU().brIf(0);
  c.end();
  c.else();
  c.loop();
  vector(c, l, body);
  c.get(l.i).get(l.stop).i32LtU().brIf(0);
  c.end();
  c.end(); // if
  c.get(l.g).get(STRIDE).i32Add().set(l.g);
  c.br(0).end().end(); // runs
  // x = (((x | mask) + 1) & ~mask) | start
  c.get(l.x).get(MASK).i32Or().i32(1).i32Add();
  c.get(MASK).i32(-1).i32Xor().i32And().get(START).i32Or().set(l.x);
  c.br(0).end().end(); // segments
  c.get(l.acc);
  const params: ValueType[] = [...Array<ValueType>(FIRST_COEFFICIENT).fill(I32)];
  for (let k = 0; k < layout.coefficients; k++) params.push(F64);
  return {
    name,
    params,
    result: F64,
    locals: [
      ...Array<ValueType>(9).fill(I32),
      F64,
      ...Array<ValueType>(layout.coefficients + layout.temps).fill(V128),
    ],
    code: c,
  };
}
