import type uPlot from 'uplot';

/*
 * Zoom and pan beyond uPlot's built-in drag-to-zoom: Ctrl/Cmd+wheel (or the wheel once the chart
 * was clicked into) zooms around the pointer, shift-drag or the middle button pans, double-click
 * returns to the whole data, and the same moves are available from the keyboard (ChartFrame)
 * through `zoomBy` / `panBy` / `resetView`. A plain wheel scrolls the page past the chart.
 */

export type Range = [min: number, max: number];

export interface ViewHome {
  x: Range;
  /** Only for charts that zoom both axes (scatter); others let y follow the visible data. */
  y?: Range;
}

export interface InteractionOptions {
  /** Zoom and pan the y axis as well (the IQ plane). */
  both: boolean;
  /** The whole data, where reset returns to. */
  home: (u: uPlot) => ViewHome;
  /** A distr 3 (log) scale zooms in log space. */
  log?: { x?: boolean; y?: boolean };
}

const fwd = (log: boolean | undefined, v: number) => (log ? Math.log10(v) : v);
const back = (log: boolean | undefined, v: number) => (log ? 10 ** v : v);

function scaleRange(u: uPlot, key: string): Range | null {
  const s = u.scales[key];
  return s && s.min != null && s.max != null ? [s.min, s.max] : null;
}

/** Zoom one scale by `factor` (< 1 zooms in) around the value at `anchor` (0..1 of the range). */
function zoomScale(u: uPlot, key: string, factor: number, anchor: number, log?: boolean): void {
  const r = scaleRange(u, key);
  if (!r) return;
  const [a, b] = [fwd(log, r[0]), fwd(log, r[1])];
  const at = a + (b - a) * anchor;
  const min = at - (at - a) * factor;
  const max = at + (b - at) * factor;
  if (!(max - min > Math.abs(at) * 1e-12 + 1e-300)) return;
  u.setScale(key, { min: back(log, min), max: back(log, max) });
}

function shiftScale(u: uPlot, key: string, fraction: number, log?: boolean): void {
  const r = scaleRange(u, key);
  if (!r) return;
  const [a, b] = [fwd(log, r[0]), fwd(log, r[1])];
  const d = (b - a) * fraction;
  u.setScale(key, { min: back(log, a + d), max: back(log, b + d) });
}

export function zoomBy(
  u: uPlot,
  opts: InteractionOptions,
  factor: number,
  anchorX = 0.5,
  anchorY = 0.5,
): void {
  u.batch(() => {
    zoomScale(u, 'x', factor, anchorX, opts.log?.x);
    if (opts.both) zoomScale(u, 'y', factor, anchorY, opts.log?.y);
  });
}

export function panBy(u: uPlot, opts: InteractionOptions, fx: number, fy = 0): void {
  u.batch(() => {
    if (fx) shiftScale(u, 'x', fx, opts.log?.x);
    if (fy && opts.both) shiftScale(u, 'y', fy, opts.log?.y);
  });
}

export function resetView(u: uPlot, opts: InteractionOptions): void {
  const home = opts.home(u);
  u.batch(() => {
    u.setScale('x', { min: home.x[0], max: home.x[1] });
    if (home.y) u.setScale('y', { min: home.y[0], max: home.y[1] });
  });
}

/**
 * Whether a wheel turn over the chart zooms it. A long result is read by scrolling, and a chart
 * that took every wheel turn would stop the page under the pointer: as maps and plotting tools
 * do, the wheel zooms only with Ctrl/Cmd held (a trackpad pinch arrives so too) or once the
 * chart was clicked into, until the pointer leaves it.
 */
export function wheelZooms(e: Pick<WheelEvent, 'ctrlKey' | 'metaKey'>, engaged: boolean): boolean {
  return e.ctrlKey || e.metaKey || engaged;
}

/**
 * The uPlot plugin: wheel zoom (see `wheelZooms`), shift/middle-drag pan, double-click reset.
 * `onPlainWheel` is told when a wheel turn scrolled instead (and where), to say how to zoom.
 */
export function interactionPlugin(
  opts: InteractionOptions,
  onPlainWheel?: (e: WheelEvent) => void,
): uPlot.Plugin {
  return {
    hooks: {
      ready: (u) => {
        const over = u.over;
        let engaged = false;
        over.addEventListener('pointerdown', () => {
          engaged = true;
        });
        over.addEventListener('pointerleave', () => {
          engaged = false;
        });
        over.addEventListener(
          'wheel',
          (e) => {
            if (!wheelZooms(e, engaged)) {
              onPlainWheel?.(e);
              return;
            }
            e.preventDefault();
            const rect = over.getBoundingClientRect();
            const ax = rect.width ? (e.clientX - rect.left) / rect.width : 0.5;
            const ay = rect.height ? 1 - (e.clientY - rect.top) / rect.height : 0.5;
            zoomBy(u, opts, e.deltaY < 0 ? 0.8 : 1.25, ax, ay);
          },
          { passive: false },
        );
        over.addEventListener('mousedown', (e) => {
          if (!(e.shiftKey || e.button === 1)) return;
          e.preventDefault();
          const startX = scaleRange(u, 'x');
          const startY = scaleRange(u, 'y');
          if (!startX) return;
          const rect = over.getBoundingClientRect();
          const x0 = e.clientX;
          const y0 = e.clientY;
          const move = (m: MouseEvent) => {
            const fx = -(m.clientX - x0) / Math.max(rect.width, 1);
            const fy = (m.clientY - y0) / Math.max(rect.height, 1);
            u.batch(() => {
              const lx = opts.log?.x;
              const [a, b] = [fwd(lx, startX[0]), fwd(lx, startX[1])];
              u.setScale('x', { min: back(lx, a + (b - a) * fx), max: back(lx, b + (b - a) * fx) });
              if (opts.both && startY) {
                const ly = opts.log?.y;
                const [c, d] = [fwd(ly, startY[0]), fwd(ly, startY[1])];
                u.setScale('y', {
                  min: back(ly, c + (d - c) * fy),
                  max: back(ly, d + (d - c) * fy),
                });
              }
            });
          };
          const up = () => {
            document.removeEventListener('mousemove', move);
            document.removeEventListener('mouseup', up);
          };
          document.addEventListener('mousemove', move);
          document.addEventListener('mouseup', up);
        });
      },
    },
  };
}

/** uPlot cursor bindings: leave shift/middle drags to panning, and reset on double-click. */
export function cursorBindings(opts: InteractionOptions): uPlot.Cursor.Bind {
  return {
    mousedown: (_u, _target, handler) => (e) => {
      if (e.shiftKey || e.button === 1) return null;
      handler(e);
      return null;
    },
    dblclick: (u) => () => {
      resetView(u, opts);
      return null;
    },
  };
}
