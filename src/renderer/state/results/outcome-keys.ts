import type { SamplingModel, ViewModel } from './models';
import type { CountTable } from '../../../shared/results/read';

/*
 * A sampling result's outcomes cross from the decoding worker packed: bit strings of one width
 * (up to 32 qubits) as numbers in a Uint32Array, transferred rather than copied. A million
 * outcome strings took the window ~0.15 s to deserialise, a freeze while the histogram appeared;
 * 4 MB of numbers take no time. In the window a packed table's `keys` is built on first use
 * (exports, compare) and the viewer reads only the outcomes it draws (`outcomeAt`).
 */

interface Packed {
  bits: Uint32Array;
  width: number;
}

/** The form a packed table has while it crosses: no `keys`, the bits instead. */
interface PackedWire {
  packed: Packed;
  values: Float64Array;
}

/** Packed tables in this window, and their bits. */
const packedTables = new WeakMap<CountTable, Packed>();

/** The outcome `bits` as the result wrote it: `width` characters, qubit 0 leftmost. */
function bitString(bits: number, width: number): string {
  return bits.toString(2).padStart(width, '0');
}

function pack(keys: readonly string[]): Packed | null {
  const width = keys[0]?.length ?? 0;
  if (width === 0 || width > 32) return null;
  const bits = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key.length !== width) return null;
    let v = 0;
    for (let c = 0; c < width; c++) {
      const ch = key.charCodeAt(c);
      if (ch !== 48 && ch !== 49) return null;
      v = v * 2 + (ch - 48);
    }
    bits[i] = v;
  }
  return { bits, width };
}

/** Every sampling model inside `model` (a variational optimum, a functional result's readouts). */
function samplingModels(model: ViewModel | null, out: SamplingModel[] = []): SamplingModel[] {
  if (!model) return out;
  if (model.kind === 'sampling') out.push(model);
  else if (model.kind === 'variational') samplingModels(model.inner, out);
  else if (model.kind === 'functional') {
    for (const r of model.readouts) samplingModels(r, out);
    for (const step of model.intermediate) for (const r of step.readouts) samplingModels(r, out);
  }
  return out;
}

/**
 * In the worker, before the model is posted: its sampling tables whose outcomes are bit strings
 * of one width are packed in place. Returns the buffers to transfer.
 */
export function packOutcomes(model: ViewModel): ArrayBuffer[] {
  const transfer: ArrayBuffer[] = [];
  const packTable = (table: CountTable | null): CountTable | null => {
    const packed = table && pack(table.keys);
    if (!table || !packed) return table;
    transfer.push(packed.bits.buffer as ArrayBuffer);
    const wire: PackedWire = { packed, values: table.values };
    return wire as unknown as CountTable;
  };
  for (const m of samplingModels(model)) {
    m.counts = packTable(m.counts)!;
    m.probabilities = packTable(m.probabilities);
  }
  return transfer;
}

/** In the window, when the model arrives: packed tables get their `keys`, built on first use. */
export function unpackOutcomes(model: ViewModel): ViewModel {
  const unpack = (table: CountTable | null): CountTable | null => {
    const wire = table as unknown as PackedWire | null;
    if (!wire?.packed) return table;
    const { bits, width } = wire.packed;
    const out = { values: wire.values } as CountTable;
    Object.defineProperty(out, 'keys', {
      enumerable: true,
      configurable: true,
      get() {
        const keys = Array.from(bits, (b) => bitString(b, width));
        Object.defineProperty(out, 'keys', { value: keys, enumerable: true, writable: true });
        return keys;
      },
    });
    packedTables.set(out, wire.packed);
    return out;
  };
  for (const m of samplingModels(model)) {
    m.counts = unpack(m.counts)!;
    m.probabilities = unpack(m.probabilities);
  }
  return model;
}

/** How many outcomes the table holds. */
export function outcomeCount(table: CountTable): number {
  return table.values.length;
}

/** The outcome at `index`, without building every other one of a packed table. */
export function outcomeAt(table: CountTable, index: number): string {
  const packed = packedTables.get(table);
  return packed ? bitString(packed.bits[index]!, packed.width) : table.keys[index]!;
}

/** The bit width all outcomes share (a readout result does not say nqubits), or null. */
export function outcomeWidth(table: CountTable): number | null {
  const packed = packedTables.get(table);
  if (packed) return packed.width;
  const w = table.keys[0]?.length;
  return w !== undefined && table.keys.every((k) => k.length === w) ? w : null;
}

/**
 * Indices of outcomes matching `query` in `order`, at most `max`: a bitstring prefix with `?`
 * or `x` for any bit, or else any part of the outcome. Null for an empty query.
 */
export function matchOutcomes(
  table: CountTable,
  order: ArrayLike<number>,
  query: string,
  max: number,
): number[] | null {
  const q = query.trim();
  if (!q) return null;
  const isPattern = /^[01?xX]+$/.test(q);
  const out: number[] = [];
  const packed = packedTables.get(table);
  if (packed) {
    // Bit strings hold nothing but 0 and 1: only a pattern can match, tested on the numbers.
    if (!isPattern || q.length > packed.width) return out;
    let mask = 0;
    let want = 0;
    for (let c = 0; c < q.length; c++) {
      if (q[c] !== '0' && q[c] !== '1') continue;
      const bit = 2 ** (packed.width - 1 - c);
      mask += bit;
      if (q[c] === '1') want += bit;
    }
    for (let k = 0; k < order.length && out.length < max; k++) {
      const i = order[k]!;
      if ((packed.bits[i]! & mask) >>> 0 === want) out.push(i);
    }
    return out;
  }
  const pattern = isPattern ? new RegExp(`^${q.replace(/[?xX]/g, '.')}`) : null;
  for (let k = 0; k < order.length && out.length < max; k++) {
    const i = order[k]!;
    const key = table.keys[i]!;
    if (pattern ? pattern.test(key) : key.includes(q)) out.push(i);
  }
  return out;
}

/**
 * The reported value (a readout's probability) of each outcome of `counts`, by its index there.
 * Tables packed alike in the same order (as a result writes them) are read by index; otherwise
 * through a map by outcome.
 */
export function valuesByOutcome(
  counts: CountTable,
  reported: CountTable,
): (index: number) => number | undefined {
  const a = packedTables.get(counts);
  const b = packedTables.get(reported);
  if (a && b) {
    let same = a.width === b.width && a.bits.length === b.bits.length;
    for (let i = 0; same && i < a.bits.length; i++) same = a.bits[i] === b.bits[i];
    if (same) return (i) => reported.values[i];
    const byBits = new Map<number, number>();
    b.bits.forEach((bits, i) => byBits.set(bits, reported.values[i]!));
    return (i) => (a.width === b.width ? byBits.get(a.bits[i]!) : undefined);
  }
  const byKey = new Map<string, number>();
  for (let i = 0; i < reported.values.length; i++)
    byKey.set(outcomeAt(reported, i), reported.values[i]!);
  return (i) => byKey.get(outcomeAt(counts, i));
}
