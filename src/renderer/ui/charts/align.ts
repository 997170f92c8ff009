/**
 * Series with x values of their own (measured points and a fitted curve, two jobs' sweeps) on
 * the one x array uPlot wants: the sorted union of all x, each series null where it has no
 * point. Series without their own x use the shared one.
 */
export interface XY {
  x?: ArrayLike<number>;
  y: ArrayLike<number | null>;
}

function isSorted(x: ArrayLike<number>): boolean {
  for (let i = 1; i < x.length; i++) if (!(x[i - 1]! <= x[i]!)) return false;
  return true;
}

export function alignSeries(
  sharedX: ArrayLike<number>,
  series: readonly XY[],
): { x: number[]; ys: Array<Array<number | null>> } {
  if (series.every((s) => !s.x || s.x === sharedX)) {
    if (isSorted(sharedX))
      return { x: Array.from(sharedX), ys: series.map((s) => Array.from(s.y)) };
  }
  const own = series.map((s) => s.x ?? sharedX);
  const all = new Set<number>();
  for (const x of own)
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]!)) all.add(x[i]!);
  const x = [...all].sort((a, b) => a - b);
  const index = new Map(x.map((v, i) => [v, i]));
  const ys = series.map((s, k) => {
    const out = new Array<number | null>(x.length).fill(null);
    const xs = own[k]!;
    for (let i = 0; i < xs.length; i++) {
      const at = index.get(xs[i]!);
      if (at !== undefined) out[at] = s.y[i] ?? null;
    }
    return out;
  });
  return { x, ys };
}
