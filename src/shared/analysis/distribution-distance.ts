import { quoted } from '../text/quote';
/** Counts (or probabilities) per outcome, e.g. a sampling result's `samples`. */
export type Counts = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

/** Normalise counts to probabilities; throws on negative counts or an empty total. */
export function toProbabilities(counts: Counts): Map<string, number> {
  const entries = counts instanceof Map ? [...counts] : Object.entries(counts);
  let total = 0;
  for (const [key, n] of entries) {
    if (!(n >= 0) || !Number.isFinite(n))
      throw new Error(`count of ${quoted(key)} is not a non-negative number: ${n}`);
    total += n;
  }
  if (!(total > 0)) throw new Error('the distribution is empty');
  return new Map(entries.map(([k, n]) => [k, n / total]));
}

/** ½·Σ|p − q| over the union of outcomes: 0 for equal distributions, 1 for disjoint ones. */
export function totalVariationDistance(a: Counts, b: Counts): number {
  const p = toProbabilities(a);
  const q = toProbabilities(b);
  let s = 0;
  for (const k of new Set([...p.keys(), ...q.keys()]))
    s += Math.abs((p.get(k) ?? 0) - (q.get(k) ?? 0));
  return Math.min(1, s / 2);
}

/** Bhattacharyya coefficient Σ√(p·q). */
function bhattacharyya(a: Counts, b: Counts): number {
  const p = toProbabilities(a);
  const q = toProbabilities(b);
  let s = 0;
  for (const [k, pk] of p) s += Math.sqrt(pk * (q.get(k) ?? 0));
  return Math.min(1, s);
}

/** Hellinger distance √(1 − Σ√(p·q)), in [0, 1]. */
export function hellingerDistance(a: Counts, b: Counts): number {
  return Math.sqrt(Math.max(0, 1 - bhattacharyya(a, b)));
}

/** Hellinger fidelity (1 − H²)² = (Σ√(p·q))², Qiskit's measure for comparing histograms. */
export function hellingerFidelity(a: Counts, b: Counts): number {
  return bhattacharyya(a, b) ** 2;
}
