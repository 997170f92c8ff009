import { useEffect, useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useThemeKey } from '../charts/theme';
import { useElementSize } from '../charts/use-element-size';
import type { ColumnDensity } from './overview';
import { densityBars, windowMark } from './overview';

const HEIGHT = 16;

/** The scroller's state, in its pixels: where the view starts, how wide it is, of how much. */
export interface ScrollState {
  left: number;
  width: number;
  total: number;
}

function draw(canvas: HTMLCanvasElement, density: ColumnDensity, width: number) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * dpr));
  canvas.height = Math.round(HEIGHT * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const css = getComputedStyle(canvas);
  const colour = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const h = canvas.height;
  const bars = densityBars(density, canvas.width);
  ctx.clearRect(0, 0, canvas.width, h);
  ctx.fillStyle = colour('--fg-muted', '#888');
  for (let x = 0; x < bars.length; x++) {
    const bar = bars[x]!;
    if (bar > 0) ctx.fillRect(x, h - Math.max(1, bar * h), 1, Math.max(1, bar * h));
  }
  ctx.fillStyle = colour('--err', '#d33');
  const per = canvas.width / Math.max(density.columns, 1);
  for (const c of density.problems) ctx.fillRect(Math.floor(c * per), 0, Math.max(2, per), h);
}

/**
 * A thin strip under a wide circuit: how full each stretch of it is (a bar per pixel, red where
 * a gate has a problem) and the part in view, marked. Click or drag moves the view; focused,
 * it is a slider: the arrows move a quarter of the view, Page Up/Down a whole one, Home/End to
 * the ends. Drawn once per circuit and width: scrolling only moves the mark.
 */
export function OverviewStrip({
  density,
  scroll,
  columnWidth,
  onScrollTo,
}: {
  density: ColumnDensity;
  scroll: ScrollState;
  /** One column's width in the scroller's pixels (the zoom applied). */
  columnWidth: number;
  onScrollTo: (left: number) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const grab = useRef<number | null>(null);
  const { width } = useElementSize(host);
  const themeKey = useThemeKey();
  useEffect(() => {
    if (canvas.current && width > 0) draw(canvas.current, density, width);
  }, [density, width, themeKey]);

  const mark = windowMark(scroll, width);
  const toStrip = (clientX: number) => clientX - (host.current?.getBoundingClientRect().left ?? 0);
  const moveMarkTo = (markLeft: number) =>
    width > 0 && onScrollTo((markLeft / width) * scroll.total);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const x = toStrip(e.clientX);
    // On the mark, it is dragged from where it was taken; elsewhere it centres on the pointer.
    grab.current = x >= mark.left && x <= mark.left + mark.width ? x - mark.left : mark.width / 2;
    e.currentTarget.setPointerCapture(e.pointerId);
    moveMarkTo(x - grab.current);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (grab.current !== null) moveMarkTo(toStrip(e.clientX) - grab.current);
  };
  const release = () => (grab.current = null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by: Record<string, number> = {
      ArrowLeft: -scroll.width / 4,
      ArrowRight: scroll.width / 4,
      PageUp: -scroll.width,
      PageDown: scroll.width,
      Home: -scroll.total,
      End: scroll.total,
    };
    const step = by[e.key];
    if (step === undefined) return;
    e.preventDefault();
    onScrollTo(scroll.left + step);
  };

  // The columns in view, also those only partly in it.
  const first = Math.floor(scroll.left / columnWidth);
  const last = Math.min(density.columns, Math.ceil((scroll.left + scroll.width) / columnWidth));
  const shown = Math.max(1, Math.floor(scroll.width / columnWidth));
  return (
    <div
      ref={host}
      className="circuit-overview"
      role="slider"
      tabIndex={0}
      aria-label="Circuit overview: the columns in view"
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={Math.max(0, density.columns - shown)}
      aria-valuenow={first}
      aria-valuetext={`Columns ${first + 1} to ${last} of ${density.columns.toLocaleString('en')}`}
      title="Click or drag to move the view; with the focus here, the arrows and Page Up/Down move it"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={release}
      onPointerCancel={release}
      onKeyDown={onKeyDown}
      data-testid="circuit-overview"
    >
      <canvas ref={canvas} className="circuit-overview-bars" style={{ height: HEIGHT }} />
      <div
        className="circuit-overview-mark"
        style={{ left: mark.left, width: mark.width }}
        aria-hidden="true"
      />
    </div>
  );
}
