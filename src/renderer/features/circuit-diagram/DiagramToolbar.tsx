import type { CircuitDiagram } from '../../../shared/circuit-layout';
import { downloadBlob, downloadText } from '../../ui/download';
import { circuitSvgMarkup, exportSize, svgToPng } from '../../ui/circuit-diagram/export-svg';
import type { ExportColours } from '../../ui/circuit-diagram/export-svg';

export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** The theme's colours now, for a drawing that must look the same outside the app. */
function themeColours(): ExportColours {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--bg-elevated', '#1e1e1e'),
    foreground: v('--fg', '#e6e6e6'),
    muted: v('--fg-muted', '#9a9a9a'),
    box: v('--bg-sunken', '#151515'),
    error: v('--err', '#f14c4c'),
  };
}

/** The zoom and the exports of the diagram (the circuits of one payload, one file each). */
export function DiagramToolbar({
  circuits,
  fileName,
  zoom,
  setZoom,
  onError,
}: {
  circuits: readonly CircuitDiagram[];
  fileName: string;
  zoom: number;
  setZoom: (zoom: number) => void;
  onError: (message: string) => void;
}) {
  const at = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const name = (i: number) => (circuits.length > 1 ? `${fileName}-${i + 1}` : fileName);
  const exportSvg = () =>
    circuits.forEach((c, i) =>
      downloadText(circuitSvgMarkup(c, themeColours()), `${name(i)}.svg`, 'image/svg+xml'),
    );
  const exportPng = async () => {
    try {
      for (const [i, c] of circuits.entries()) {
        const { width, height } = exportSize(c);
        downloadBlob(
          await svgToPng(circuitSvgMarkup(c, themeColours()), width, height),
          `${name(i)}.png`,
        );
      }
    } catch (error) {
      onError(
        `The circuit diagram was not saved as PNG: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
  };
  return (
    <div className="circuit-tools" role="toolbar" aria-label="Circuit diagram tools">
      <button
        type="button"
        className="btn btn-ghost"
        aria-label="Zoom out"
        disabled={at <= 0}
        onClick={() => setZoom(ZOOMS[at - 1] ?? zoom)}
      >
        −
      </button>
      <span className="circuit-zoom" aria-live="polite">
        {Math.round(zoom * 100)} %
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label="Zoom in"
        disabled={at >= ZOOMS.length - 1}
        onClick={() => setZoom(ZOOMS[at + 1] ?? zoom)}
      >
        +
      </button>
      <button type="button" className="btn btn-ghost" onClick={exportSvg}>
        Export SVG
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => void exportPng()}>
        Export PNG
      </button>
    </div>
  );
}
