import type uPlot from 'uplot';
import type { ChartTheme } from './theme';

/** Tick values in six significant digits at most, exponent form when very small or large. */
export function tickText(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  if (v === 0) return '0';
  const abs = Math.abs(v);
  if (abs >= 1e6 || abs < 1e-3) return v.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
  return String(Number(v.toPrecision(6)));
}

/** Width of a y axis that fits its longest tick label and its title (uPlot asks per redraw). */
export function fitTicks(_u: uPlot, values: string[] | null): number {
  const longest = (values ?? []).reduce((m, v) => Math.max(m, String(v ?? '').length), 0);
  return Math.max(44, longest * 7 + 34);
}

/** An axis in the theme's colours. */
export function themedAxis(
  theme: ChartTheme,
  label: string,
  extra: Partial<uPlot.Axis> = {},
): uPlot.Axis {
  return {
    label,
    stroke: theme.muted,
    font: theme.font,
    labelFont: theme.font.replace(/^(\d+px)/, '600 $1'),
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    values: (_u, splits) => splits.map(tickText),
    ...extra,
  };
}

/** The legend's value for a point: '—' where the series has none. */
export function legendValue(_u: uPlot, v: number | null): string {
  return v === null || v === undefined ? '—' : tickText(v);
}

/** [min, max] of finite values (null when there are none). */
export function extent(values: ArrayLike<number | null>): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

/** A range with some air around it (and a width even for one value). */
export function padded([lo, hi]: [number, number], fraction = 0.05): [number, number] {
  const span = hi - lo || Math.abs(hi) || 1;
  return [lo - span * fraction, hi + span * fraction];
}

/** On a log axis, lines and labels at powers of ten only: the 2…9 steps between are noise. */
export function decadesOnly(theme: ChartTheme): Partial<uPlot.Axis> {
  const decades: uPlot.Axis.Filter = (_u, splits) =>
    splits.map((v) =>
      v > 0 && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? v : null,
    );
  return {
    filter: decades,
    grid: { stroke: theme.grid, width: 1, filter: decades },
    ticks: { stroke: theme.grid, width: 1, filter: decades },
  };
}

/** A log scale over whole decades, so the smallest bar still stands above the axis. */
export const logRange: uPlot.Scale.Range = (_u, min, max) =>
  min > 0 && max > 0
    ? [10 ** Math.floor(Math.log10(min) - 1e-9), 10 ** Math.ceil(Math.log10(max) + 1e-9)]
    : [1, 10];
