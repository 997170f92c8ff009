import type { Node } from 'yaml';
import { isMap, isScalar } from 'yaml';
import type { Gate } from './circuit';
import type { CompactItems } from '../yaml/compact-items';
import { GATES } from './declaration';
import type { GateName, GateShape } from './declaration';

/*
 * The common gate read straight from its node: a mapping tagged with a plain gate's tag
 * (`!RY {qubit: 3, theta: 0.25}`), exactly its keys, each an untagged finite number, the qubits
 * integers in the circuit, control and target apart, the angles not whole numbers (whether
 * `1` or `1.0` was written, an int or a float to the SDK, only the text says). A megabyte of gates is nearly all such
 * gates, and the general reader (a reference per field, each field's read in its own attempt,
 * made to report every problem with its place) allocated as much as the document itself.
 * Anything else, and every gate with a problem, returns null and goes to the general reader,
 * which says what is wrong and where; so the fast path never decides anything the general one
 * would not. `test/unit/shared/dialect/plain-gate.test.ts` holds the two to the same gates.
 */

/** The keys of each plain gate in reading order: its qubit keys, then its angles. */
interface PlainShape {
  name: GateName;
  shape: GateShape;
  keys: readonly string[];
}
const KEYS = new Map<string, PlainShape>();
for (const [name, shape] of Object.entries(GATES) as [GateName, GateShape][]) {
  if (shape.qubitKeys === 'pair') continue;
  const qubitKeys = shape.qubitKeys === 'qubit' ? ['qubit'] : ['control', 'target'];
  KEYS.set(`!${name}`, { name, shape, keys: [...qubitKeys, ...shape.angles] });
}

/** The number under `key` when it is an untagged finite number, else undefined. */
function plainNumber(
  map: { items: { key: unknown; value: unknown }[] },
  key: string,
): number | undefined {
  for (const pair of map.items) {
    const k = pair.key;
    if (!isScalar(k) || k.value !== key) continue;
    const v = pair.value;
    if (!isScalar(v) || v.tag !== undefined || typeof v.value !== 'number') return undefined;
    return Number.isFinite(v.value) ? v.value : undefined;
  }
  return undefined;
}

/**
 * The numbers of the gate being read, in `known.keys` order (NaN: missing or not a plain
 * finite number), filled by one of the two readers below; as long as the longest key list.
 */
const values = new Float64Array(Math.max(...[...KEYS.values()].map((k) => k.keys.length)));

/** The gate `node` is when it is a plain gate without a problem (see above), else null. */
export function readPlainGate(node: Node | null, path: string, nqubits: number): Gate | null {
  if (!isMap(node) || typeof node.tag !== 'string') return null;
  const known = KEYS.get(node.tag);
  if (!known || node.items.length !== known.keys.length) return null;
  for (let k = 0; k < known.keys.length; k++) values[k] = plainNumber(node, known.keys[k]!) ?? NaN;
  return plainGate(known, path, nqubits);
}

/**
 * The gate compact item `i` of a gate list is (compact-items.ts: a tag and untagged numbers,
 * no node made) when it is a plain gate without a problem, else null: the same answer
 * `readPlainGate` gives for the item's node.
 */
export function readCompactGate(
  items: CompactItems,
  i: number,
  path: string,
  nqubits: number,
): Gate | null {
  const tag = items.tags[i];
  const known = tag === undefined ? undefined : KEYS.get(tag);
  const first = items.firsts[i]!;
  const after = items.firsts[i + 1]!;
  if (!known || after - first !== known.keys.length) return null;
  for (let k = 0; k < known.keys.length; k++) {
    values[k] = NaN;
    for (let e = first; e < after; e++)
      if (items.keys[e] === known.keys[k]) values[k] = items.numbers[e]!;
  }
  return plainGate(known, path, nqubits);
}

/** The gate of shape `known` from `values`, or null when a number is missing or wrong. */
function plainGate(known: PlainShape, path: string, nqubits: number): Gate | null {
  const qubitCount = known.shape.qubitKeys === 'qubit' ? 1 : 2;
  // Arrays of their exact length: filled by push, each took seventeen slots.
  const qubits = new Array<number>(qubitCount);
  const angles = new Array<{ kind: 'const'; value: number }>(known.keys.length - qubitCount);
  for (let k = 0; k < known.keys.length; k++) {
    const value = values[k]!;
    if (Number.isNaN(value)) return null;
    if (k < qubitCount) {
      if (!Number.isInteger(value) || value < 0 || value >= nqubits) return null;
      qubits[k] = value;
    } else if (Number.isInteger(value)) {
      // `theta: 1` is a Python int to the SDK, `theta: 1.0` a float: only the text tells, and
      // the general reader reads it.
      return null;
    } else angles[k - qubitCount] = { kind: 'const', value };
  }
  if (qubitCount === 2 && qubits[0] === qubits[1]) return null;
  return { name: known.name, qubits, angles, path };
}
