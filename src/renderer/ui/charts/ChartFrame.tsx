import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DataTable } from './DataTable';
import type { Column } from './DataTable';
import { downloadBlob, fileSlug } from '../download';
import { cursorBindings, interactionPlugin, panBy, resetView, zoomBy } from './interactions';
import type { InteractionOptions } from './interactions';
import { chartPng } from './png';
import type { LegendItem } from './png';
import type { ChartTheme } from './theme';
import { readChartTheme, useThemeKey } from './theme';
import { useElementSize } from './use-element-size';
import './charts.css';

/** What a chart kind (line, scatter, bars) hands the frame. */
export interface ChartSpec {
  /** uPlot options without size, built for the current theme. */
  build: (theme: ChartTheme) => Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  interaction: InteractionOptions;
  /** The same data as a table. */
  table: { columns: readonly Column[]; rowCount: number; row: (i: number) => ReactNode[] };
}

export interface ChartFrameProps {
  title: string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  spec: ChartSpec;
  height?: number;
  /** File name stem for the PNG. */
  exportName?: string;
  /** Controls of the chart's own (log scale, top K), placed in its toolbar. */
  controls?: ReactNode;
  /** Elements over the plot (positioned by the chart kind, e.g. a focusable control per point). */
  overlay?: ReactNode;
  testId?: string;
}

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const WHEEL_HINT = `${MAC ? '⌘' : 'Ctrl'}+wheel to zoom, or click the chart first`;

/** Where the wheel hint goes in the chart: at the pointer's height, inside the plot. */
function hintTop(plot: HTMLElement, clientY: number): number {
  const top = clientY - plot.getBoundingClientRect().top - 16;
  return Math.max(0, Math.min(top, plot.clientHeight - 32));
}

function legendOf(options: Omit<uPlot.Options, 'width' | 'height'>): LegendItem[] {
  return options.series.slice(1).flatMap((s) =>
    s.show === false || typeof s.label !== 'string'
      ? []
      : [
          {
            label: s.label,
            color:
              typeof s.stroke === 'string'
                ? s.stroke
                : typeof s.fill === 'string'
                  ? s.fill
                  : '#888',
            dash: s.dash,
          },
        ],
  );
}

/**
 * A uPlot chart with everything around it: title, toolbar (zoom, reset, table, PNG), keyboard
 * control, a size that follows its container and colours that follow the theme.
 */
export function ChartFrame({
  title,
  ariaLabel,
  spec,
  height = 300,
  exportName,
  controls,
  overlay,
  testId,
}: ChartFrameProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const themeKey = useThemeKey();
  const { width } = useElementSize(host);
  const [showTable, setShowTable] = useState(false);
  const [pngError, setPngError] = useState<string | null>(null);
  // Shown for a moment when the wheel scrolled past the chart: how to zoom instead.
  const [wheelHint, setWheelHint] = useState<number | null>(null);
  const hintTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pointerY = useRef(0);
  const showingHint = wheelHint !== null;
  useEffect(
    () => () => {
      if (hintTimer.current) clearTimeout(hintTimer.current);
    },
    [],
  );
  // The hint stays beside the pointer, which stays put while the page scrolls under it.
  useEffect(() => {
    const el = host.current;
    if (!showingHint || !el) return;
    const follow = () => setWheelHint(hintTop(el, pointerY.current));
    document.addEventListener('scroll', follow, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', follow, { capture: true });
  }, [showingHint]);
  const hintId = useId();
  const tableId = useId();
  const hasWidth = width > 0;
  // Read again whenever the theme key changes (the key itself carries no colours).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const theme = useMemo(() => readChartTheme(), [themeKey]);

  // Built afresh when the data, the options or the theme change; only resized otherwise.
  useEffect(() => {
    const el = host.current;
    if (!el || !hasWidth) return;
    const options = spec.build(theme);
    const u = new uPlot(
      {
        ...options,
        width: Math.floor(el.clientWidth),
        height,
        cursor: {
          ...options.cursor,
          bind: { ...options.cursor?.bind, ...cursorBindings(spec.interaction) },
        },
        plugins: [
          ...(options.plugins ?? []),
          interactionPlugin(spec.interaction, (e) => {
            pointerY.current = e.clientY;
            setWheelHint(hintTop(el, e.clientY));
            if (hintTimer.current) clearTimeout(hintTimer.current);
            hintTimer.current = setTimeout(() => setWheelHint(null), 1500);
          }),
        ],
        hooks: {
          ...options.hooks,
          // The visible x range, for tests and tools that read the page (the canvas says nothing).
          setScale: [
            ...(options.hooks?.setScale ?? []),
            (plot: uPlot, key: string) => {
              const scale = plot.scales[key];
              if (key === 'x' && scale?.min != null && scale.max != null)
                el.dataset['xRange'] = `${scale.min} ${scale.max}`;
            },
          ],
        },
      },
      spec.data,
      el,
    );
    plot.current = u;
    return () => {
      u.destroy();
      if (plot.current === u) plot.current = null;
    };
  }, [spec, theme, height, hasWidth]);

  useEffect(() => {
    if (plot.current && width > 0) plot.current.setSize({ width: Math.floor(width), height });
  }, [width, height]);

  const withPlot = (fn: (u: uPlot) => void) => {
    const u = plot.current;
    if (u) fn(u);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const u = plot.current;
    if (!u) return;
    const i = spec.interaction;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => panBy(u, i, -0.1),
      ArrowRight: () => panBy(u, i, 0.1),
      ArrowUp: () => (i.both ? panBy(u, i, 0, 0.1) : zoomBy(u, i, 0.8)),
      ArrowDown: () => (i.both ? panBy(u, i, 0, -0.1) : zoomBy(u, i, 1.25)),
      '+': () => zoomBy(u, i, 0.8),
      '=': () => zoomBy(u, i, 0.8),
      '-': () => zoomBy(u, i, 1.25),
      '0': () => resetView(u, i),
      Home: () => resetView(u, i),
    };
    const move = moves[e.key];
    if (move && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      move();
    }
  };
  const savePng = async () => {
    const u = plot.current;
    if (!u) return;
    try {
      setPngError(null);
      const blob = await chartPng(u, title, legendOf(spec.build(theme)), theme);
      downloadBlob(blob, `${fileSlug(exportName ?? title)}.png`);
    } catch (error) {
      setPngError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <figure className="chart-frame" data-testid={testId}>
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        <span className="chart-tools">
          {controls}
          {/* The view's own tools wrap as one group, never one button alone on a line. */}
          <span className="chart-view-tools">
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              onClick={() => withPlot((u) => zoomBy(u, spec.interaction, 0.8))}
              aria-label={`Zoom in: ${title}`}
              title="Zoom in (+)"
            >
              +
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              onClick={() => withPlot((u) => zoomBy(u, spec.interaction, 1.25))}
              aria-label={`Zoom out: ${title}`}
              title="Zoom out (−)"
            >
              −
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => withPlot((u) => resetView(u, spec.interaction))}
              title="Show all data (0 or double-click)"
            >
              Reset
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((s) => !s)}
            >
              {showTable ? 'Hide table' : 'Table'}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => void savePng()}>
              PNG
            </button>
          </span>
        </span>
      </figcaption>
      <div className="chart-plot-wrap">
        <div
          ref={host}
          className="chart-plot"
          role="img"
          tabIndex={0}
          aria-label={ariaLabel}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          data-chart-title={title}
        />
        {overlay}
        {wheelHint !== null ? (
          <p
            className="chart-wheel-hint"
            style={{ top: wheelHint }}
            aria-hidden="true"
            data-testid="chart-wheel-hint"
          >
            {WHEEL_HINT}
          </p>
        ) : null}
      </div>
      <p id={hintId} className="chart-hint">
        Drag to zoom, shift-drag or middle-drag to pan, {WHEEL_HINT.toLowerCase()}, double-click to
        reset. With the chart focused: arrows pan, + and − zoom, 0 resets.
      </p>
      {pngError ? (
        <p className="callout callout-err" role="alert">
          The PNG could not be made: {pngError}
        </p>
      ) : null}
      {showTable ? (
        <div id={tableId}>
          <DataTable
            caption={`${title}: data`}
            columns={spec.table.columns}
            rowCount={spec.table.rowCount}
            row={spec.table.row}
          />
        </div>
      ) : null}
    </figure>
  );
}
