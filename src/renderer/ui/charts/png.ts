import uPlot from 'uplot';
import type { ChartTheme } from './theme';

export interface LegendItem {
  label: string;
  color: string;
  dash?: number[];
}

/**
 * The chart as a PNG: uPlot's canvas (plot and axes) on the theme's background, with the title
 * above and the series legend below, at the screen's pixel ratio.
 */
export function chartPng(
  u: uPlot,
  title: string,
  legend: readonly LegendItem[],
  theme: ChartTheme,
): Promise<Blob> {
  const src = u.ctx.canvas;
  const r = uPlot.pxRatio || 1;
  const pad = 12 * r;
  const titleH = 24 * r;
  const rowH = 18 * r;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('this browser cannot draw a canvas for the PNG'));
  // Lay the legend out in rows that fit the width.
  ctx.font = theme.font.replace(/(\d+)px/, (_m, px: string) => `${Number(px) * r}px`);
  const rows: Array<Array<{ item: LegendItem; x: number }>> = [[]];
  let x = pad;
  for (const item of legend) {
    const w = 28 * r + ctx.measureText(item.label).width + 16 * r;
    if (x + w > src.width + pad && rows.at(-1)!.length) {
      rows.push([]);
      x = pad;
    }
    rows.at(-1)!.push({ item, x });
    x += w;
  }
  canvas.width = src.width + 2 * pad;
  canvas.height =
    pad + titleH + src.height + (legend.length ? rows.length * rowH + pad / 2 : 0) + pad;
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = theme.fg;
  ctx.textBaseline = 'middle';
  ctx.font = `600 ${13 * r}px ${theme.font.replace(/^\d+px\s*/, '')}`;
  ctx.fillText(title, pad, pad + titleH / 2);
  ctx.drawImage(src, pad, pad + titleH);
  ctx.font = theme.font.replace(/(\d+)px/, (_m, px: string) => `${Number(px) * r}px`);
  rows.forEach((row, i) => {
    const y = pad + titleH + src.height + pad / 2 + i * rowH + rowH / 2;
    for (const { item, x: left } of row) {
      ctx.strokeStyle = item.color;
      ctx.lineWidth = 2 * r;
      ctx.setLineDash((item.dash ?? []).map((d) => d * r));
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(left + 20 * r, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = theme.fg;
      ctx.fillText(item.label, left + 26 * r, y);
    }
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be encoded'))),
      'image/png',
    ),
  );
}
