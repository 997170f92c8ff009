import type uPlot from 'uplot';

/** How far from a line (CSS pixels) a click still picks it. */
const REACH = 8;

function segmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The series (uPlot's index, 1 and up) whose drawn line passes nearest the point (CSS pixels in
 * the plot area), within `reach`; undefined when none does. Vertical steps count as drawn.
 */
export function nearestSeries(u: uPlot, left: number, top: number, reach = REACH) {
  const xs = u.data[0];
  let best: { index: number; distance: number } | undefined;
  for (let s = 1; s < u.series.length; s++) {
    const series = u.series[s];
    const ys = u.data[s];
    if (!series || series.show === false || !ys) continue;
    const scale = series.scale ?? 'y';
    let prev: [number, number] | null = null;
    for (let j = 0; j < xs.length; j++) {
      const y = ys[j];
      if (y === null || y === undefined) continue;
      const point: [number, number] = [u.valToPos(xs[j]!, 'x'), u.valToPos(y, scale)];
      const d = prev
        ? segmentDistance(left, top, prev[0], prev[1], point[0], point[1])
        : Math.hypot(left - point[0], top - point[1]);
      if (d <= reach && (!best || d < best.distance)) best = { index: s, distance: d };
      prev = point;
    }
  }
  return best?.index;
}

/**
 * Clicking a line picks its series (`onPick` gets its place in the chart's series, from 0); the
 * pointer shows a hand over a line. A drag (the chart's zoom) picks nothing.
 */
export function seriesPickPlugin(onPick: (series: number) => void): uPlot.Plugin {
  return {
    hooks: {
      ready: [
        (u) => {
          let down: { x: number; y: number } | null = null;
          const at = (e: MouseEvent) => {
            const r = u.over.getBoundingClientRect();
            return nearestSeries(u, e.clientX - r.left, e.clientY - r.top);
          };
          u.over.addEventListener('mousedown', (e) => (down = { x: e.clientX, y: e.clientY }));
          u.over.addEventListener('mousemove', (e) => {
            u.over.style.cursor = at(e) === undefined ? '' : 'pointer';
          });
          u.over.addEventListener('click', (e) => {
            const dragged = down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > 3;
            down = null;
            const s = dragged ? undefined : at(e);
            if (s !== undefined) onPick(s - 1);
          });
        },
      ],
    },
  };
}
