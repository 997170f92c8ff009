/*
 * The few pieces of the WebAssembly binary format the kernels need (wasm-kernels.ts writes the
 * functions): a module that imports one shared memory and exports functions. Writing the bytes
 * here keeps the engine free of a toolchain and of binary files: the module is built at start
 * (a few kilobytes, well under a millisecond) and compiled once per thread.
 */

export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export type ValueType = typeof I32 | typeof F64 | typeof V128;

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer. */
export function sleb(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

/** One function's body, instruction by instruction (the opcodes the kernels use). */
export class Code {
  readonly bytes: number[] = [];

  private op(...b: number[]): this {
    this.bytes.push(...b);
    return this;
  }
  private simd(code: number, ...rest: number[]): this {
    return this.op(0xfd, ...uleb(code), ...rest);
  }

  get(local: number): this {
    return this.op(0x20, ...uleb(local));
  }
  set(local: number): this {
    return this.op(0x21, ...uleb(local));
  }
  i32(n: number): this {
    return this.op(0x41, ...sleb(n));
  }
  f64(n: number): this {
    return this.op(0x44, ...new Uint8Array(new Float64Array([n]).buffer));
  }
  /** Structured control: a block (br 0 leaves it), a loop (br 0 repeats it), an if. */
  block(): this {
    return this.op(0x02, 0x40);
  }
  loop(): this {
    return this.op(0x03, 0x40);
  }
  if(): this {
    return this.op(0x04, 0x40);
  }
  else(): this {
    return this.op(0x05);
  }
  end(): this {
    return this.op(0x0b);
  }
  br(depth: number): this {
    return this.op(0x0c, ...uleb(depth));
  }
  brIf(depth: number): this {
    return this.op(0x0d, ...uleb(depth));
  }
  select(): this {
    return this.op(0x1b);
  }
  i32Sub(): this {
    return this.op(0x6b);
  }
  i32Add(): this {
    return this.op(0x6a);
  }
  i32And(): this {
    return this.op(0x71);
  }
  i32Or(): this {
    return this.op(0x72);
  }
  i32Xor(): this {
    return this.op(0x73);
  }
  i32LtU(): this {
    return this.op(0x49);
  }
  i32GeU(): this {
    return this.op(0x4f);
  }
  i32LeU(): this {
    return this.op(0x4d);
  }
  f64Load(): this {
    return this.op(0x2b, 3, 0);
  }
  f64Add(): this {
    return this.op(0xa0);
  }
  v128Load(): this {
    return this.simd(0x00, 4, 0);
  }
  v128Store(): this {
    return this.simd(0x0b, 4, 0);
  }
  /** Lanes of two vectors by byte index (0–15 the first, 16–31 the second). */
  shuffle(lanes: readonly number[]): this {
    return this.simd(0x0d, ...lanes);
  }
  f64x2Splat(): this {
    return this.simd(0x14);
  }
  /** Replaces one lane of the vector under the f64 on the stack. */
  f64x2ReplaceLane(lane: 0 | 1): this {
    return this.simd(0x22, lane);
  }
  f64x2Add(): this {
    return this.simd(0xf0);
  }
  f64x2Sub(): this {
    return this.simd(0xf1);
  }
  f64x2Mul(): this {
    return this.simd(0xf2);
  }
}

export interface FunctionSpec {
  name: string;
  params: ValueType[];
  result: ValueType | null;
  /** Locals after the parameters, in order. */
  locals: ValueType[];
  code: Code;
}

/** A module importing `e.m` (a shared memory of up to 4 GiB) and exporting the functions. */
export function moduleBytes(functions: readonly FunctionSpec[]): Uint8Array {
  const types = functions.map((f) => [
    0x60,
    ...vector(f.params.map((p) => [p])),
    ...vector(f.result === null ? [] : [[f.result]]),
  ]);
  const imports = [[...name('e'), ...name('m'), 0x02, 0x03, ...uleb(1), ...uleb(65536)]];
  const bodies = functions.map((f) => {
    const locals = vector(f.locals.map((t) => [1, t]));
    const body = [...locals, ...f.code.bytes, 0x0b];
    return [...uleb(body.length), ...body];
  });
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(2, vector(imports)),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(7, vector(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))),
    ...section(10, vector(bodies)),
  ]);
}
