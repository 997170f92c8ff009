/*
 * Ranking outcomes without sorting a million of them: a size-k min-heap keeps the k largest in
 * O(n log k). Ties go to the earlier index, so the ranking is stable and testable.
 */

/** Is (value a, index i) ranked below (value b, index j)? Larger values first, then lower indices. */
function below(values: ArrayLike<number>, i: number, j: number): boolean {
  const a = values[i]!;
  const b = values[j]!;
  return a < b || (a === b && i > j);
}

/** Indices of the `k` largest values, largest first. */
export function topKIndices(values: ArrayLike<number>, k: number): Uint32Array {
  const n = values.length;
  const size = Math.max(0, Math.min(k, n));
  if (size === 0) return new Uint32Array(0);
  // heap[0] is the weakest of the kept ones.
  const heap = new Uint32Array(size);
  let count = 0;
  const siftUp = (pos: number) => {
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (!below(values, heap[pos]!, heap[parent]!)) break;
      [heap[pos], heap[parent]] = [heap[parent]!, heap[pos]!];
      pos = parent;
    }
  };
  const siftDown = (pos: number) => {
    for (;;) {
      const l = 2 * pos + 1;
      const r = l + 1;
      let weakest = pos;
      if (l < count && below(values, heap[l]!, heap[weakest]!)) weakest = l;
      if (r < count && below(values, heap[r]!, heap[weakest]!)) weakest = r;
      if (weakest === pos) return;
      [heap[pos], heap[weakest]] = [heap[weakest]!, heap[pos]!];
      pos = weakest;
    }
  };
  for (let i = 0; i < n; i++) {
    if (count < size) {
      heap[count] = i;
      siftUp(count++);
    } else if (below(values, heap[0]!, i)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((i, j) => (below(values, i, j) ? 1 : below(values, j, i) ? -1 : 0));
}

export interface RankedOutcome {
  key: string;
  value: number;
  /** Index in the original table. */
  index: number;
}

export interface TopK {
  top: RankedOutcome[];
  /** Everything below the top k, summed into one bar; null when nothing is left over. */
  rest: { outcomes: number; value: number } | null;
}

/** The `k` largest outcomes and the rest summed; `keys` is read for the top `k` only. */
export function topKWithRest(
  keys: readonly string[] | ((index: number) => string),
  values: ArrayLike<number>,
  k: number,
): TopK {
  const keyAt = typeof keys === 'function' ? keys : (index: number) => keys[index]!;
  const indices = topKIndices(values, k);
  const top = Array.from(indices, (index) => ({ key: keyAt(index), value: values[index]!, index }));
  const others = values.length - top.length;
  if (others <= 0) return { top, rest: null };
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  let kept = 0;
  for (const t of top) kept += t.value;
  return { top, rest: { outcomes: others, value: total - kept } };
}

/**
 * Every index ordered by value, largest first (ties by index). Integer counts, as sampling
 * results have, go through a counting sort (linear); anything else through a typed-array sort.
 */
export function rankAll(values: ArrayLike<number>): Uint32Array {
  const n = values.length;
  let max = 0;
  let integers = true;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!(v >= 0) || !Number.isInteger(v)) {
      integers = false;
      break;
    }
    if (v > max) max = v;
  }
  const order = new Uint32Array(n);
  if (integers && max <= 4 * n + 1024) {
    const starts = new Uint32Array(max + 2);
    for (let i = 0; i < n; i++) starts[max - values[i]! + 1]!++;
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    for (let i = 0; i < n; i++) order[starts[max - values[i]!]!++] = i;
    return order;
  }
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((i, j) => values[j]! - values[i]! || i - j);
}
