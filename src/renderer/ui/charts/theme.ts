import { useSyncExternalStore } from 'react';

/**
 * Chart colours come from CSS variables (theme.css and charts.css), read when a chart is built.
 * uPlot draws on a canvas, which does not follow CSS: charts rebuild when the theme changes.
 */
export interface ChartTheme {
  fg: string;
  muted: string;
  grid: string;
  bg: string;
  accent: string;
  /** Series colours, in order; dashed or marked series tell A from B without colour alone. */
  palette: string[];
  font: string;
}

const PALETTE_SIZE = 8;

export function readChartTheme(el: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const palette = Array.from({ length: PALETTE_SIZE }, (_, i) =>
    v(
      `--chart-${i + 1}`,
      ['#2559c7', '#c05a1c', '#17703d', '#8a3fb5', '#b42323', '#0b6e74', '#7a6500', '#5a6270'][i]!,
    ),
  );
  return {
    fg: v('--fg', '#1b2130'),
    muted: v('--fg-muted', '#556072'),
    grid: v('--chart-grid', v('--border', '#cfd5de')),
    bg: v('--bg-elevated', '#ffffff'),
    accent: v('--accent', '#2559c7'),
    palette,
    font: `11px ${v('--font', 'system-ui, sans-serif')}`,
  };
}

export function seriesColor(theme: ChartTheme, index: number): string {
  return theme.palette[index % theme.palette.length]!;
}

/** `rgba()` of a colour with some transparency (for bar fills and fit bands). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const n = parseInt(hex[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class', 'style'],
  });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', onChange);
  };
}

function snapshot(): string {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  return `${document.documentElement.getAttribute('data-theme') ?? 'auto'}:${dark ? 'dark' : 'light'}`;
}

/** A key that changes whenever the colours may have changed (theme switch, OS preference). */
export function useThemeKey(): string {
  return useSyncExternalStore(subscribe, snapshot, () => 'server');
}
