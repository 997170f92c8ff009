import { useMemo } from 'react';
import type { ReactNode } from 'react';
import uPlot from 'uplot';
import { decadesOnly, extent, fitTicks, logRange, themedAxis, tickText } from './axes';
import { ChartFrame } from './ChartFrame';
import type { ChartSpec } from './ChartFrame';
import { seriesColor, withAlpha } from './theme';

export interface BarSeries {
  label: string;
  values: ArrayLike<number>;
  color?: number;
}

export interface BarChartProps {
  title: string;
  ariaLabel: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  xLabel: string;
  yLabel: string;
  logY?: boolean;
  /** How a value reads in the legend and the table (counts, percentages). */
  format?: (v: number) => string;
  height?: number;
  exportName?: string;
  controls?: ReactNode;
  testId?: string;
}

const CHAR_PX = 7;
/** Labels turn vertical when side by side they would need more than this. */
const ROTATE_BUDGET_PX = 560;

/**
 * Bars over named categories (outcomes), grouped side by side when there are two series.
 * Category labels turn vertical when they would not fit, and thin out when bars are narrow.
 */
export function BarChart({
  title,
  ariaLabel,
  categories,
  series,
  xLabel,
  yLabel,
  logY,
  format = tickText,
  height = 320,
  exportName,
  controls,
  testId,
}: BarChartProps) {
  // Long labels (20-bit outcomes) stand vertical under their bars, and the chart grows to keep
  // its plot area; the summed rest is "other" on the axis and spelled out in legend and table.
  const axisLabels = useMemo(
    () => categories.map((c) => (c.startsWith('other (') ? 'other' : c)),
    [categories],
  );
  const longest = axisLabels.reduce((m, c) => Math.max(m, c.length), 0);
  const rotated = longest > 3 && longest * CHAR_PX * categories.length > ROTATE_BUDGET_PX;
  const axisSize = rotated ? longest * CHAR_PX + 28 : 44;
  const spec = useMemo<ChartSpec>(() => {
    const n = categories.length;
    const x = Float64Array.from({ length: n }, (_, i) => i);
    const ys = series.map((s) => Array.from(s.values, (v) => (logY && !(v > 0) ? null : v)));
    const home = { x: [-0.5, n - 0.5] as [number, number] };
    const yMax = extent(ys.flat())?.[1] ?? 1;
    const groups = series.length;
    return {
      data: [x, ...ys] as uPlot.AlignedData,
      interaction: { both: false, home: () => home },
      build: (theme) => {
        return {
          scales: {
            x: {
              time: false,
              range: (_u, min, max) =>
                min === max || (min === 0 && max === n - 1) ? home.x : [min, max],
            },
            y: logY
              ? { distr: 3, range: logRange }
              : { range: (_u, _min, max) => [0, Math.max(max, yMax) * 1.05 || 1] },
          },
          axes: [
            themedAxis(theme, xLabel, {
              rotate: rotated ? -90 : 0,
              size: axisSize,
              splits: (u: uPlot) => {
                const lo = Math.max(0, Math.ceil(u.scales.x?.min ?? 0));
                const hi = Math.min(n - 1, Math.floor(u.scales.x?.max ?? n - 1));
                const width = Math.max(1, u.bbox.width / (devicePixelRatio || 1));
                const perLabel = rotated ? 16 : longest * CHAR_PX + 10;
                const step = Math.max(1, Math.ceil(((hi - lo + 1) * perLabel) / width));
                const out: number[] = [];
                for (let i = lo; i <= hi; i += step) out.push(i);
                return out;
              },
              values: (_u, splits) => splits.map((i) => axisLabels[i] ?? ''),
              grid: { show: false },
            }),
            themedAxis(theme, yLabel, {
              size: fitTicks,
              values: (_u, splits) => splits.map((v) => (v === null ? '' : format(v))),
              ...(logY ? decadesOnly(theme) : {}),
            }),
          ],
          cursor: { drag: { x: true, y: false, setScale: true }, points: { show: false } },
          legend: { live: true },
          series: [
            { label: xLabel, value: (_u, v) => (v === null ? '—' : (categories[v] ?? '')) },
            ...series.map((s, i): uPlot.Series => {
              const color = seriesColor(theme, s.color ?? i);
              return {
                label: s.label,
                stroke: color,
                fill: withAlpha(color, groups > 1 && i > 0 ? 0.45 : 0.8),
                width: 1,
                paths: uPlot.paths.bars!({
                  size: [groups > 1 ? 0.42 : 0.7, 120],
                  align: groups > 1 ? (i === 0 ? -1 : 1) : 0,
                }),
                points: { show: false },
                value: (_u, v) => (v === null ? '—' : format(v)),
              };
            }),
          ],
        };
      },
      table: {
        columns: [
          { key: 'c', label: xLabel },
          ...series.map((s, i) => ({ key: `s${i}`, label: s.label, numeric: true })),
        ],
        rowCount: n,
        row: (r) => [categories[r] ?? '', ...series.map((s) => format(s.values[r]!))],
      },
    };
  }, [categories, axisLabels, series, xLabel, yLabel, logY, format, rotated, axisSize, longest]);
  return (
    <ChartFrame
      title={title}
      ariaLabel={ariaLabel}
      spec={spec}
      height={height + axisSize - 44}
      exportName={exportName}
      controls={controls}
      testId={testId}
    />
  );
}
