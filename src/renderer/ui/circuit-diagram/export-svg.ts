import type { CircuitDiagram } from '../../../shared/circuit-layout';
import type { Shape } from './shapes';
import { diagramHeight, diagramWidth, itemShapes, wireY } from './shapes';

/** The colours an exported drawing is made with (read from the theme when it is made). */
export interface ExportColours {
  background: string;
  foreground: string;
  muted: string;
  box: string;
  error: string;
}

const LABEL_WIDTH = 40;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function markup(s: Shape): string {
  switch (s.t) {
    case 'rect':
      return `<rect class="${s.cls}" x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="4"/>`;
    case 'line':
      return `<line class="${s.cls}" x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}"/>`;
    case 'circle':
      return `<circle class="${s.cls}" cx="${s.cx}" cy="${s.cy}" r="${s.r}"/>`;
    case 'text':
      return `<text class="${s.cls}" x="${s.x}" y="${s.y}">${escape(s.text)}</text>`;
  }
}

/**
 * The whole circuit as one standalone SVG document (every column, not only those on screen),
 * styled inside itself so it looks the same wherever it is opened.
 */
export function circuitSvgMarkup(circuit: CircuitDiagram, c: ExportColours): string {
  const width = LABEL_WIDTH + diagramWidth(circuit.columns);
  const height = diagramHeight(circuit.nqubits);
  const style = [
    `text{font-family:system-ui,sans-serif;text-anchor:middle;fill:${c.foreground}}`,
    `.wire-label{text-anchor:start;fill:${c.muted};font-size:12px}`,
    `.wire,.connector,.not-cross,.swap{stroke:${c.foreground};stroke-width:1.5}`,
    `.wire{stroke:${c.muted}}`,
    `.control{fill:${c.foreground}}`,
    `.not{fill:none;stroke:${c.foreground};stroke-width:1.5}`,
    `.gate-box{fill:${c.box};stroke:${c.foreground};stroke-width:1.5}`,
    `.unread-box{fill:${c.background};stroke:${c.error};stroke-width:2;stroke-dasharray:4 3}`,
    `.gate-label{font-size:13px}.gate-angle{font-size:9px;fill:${c.muted}}`,
  ].join('');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<style>${style}</style>`,
    `<rect width="100%" height="100%" fill="${c.background}"/>`,
  ];
  for (let q = 0; q < circuit.nqubits; q++) {
    const y = wireY(q);
    parts.push(`<text class="wire-label" x="6" y="${y + 4}">q${q}</text>`);
    parts.push(`<line class="wire" x1="${LABEL_WIDTH}" y1="${y}" x2="${width}" y2="${y}"/>`);
  }
  parts.push(`<g transform="translate(${LABEL_WIDTH} 0)">`);
  for (const item of circuit.items) {
    parts.push(`<g>${itemShapes(item).map(markup).join('')}</g>`);
  }
  parts.push('</g></svg>');
  return parts.join('\n');
}

/** The widest canvas Chromium draws (in pixels, either side). */
const CANVAS_LIMIT = 32_000;

/**
 * The SVG drawn on a canvas, as a PNG: twice the size for sharp text on any screen, smaller for
 * a wide circuit; refused when even half the size would not fit on a canvas. The image is read
 * from a data: URL (the page's CSP allows no blob: images).
 */
export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const scale = Math.min(2, CANVAS_LIMIT / width, CANVAS_LIMIT / height);
  if (scale < 0.5)
    throw new Error(
      `the circuit is too large for a PNG (${width} × ${height} pixels); export it as SVG instead`,
    );
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this window cannot draw on a canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))),
      'image/png',
    ),
  );
}

export const exportSize = (circuit: CircuitDiagram) => ({
  width: LABEL_WIDTH + diagramWidth(circuit.columns),
  height: diagramHeight(circuit.nqubits),
});
