import type { SdkMap, SdkNode } from '../node';

/*
 * The order ruamel's representer gives a dict's entries: `sorted(mapping.items())` in Python, and
 * the insertion order when that raises TypeError. Items are (key, value) tuples, so two entries
 * compare by their keys (by their values only when the keys are equal, which a dict's keys are
 * not). Python orders str by code point, numbers (int, float, bool) numerically and tuples item by
 * item (the first unequal items decide, else the shorter tuple comes first); `<` between anything
 * else (None, objects, a str and a number) raises. Whether a sort raises can depend on which pairs
 * it happens to compare, so `pythonSort` makes the very comparisons CPython's list.sort makes.
 */

type Entry = readonly [SdkNode, SdkNode];

/** Thrown by `pyLess` where Python's `<` raises TypeError. */
const UNORDERABLE = new Error('unorderable');

const TUPLE = '!tuple';
/** The SDK's Pauli operators compare equal by kind and qubit (`PauliOperator.__eq__`). */
const PAULI_TAG = /^!Pauli[IXYZ]$/;

function isNumber(node: SdkNode): boolean {
  return (
    node.tag === null && (node.kind === 'int' || node.kind === 'float' || node.kind === 'bool')
  );
}

function numberOf(node: SdkNode): number | bigint {
  if (node.kind === 'bool') return node.value ? 1n : 0n;
  if (node.kind === 'int' || node.kind === 'float') return node.value;
  throw UNORDERABLE;
}

/** Python's exact comparison of ints and floats (no rounding of large ints). */
function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number')
    return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
  const [big, float, flip] =
    typeof a === 'bigint' ? [a, b as number, 1] : [b as bigint, a as number, -1];
  if (Number.isNaN(float)) return NaN;
  if (float === Infinity) return -flip;
  if (float === -Infinity) return flip;
  const floor = BigInt(Math.floor(float));
  const order = big < floor ? -1 : big > floor ? 1 : Number.isInteger(float) ? 0 : -1;
  return order * flip;
}

/** Code-point order of two strings (UTF-16 order differs past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function isTuple(node: SdkNode): node is Extract<SdkNode, { kind: 'seq' }> {
  return node.kind === 'seq';
}

/** Python's `a == b` for the values these nodes stand for (identity first, as CPython does). */
export function pyEqual(a: SdkNode, b: SdkNode): boolean {
  if (a === b) return true;
  if (isNumber(a) && isNumber(b)) return compareNumbers(numberOf(a), numberOf(b)) === 0;
  if (a.tag !== b.tag) return false;
  if (a.kind === 'str' && b.kind === 'str') return a.tag === null && a.value === b.value;
  if (a.kind === 'null' && b.kind === 'null') return a.tag === null;
  if (isTuple(a) && isTuple(b)) {
    return a.items.length === b.items.length && a.items.every((x, i) => pyEqual(x, b.items[i]!));
  }
  if (a.kind === 'map' && b.kind === 'map' && a.tag !== null && PAULI_TAG.test(a.tag)) {
    const qubit = (m: SdkMap) => m.entries.find(([k]) => k.kind === 'str' && k.value === '_qubit');
    const [qa, qb] = [qubit(a), qubit(b)];
    return !!qa && !!qb && pyEqual(qa[1], qb[1]);
  }
  return false;
}

/** Python's `a < b`; throws UNORDERABLE where Python raises TypeError. */
export function pyLess(a: SdkNode, b: SdkNode): boolean {
  if (isNumber(a) && isNumber(b)) return compareNumbers(numberOf(a), numberOf(b)) < 0;
  if (a.kind === 'str' && b.kind === 'str' && a.tag === null && b.tag === null) {
    return compareCodePoints(a.value, b.value) < 0;
  }
  if (isTuple(a) && isTuple(b) && a.tag === b.tag && (a.tag === TUPLE || a.tag === null)) {
    const n = Math.min(a.items.length, b.items.length);
    for (let i = 0; i < n; i++) {
      const [x, y] = [a.items[i]!, b.items[i]!];
      if (!pyEqual(x, y)) return pyLess(x, y);
    }
    return a.items.length < b.items.length;
  }
  throw UNORDERABLE;
}

function entryLess(a: Entry, b: Entry): boolean {
  return pyEqual(a[0], b[0]) ? pyLess(a[1], b[1]) : pyLess(a[0], b[0]);
}

// CPython's list.sort (3.11/3.12): count the run at the start, extend it to `minrun` by binary
// insertion, merge runs. Below 64 items it is one binary insertion sort, made comparison for
// comparison. Longer lists are merged here without galloping: the same order when every pair
// compares, and the same TypeError in every case the SDK produces (keys that do not compare at
// all); only a list of 64 or more partly comparable keys could differ.

function countRun(a: Entry[], lo: number, hi: number): number {
  if (lo + 1 === hi) return 1;
  let n = 2;
  if (entryLess(a[lo + 1]!, a[lo]!)) {
    for (let i = lo + 2; i < hi && entryLess(a[i]!, a[i - 1]!); i++) n++;
    a.splice(lo, n, ...a.slice(lo, lo + n).reverse());
  } else {
    for (let i = lo + 2; i < hi && !entryLess(a[i]!, a[i - 1]!); i++) n++;
  }
  return n;
}

function binaryInsertion(a: Entry[], lo: number, hi: number, start: number): void {
  for (let i = start; i < hi; i++) {
    const pivot = a[i]!;
    let l = lo;
    let r = i;
    do {
      const p = l + ((r - l) >> 1);
      if (entryLess(pivot, a[p]!)) r = p;
      else l = p + 1;
    } while (l < r);
    a.copyWithin(l + 1, l, i);
    a[l] = pivot;
  }
}

function minRun(n: number): number {
  let r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

function merge(left: Entry[], right: Entry[]): Entry[] {
  const out: Entry[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    out.push(entryLess(right[j]!, left[i]!) ? right[j++]! : left[i++]!);
  }
  return out.concat(left.slice(i), right.slice(j));
}

function timsortLike(entries: readonly Entry[]): Entry[] {
  const a = entries.slice();
  const n = a.length;
  const min = minRun(n);
  const runs: Entry[][] = [];
  for (let lo = 0; lo < n;) {
    let run = countRun(a, lo, n);
    if (run < min) {
      const force = Math.min(min, n - lo);
      binaryInsertion(a, lo, lo + force, lo + run);
      run = force;
    }
    runs.push(a.slice(lo, lo + run));
    lo += run;
  }
  while (runs.length > 1) runs.splice(-2, 2, merge(runs[runs.length - 2]!, runs[runs.length - 1]!));
  return runs[0] ?? [];
}

function allStrKeys(entries: readonly Entry[]): boolean {
  return entries.every(([k]) => k.kind === 'str' && k.tag === null);
}

/**
 * A mapping's entries in the order ruamel writes them: Python's `sorted()` of its items, or the
 * entries as they are when Python cannot order them. Returns the same array when nothing moves.
 */
export function pythonSortedEntries(entries: readonly Entry[]): readonly Entry[] {
  if (entries.length < 2) return entries;
  if (allStrKeys(entries)) {
    let sorted = true;
    for (let i = 1; i < entries.length && sorted; i++) {
      const [a, b] = [entries[i - 1]![0], entries[i]![0]] as [{ value: string }, { value: string }];
      sorted = compareCodePoints(a.value, b.value) < 0;
    }
    if (sorted) return entries;
    const out = entries.slice();
    out.sort((x, y) =>
      compareCodePoints((x[0] as { value: string }).value, (y[0] as { value: string }).value),
    );
    return out;
  }
  try {
    return timsortLike(entries);
  } catch (e) {
    if (e === UNORDERABLE) return entries;
    throw e;
  }
}
