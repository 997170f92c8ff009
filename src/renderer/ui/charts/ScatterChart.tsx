import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { extent, fitTicks, padded, themedAxis, tickText } from './axes';
import { ChartFrame } from './ChartFrame';
import type { ChartSpec } from './ChartFrame';
import { seriesColor, withAlpha } from './theme';

export interface ScatterSeries {
  label: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** A third value per point, named in the hover readout (e.g. the drive duration). */
  z?: ArrayLike<number>;
  color?: number;
}

export interface ScatterChartProps {
  title: string;
  ariaLabel: string;
  series: readonly ScatterSeries[];
  xLabel: string;
  yLabel: string;
  zLabel?: string;
  height?: number;
  exportName?: string;
  testId?: string;
}

interface Hover {
  series: number;
  index: number;
}

/**
 * Points in the plane (uPlot's faceted mode: x need not be sorted). Both axes zoom and pan;
 * hovering names the nearest point, found in screen space so it stays right when zoomed.
 */
export function ScatterChart({
  title,
  ariaLabel,
  series,
  xLabel,
  yLabel,
  zLabel,
  height = 320,
  exportName,
  testId,
}: ScatterChartProps) {
  const [hover, setHover] = useState<Hover | null>(null);
  const spec = useMemo<ChartSpec>(() => {
    const xr = padded(extent(series.flatMap((s) => Array.from(s.x))) ?? [0, 1]);
    const yr = padded(extent(series.flatMap((s) => Array.from(s.y))) ?? [0, 1]);
    const data = [
      null,
      ...series.map((s) => [Array.from(s.x), Array.from(s.y)]),
    ] as unknown as uPlot.AlignedData;
    let frame = 0;
    const nearest = (u: uPlot) => {
      const { left, top } = u.cursor;
      if (left === undefined || top === undefined || left < 0) return setHover(null);
      let best: Hover | null = null;
      let bestD = 20 * 20;
      series.forEach((s, k) => {
        for (let i = 0; i < s.x.length; i++) {
          const dx = u.valToPos(s.x[i]!, 'x') - left;
          const dy = u.valToPos(s.y[i]!, 'y') - top;
          const d = dx * dx + dy * dy;
          if (d < bestD) [best, bestD] = [{ series: k, index: i }, d];
        }
      });
      setHover(best);
    };
    return {
      data,
      interaction: { both: true, home: () => ({ x: xr, y: yr }) },
      build: (theme) => ({
        mode: 2 as uPlot.Mode,
        scales: { x: { time: false, auto: false, range: xr }, y: { auto: false, range: yr } },
        axes: [themedAxis(theme, xLabel), themedAxis(theme, yLabel, { size: fitTicks })],
        cursor: { drag: { x: true, y: true, uni: 30, setScale: true }, points: { show: false } },
        legend: { show: false },
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: seriesColor(theme, s.color ?? i),
            paths: () => null,
          })),
        ],
        hooks: {
          draw: [
            (u: uPlot) => {
              const ctx = u.ctx;
              const { left, top, width, height: h } = u.bbox;
              const r = 3 * (devicePixelRatio || 1);
              ctx.save();
              ctx.beginPath();
              ctx.rect(left, top, width, h);
              ctx.clip();
              series.forEach((s, k) => {
                const color = seriesColor(theme, s.color ?? k);
                ctx.fillStyle = withAlpha(color, 0.55);
                ctx.strokeStyle = color;
                const path = new Path2D();
                for (let i = 0; i < s.x.length; i++) {
                  const cx = u.valToPos(s.x[i]!, 'x', true);
                  const cy = u.valToPos(s.y[i]!, 'y', true);
                  if (cx < left - r || cx > left + width + r || cy < top - r || cy > top + h + r)
                    continue;
                  path.moveTo(cx + r, cy);
                  path.arc(cx, cy, r, 0, 2 * Math.PI);
                }
                ctx.fill(path);
                if (s.x.length <= 2000) ctx.stroke(path);
              });
              ctx.restore();
            },
          ],
          setCursor: [
            (u: uPlot) => {
              cancelAnimationFrame(frame);
              frame = requestAnimationFrame(() => nearest(u));
            },
          ],
        },
      }),
      table: {
        columns: [
          ...(series.length > 1 ? [{ key: 's', label: 'Series' }] : []),
          ...(zLabel ? [{ key: 'z', label: zLabel, numeric: true }] : []),
          { key: 'x', label: xLabel, numeric: true },
          { key: 'y', label: yLabel, numeric: true },
        ],
        rowCount: series.reduce((n, s) => n + s.x.length, 0),
        row: (r) => {
          let k = 0;
          while (r >= series[k]!.x.length) r -= series[k++]!.x.length;
          const s = series[k]!;
          return [
            ...(series.length > 1 ? [s.label] : []),
            ...(zLabel ? [s.z ? tickText(s.z[r]) : '—'] : []),
            tickText(s.x[r]),
            tickText(s.y[r]),
          ];
        },
      },
    };
  }, [series, xLabel, yLabel, zLabel]);

  const point = hover ? series[hover.series] : undefined;
  return (
    <div className="scatter">
      <ChartFrame
        title={title}
        ariaLabel={ariaLabel}
        spec={spec}
        height={height}
        exportName={exportName}
        testId={testId}
      />
      <p className="scatter-readout" aria-live="off">
        {point && hover ? (
          <>
            {series.length > 1 ? `${point.label}: ` : ''}
            {zLabel && point.z ? `${zLabel} ${tickText(point.z[hover.index])}, ` : ''}
            {xLabel} {tickText(point.x[hover.index])}, {yLabel} {tickText(point.y[hover.index])}
          </>
        ) : (
          'Hover a point to read its values.'
        )}
      </p>
    </div>
  );
}
