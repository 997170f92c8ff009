import { useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import type uPlot from 'uplot';
import { alignSeries } from './align';
import { seriesPickPlugin } from './pick-series';
import { decadesOnly, extent, fitTicks, legendValue, themedAxis, tickText } from './axes';
import { ChartFrame } from './ChartFrame';
import type { ChartSpec } from './ChartFrame';
import { seriesColor } from './theme';

export interface LineSeries {
  label: string;
  y: ArrayLike<number | null>;
  /** Own x values (a fitted curve on a finer grid than the data); else the chart's x. */
  x?: ArrayLike<number>;
  /** Palette index (default: the series' position). */
  color?: number;
  dash?: number[];
  /** Markers only, no line (measured points under a fit). */
  markers?: boolean;
  width?: number;
}

export interface LineChartProps {
  title: string;
  ariaLabel: string;
  x: ArrayLike<number>;
  series: readonly LineSeries[];
  xLabel: string;
  yLabel: string;
  logY?: boolean;
  /** x counts things (iterations, inputs): ticks on whole numbers only. */
  integerX?: boolean;
  height?: number;
  exportName?: string;
  controls?: ReactNode;
  testId?: string;
  /** A click on a line picks its series (its place in `series`); a drag still zooms. */
  onSeriesClick?: (series: number) => void;
}

/** Lines (and marker-only series) over one x axis; zoom, pan, hover values in the legend. */
export function LineChart({
  title,
  ariaLabel,
  x,
  series,
  xLabel,
  yLabel,
  logY,
  integerX,
  height,
  exportName,
  controls,
  testId,
  onSeriesClick,
}: LineChartProps) {
  // The latest handler, so a new one from each render does not build the chart again.
  const pick = useRef(onSeriesClick);
  useEffect(() => {
    pick.current = onSeriesClick;
  });
  const pickable = onSeriesClick !== undefined;
  const spec = useMemo<ChartSpec>(() => {
    const aligned = alignSeries(x, series);
    const ys = aligned.ys.map((y) => (logY ? y.map((v) => (v !== null && v > 0 ? v : null)) : y));
    const xr = extent(aligned.x) ?? [0, 1];
    const data = [aligned.x, ...ys] as uPlot.AlignedData;
    return {
      data,
      interaction: { both: false, home: () => ({ x: xr }), log: { y: logY } },
      build: (theme) => ({
        scales: { x: { time: false }, y: { distr: logY ? 3 : 1 } },
        axes: [
          themedAxis(
            theme,
            xLabel,
            integerX
              ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000] }
              : {},
          ),
          themedAxis(theme, yLabel, { size: fitTicks, ...(logY ? decadesOnly(theme) : {}) }),
        ],
        cursor: { drag: { x: true, y: false, setScale: true } },
        legend: { live: true },
        plugins: pickable ? [seriesPickPlugin((i) => pick.current?.(i))] : [],
        series: [
          { label: xLabel, value: (_u, v) => tickText(v) },
          ...series.map((s, i): uPlot.Series => {
            const color = seriesColor(theme, s.color ?? i);
            return {
              label: s.label,
              stroke: color,
              width: s.width ?? 1.6,
              dash: s.dash,
              spanGaps: true,
              value: legendValue,
              ...(s.markers
                ? { paths: () => null, points: { show: true, size: 6, stroke: color, fill: color } }
                : {
                    points: {
                      show: (u: uPlot) =>
                        aligned.x.length < u.bbox.width / 8 / (devicePixelRatio || 1),
                    },
                  }),
            };
          }),
        ],
      }),
      table: {
        columns: [
          { key: 'x', label: xLabel, numeric: true },
          ...series.map((s, i) => ({ key: `s${i}`, label: s.label, numeric: true })),
        ],
        rowCount: aligned.x.length,
        row: (r) => [
          tickText(aligned.x[r]),
          ...aligned.ys.map((y) => (y[r] === null ? '—' : tickText(y[r]))),
        ],
      },
    };
  }, [x, series, xLabel, yLabel, logY, integerX, pickable]);
  return (
    <ChartFrame
      title={title}
      ariaLabel={ariaLabel}
      spec={spec}
      height={height}
      exportName={exportName}
      controls={controls}
      testId={testId}
    />
  );
}
