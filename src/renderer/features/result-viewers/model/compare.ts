import { hellingerFidelity, totalVariationDistance } from '../../../../shared/analysis';
import type { Curve, Facet } from './compare-facets';
import { describeModel, facetOf } from './compare-facets';
import { sweepUnit } from '../../../../shared/results/format';
import { commonGrid, interpolate, mergeOnUnion } from './interpolate';
import type { ViewModel } from '../../../state/results/models';
import type { CountTable } from '../../../../shared/results/read';
import { topKIndices } from './top-k';

/*
 * Two results overlaid: distributions with their distances (src/shared/analysis), curves with
 * their difference on a common grid, expectation values side by side.
 */

export interface DistributionComparison {
  kind: 'distribution';
  what: string;
  /** Top outcomes by the larger of the two probabilities, then "other (N outcomes)". */
  categories: string[];
  a: number[];
  b: number[];
  totalVariation: number;
  hellingerFidelity: number;
  /** Distinct outcomes seen in A, in B, in both, and in either. */
  outcomes: { a: number; b: number; both: number; union: number };
  /** What makes the distances less meaningful than they look (different widths). */
  notes: string[];
}

export interface CurveComparison {
  kind: 'curves';
  what: string;
  xLabel: string;
  yLabel: string;
  overlay: {
    x: Float64Array;
    series: Array<{
      label: string;
      side: 'a' | 'b';
      y: Array<number | null>;
      /** Measured points (markers) rather than a curve. */
      markers: boolean;
    }>;
  };
  /** Each side's fitted value in words (two Rabi or T1 runs), when both have a fit. */
  fitted: { label: string; a: string; b: string } | null;
  /** b − a on a common grid, per curve; empty when the x ranges do not overlap. */
  difference: {
    x: Float64Array;
    series: Array<{ label: string; y: Float64Array; maxAbs: number; rms: number }>;
  };
  notes: string[];
}

export interface ValuesComparison {
  kind: 'values';
  what: string;
  rows: Array<{ label: string; a: number | null; b: number | null }>;
}

export type Comparison =
  | DistributionComparison
  | CurveComparison
  | ValuesComparison
  | { kind: 'mismatch'; message: string };

function toMap(c: CountTable): Map<string, number> {
  const m = new Map<string, number>();
  c.keys.forEach((k, i) => m.set(k, (m.get(k) ?? 0) + c.values[i]!));
  return m;
}

function total(m: Map<string, number>): number {
  let s = 0;
  for (const v of m.values()) s += v;
  return s;
}

export function compareDistributions(
  what: string,
  ca: CountTable,
  cb: CountTable,
  k: number,
): DistributionComparison {
  const ma = toMap(ca);
  const mb = toMap(cb);
  const ta = total(ma) || 1;
  const tb = total(mb) || 1;
  const keys = [...new Set([...ma.keys(), ...mb.keys()])];
  const pa = Float64Array.from(keys, (key) => (ma.get(key) ?? 0) / ta);
  const pb = Float64Array.from(keys, (key) => (mb.get(key) ?? 0) / tb);
  const rank = Float64Array.from(pa, (p, i) => Math.max(p, pb[i]!));
  const top = topKIndices(rank, k);
  const categories = Array.from(top, (i) => keys[i]!);
  const a = Array.from(top, (i) => pa[i]!);
  const b = Array.from(top, (i) => pb[i]!);
  if (keys.length > top.length) {
    categories.push(`other (${keys.length - top.length} outcomes)`);
    a.push(Math.max(0, 1 - a.reduce((s, v) => s + v, 0)));
    b.push(Math.max(0, 1 - b.reduce((s, v) => s + v, 0)));
  }
  let both = 0;
  for (const key of ma.keys()) if (mb.has(key)) both++;
  return {
    kind: 'distribution',
    what,
    categories,
    a,
    b,
    totalVariation: totalVariationDistance(ma, mb),
    hellingerFidelity: hellingerFidelity(ma, mb),
    outcomes: { a: ma.size, b: mb.size, both, union: keys.length },
    notes: widthNotes(ma, mb),
  };
}

/** "2-qubit" or "2- to 3-qubit": the widths of a distribution's outcomes (bitstrings). */
function widthsOf(m: Map<string, number>): { min: number; max: number } {
  let min = Infinity;
  let max = 0;
  for (const key of m.keys()) {
    min = Math.min(min, key.length);
    max = Math.max(max, key.length);
  }
  return { min: Number.isFinite(min) ? min : 0, max };
}

/**
 * Two distributions over outcomes of different widths (a 2-qubit and a 10-qubit job) share
 * no outcome by construction: their distance says that, not that the devices disagree.
 */
function widthNotes(ma: Map<string, number>, mb: Map<string, number>): string[] {
  const wa = widthsOf(ma);
  const wb = widthsOf(mb);
  if (wa.min === wb.min && wa.max === wb.max) return [];
  const say = (w: { min: number; max: number }) =>
    w.min === w.max ? `${w.max} bits` : `${w.min} to ${w.max} bits`;
  return [
    `A's outcomes have ${say(wa)} and B's ${say(wb)}: the two jobs measured different numbers of qubits, so they cannot agree outcome by outcome, and the distances above say only that. Compare jobs that measure the same qubits.`,
  ];
}

function pairCurves(a: Curve[], b: Curve[], notes: string[]): Array<[Curve, Curve]> {
  const byLabel = a.every((c) => b.some((d) => d.label === c.label));
  if (a.length !== b.length)
    notes.push(
      `A has ${a.length} curves and B ${b.length}; the first ${Math.min(a.length, b.length)} are compared.`,
    );
  if (byLabel) return a.map((c) => [c, b.find((d) => d.label === c.label)!]);
  return a.slice(0, b.length).map((c, i) => [c, b[i]!]);
}

/** Both sides' durations in the one unit that reads best for the two together. */
function inOneUnit(fa: CurvesFacet, fb: CurvesFacet): [CurvesFacet, CurvesFacet] {
  if (!fa.xInNs) return [fa, fb];
  const ends = [...fa.curves, ...fb.curves].flatMap((c) =>
    c.x.length ? [c.x[0]!, c.x[c.x.length - 1]!] : [],
  );
  const { unit, scale } = sweepUnit(ends);
  const scaled = (f: CurvesFacet): CurvesFacet => ({
    ...f,
    xLabel: `${f.xLabel} (${unit})`,
    curves: f.curves.map((c) => ({ ...c, x: c.x.map((v) => v / scale) })),
  });
  return [scaled(fa), scaled(fb)];
}

type CurvesFacet = Extract<Facet, { kind: 'curves' }>;

export function compareCurves(rawA: CurvesFacet, rawB: CurvesFacet): CurveComparison {
  const [fa, fb] = inOneUnit(rawA, rawB);
  const notes: string[] = [];
  const pairs = pairCurves(fa.curves, fb.curves, notes);
  const series: CurveComparison['overlay']['series'] = [];
  // One x axis for all: the union of every curve's x values (measured points and a fitted
  // curve on its finer grid each keep all of theirs).
  const merged = pairs.map(([ca, cb]) => mergeOnUnion(ca.x, ca.y, cb.x, cb.y));
  const first = merged[0]?.x ?? new Float64Array(0);
  const sameAxis = merged.every(
    (m) => m.x.length === first.length && m.x.every((v, i) => v === first[i]),
  );
  const overlayX = sameAxis
    ? first
    : Float64Array.from(new Set(merged.flatMap((m) => Array.from(m.x)))).sort();
  pairs.forEach(([ca, cb], i) => {
    const m = merged[i]!;
    const onAxis = (x: Float64Array, y: Array<number | null>) => {
      if (sameAxis) return y;
      const at = new Map(Array.from(x, (v, j) => [v, j]));
      return Array.from(overlayX, (v) => (at.has(v) ? y[at.get(v)!]! : null));
    };
    const markers = ca.markers === true;
    series.push({ label: `A: ${ca.label}`, side: 'a', y: onAxis(m.x, m.a), markers });
    series.push({ label: `B: ${cb.label}`, side: 'b', y: onAxis(m.x, m.b), markers });
  });
  const grid = pairs.length ? commonGrid(pairs[0]![0].x, pairs[0]![1].x) : new Float64Array(0);
  if (pairs.length && grid.length === 0)
    notes.push('The two sweeps do not overlap, so there is no difference curve.');
  const diff = grid.length
    ? pairs.map(([ca, cb]) => {
        const ya = interpolate(ca.x, ca.y, grid);
        const y = interpolate(cb.x, cb.y, grid).map((v, i) => v - ya[i]!);
        let maxAbs = 0;
        let sq = 0;
        for (const v of y) {
          maxAbs = Math.max(maxAbs, Math.abs(v));
          sq += v * v;
        }
        return { label: `B − A: ${ca.label}`, y, maxAbs, rms: Math.sqrt(sq / y.length) };
      })
    : [];
  return {
    kind: 'curves',
    what: fa.what,
    xLabel: fa.xLabel,
    yLabel: fa.yLabel,
    overlay: { x: overlayX, series },
    fitted:
      fa.fitted && fb.fitted && fa.fitted.label === fb.fitted.label
        ? { label: fa.fitted.label, a: fa.fitted.value, b: fb.fitted.value }
        : null,
    difference: { x: grid, series: diff },
    notes,
  };
}

/** Compare two results; `k` bars for distributions. */
export { facetOf, describeModel };
export type { Facet, Curve };

export function compareModels(a: ViewModel, b: ViewModel, k = 16): Comparison {
  const fa = facetOf(a);
  const fb = facetOf(b);
  if (
    !fa ||
    !fb ||
    fa.kind !== fb.kind ||
    (fa.kind === 'curves' && fb.kind === 'curves' && fa.what !== fb.what)
  ) {
    const why = !fa
      ? `A is ${describeModel(a)}`
      : !fb
        ? `B is ${describeModel(b)}`
        : `A holds ${fa.what} and B holds ${fb.what}`;
    return {
      kind: 'mismatch',
      message: `These results cannot be overlaid: ${why}${!fa || !fb ? ', which has nothing to overlay' : ''}. Compare two results of the same kind (two sampling results, two time evolutions, two Rabi or two T1 experiments, two variational programs).`,
    };
  }
  if (fa.kind === 'distribution' && fb.kind === 'distribution') {
    const empty = [fa, fb].findIndex((f) => !f.counts.values.some((v) => v > 0));
    if (empty >= 0)
      return {
        kind: 'mismatch',
        message: `${empty === 0 ? 'A' : 'B'} has no counts, so there is no distribution to compare.`,
      };
    return compareDistributions(fa.what, fa.counts, fb.counts, k);
  }
  if (fa.kind === 'curves' && fb.kind === 'curves') return compareCurves(fa, fb);
  const va = fa as Extract<Facet, { kind: 'values' }>;
  const vb = fb as Extract<Facet, { kind: 'values' }>;
  const labels = [...new Set([...va.labels, ...vb.labels])];
  const at = (f: typeof va, l: string) => {
    const i = f.labels.indexOf(l);
    return i >= 0 ? f.values[i]! : null;
  };
  return {
    kind: 'values',
    what: va.what,
    rows: labels.map((label) => ({ label, a: at(va, label), b: at(vb, label) })),
  };
}
