import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { extent, fitTicks, padded, themedAxis, tickText } from './axes';
import { ChartFrame } from './ChartFrame';
import type { ChartSpec } from './ChartFrame';
import { seriesColor } from './theme';

export interface TrendPoint {
  /** Handed back to `onActivate`. */
  key: number;
  /** When, ms since the epoch. */
  t: number;
  y: number;
  /** One-sigma error, drawn as a bar (null: none known). */
  err: number | null;
  /** What the point is, in words (its control's accessible name and tooltip). */
  label: string;
}

export interface TrendChartProps {
  title: string;
  ariaLabel: string;
  points: readonly TrendPoint[];
  yLabel: string;
  /** Activating a point (click, Enter, Space). */
  onActivate: (key: number) => void;
  /** Points drawn as picked (a ring). */
  picked?: ReadonlySet<number>;
  height?: number;
  exportName?: string;
  testId?: string;
}

interface Placed {
  index: number;
  left: number;
  top: number;
}

const HOUR_S = 3600;

/**
 * Values over time with ±σ error bars, on the app's chart frame (zoom, pan, table, PNG). Each
 * point is also a button over the canvas: Tab reaches the series, arrows move between points,
 * Enter opens one. Buttons follow zoom and pan; a point outside the view has none.
 */
export function TrendChart({
  title,
  ariaLabel,
  points,
  yLabel,
  onActivate,
  picked,
  height = 260,
  exportName,
  testId,
}: TrendChartProps) {
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [active, setActive] = useState(0);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const spec = useMemo<ChartSpec>(() => {
    const xs = points.map((p) => p.t / 1000);
    const ys = points.map((p) => p.y);
    const lows = points.map((p) => p.y - (p.err ?? 0));
    const highs = points.map((p) => p.y + (p.err ?? 0));
    const [x0, x1] = extent(xs) ?? [0, 1];
    // One point, or several at one time: an hour either side, so the axis reads as time.
    const xr: [number, number] = x1 - x0 > 0 ? padded([x0, x1], 0.06) : [x0 - HOUR_S, x1 + HOUR_S];
    const yr = padded(extent([...lows, ...highs]) ?? [0, 1], 0.12);
    const place = (u: uPlot) => {
      const wrap = u.root.parentElement?.parentElement;
      if (!wrap) return;
      const base = wrap.getBoundingClientRect();
      const over = u.over.getBoundingClientRect();
      const out: Placed[] = [];
      points.forEach((p, index) => {
        const left = u.valToPos(p.t / 1000, 'x');
        const top = u.valToPos(p.y, 'y');
        if (left < -1 || left > over.width + 1 || top < -1 || top > over.height + 1) return;
        out.push({ index, left: over.left - base.left + left, top: over.top - base.top + top });
      });
      setPlaced((was) =>
        was.length === out.length &&
        was.every(
          (w, i) => w.index === out[i]!.index && w.left === out[i]!.left && w.top === out[i]!.top,
        )
          ? was
          : out,
      );
    };
    return {
      data: [xs, ys] as uPlot.AlignedData,
      interaction: { both: false, home: () => ({ x: xr }) },
      build: (theme) => {
        const color = seriesColor(theme, 0);
        const errorBars = (u: uPlot) => {
          const { ctx } = u;
          const px = devicePixelRatio || 1;
          ctx.save();
          ctx.strokeStyle = color;
          ctx.lineWidth = 1.5 * px;
          ctx.beginPath();
          for (const p of points) {
            if (p.err === null || !(p.err > 0)) continue;
            const x = u.valToPos(p.t / 1000, 'x', true);
            const lo = u.valToPos(p.y - p.err, 'y', true);
            const hi = u.valToPos(p.y + p.err, 'y', true);
            const cap = 4 * px;
            ctx.moveTo(x, lo);
            ctx.lineTo(x, hi);
            ctx.moveTo(x - cap, lo);
            ctx.lineTo(x + cap, lo);
            ctx.moveTo(x - cap, hi);
            ctx.lineTo(x + cap, hi);
          }
          ctx.stroke();
          ctx.restore();
        };
        // Time ticks as uPlot writes them (dates and hours), in the theme's colours.
        const { values: _numbers, ...timeAxis } = themedAxis(theme, 'Time');
        return {
          scales: { x: { time: true, range: () => xr }, y: { range: () => yr } },
          axes: [timeAxis, themedAxis(theme, yLabel, { size: fitTicks })],
          cursor: { drag: { x: true, y: false, setScale: true } },
          legend: { show: false },
          series: [
            {},
            {
              label: yLabel,
              stroke: color,
              width: 1,
              dash: [3, 4],
              value: (_u, v) => tickText(v),
              points: { show: true, size: 8, stroke: color, fill: color },
            },
          ],
          hooks: { draw: [errorBars, place] },
        };
      },
      table: {
        columns: [
          { key: 't', label: 'Time' },
          { key: 'y', label: yLabel, numeric: true },
          { key: 'e', label: '± σ', numeric: true },
        ],
        rowCount: points.length,
        row: (r) => {
          const p = points[r]!;
          return [
            new Date(p.t).toLocaleString(),
            tickText(p.y),
            p.err === null ? '—' : tickText(p.err),
          ];
        },
      },
    };
  }, [points, yLabel]);

  const focusPoint = (index: number) => {
    const target = Math.max(0, Math.min(points.length - 1, index));
    setActive(target);
    buttons.current.get(target)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowDown: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index + 1,
      Home: 0,
      End: points.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    focusPoint(next);
  };
  // The point in the tab order: the one last moved to, if it is in view; else the newest in view.
  const tabIndex = placed.some((p) => p.index === active) ? active : (placed.at(-1)?.index ?? -1);

  const overlay = (
    <div
      className="trend-points"
      role="group"
      aria-label={`${title}: points (arrows move, Enter opens)`}
    >
      {placed.map(({ index, left, top }) => {
        const p = points[index]!;
        return (
          <button
            key={p.key}
            ref={(el) => {
              if (el) buttons.current.set(index, el);
              else buttons.current.delete(index);
            }}
            type="button"
            className={`trend-point${picked?.has(p.key) ? ' is-picked' : ''}`}
            style={{ left, top }}
            tabIndex={index === tabIndex ? 0 : -1}
            aria-label={p.label}
            title={p.label}
            data-key={p.key}
            onFocus={() => setActive(index)}
            onKeyDown={(e) => onKeyDown(e, index)}
            onClick={() => onActivate(p.key)}
          />
        );
      })}
    </div>
  );

  return (
    <ChartFrame
      title={title}
      ariaLabel={ariaLabel}
      spec={spec}
      height={height}
      exportName={exportName}
      overlay={overlay}
      testId={testId}
    />
  );
}
