import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { CircuitDiagram, DiagramItem } from '../../../shared/circuit-layout';
import { ItemShape } from './ItemShape';
import { columnsInView, drawingIndex, moveFocus } from './navigation';
import { columnDensity } from './overview';
import { OverviewStrip } from './OverviewStrip';
import { COLUMN_WIDTH, diagramHeight, diagramWidth, wireY } from './shapes';
import './circuit-diagram.css';

const LABEL_WIDTH = 40;

const onLine = (item: DiagramItem, line: number | null) =>
  line !== null && item.line <= line && line <= item.endLine;

/**
 * One circuit: a wire per qubit, its gates in their columns. Only the columns in view are
 * drawn (a 25,000-gate circuit scrolls as a small one does); the gates are one tab stop
 * (roving tabindex), the arrow keys move between them, Enter or a click chooses one. A circuit
 * wider than its view gets an overview strip under it (OverviewStrip).
 */
export function CircuitView({
  circuit,
  label,
  zoom,
  activeLine,
  onChoose,
}: {
  circuit: CircuitDiagram;
  label: string;
  zoom: number;
  activeLine: number | null;
  /** Without it the gates are named and focusable, but choose nothing (a read-only payload). */
  onChoose?: ((item: DiagramItem) => void) | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState({ left: 0, width: 800 });
  const index = useMemo(() => drawingIndex(circuit), [circuit]);
  const density = useMemo(() => columnDensity(circuit), [circuit]);
  // The gate that holds the tab stop: the one last moved to, until the editor's line moves.
  const [focus, setFocus] = useState<{ at: number; line: number | null }>({ at: 0, line: null });
  const focusAfterDraw = useRef(false);
  const column = COLUMN_WIDTH * zoom;
  const height = diagramHeight(circuit.nqubits);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setView({ left: el.scrollLeft, width: el.clientWidth }));
    };
    setView({ left: el.scrollLeft, width: el.clientWidth });
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, []);

  const { first, last, visible } = columnsInView(index, circuit.columns, view, column);
  const lineItem = useMemo(
    () => circuit.items.findIndex((item) => onLine(item, activeLine)),
    [circuit, activeLine],
  );
  const roving = focus.line === activeLine || lineItem < 0 ? focus.at : lineItem;
  const focusedItem = Math.min(roving, Math.max(circuit.items.length - 1, 0));
  const setFocused = (at: number) => setFocus({ at, line: activeLine });

  /** Scrolls item `at` into view (the scroll listener then draws its columns). */
  const reveal = (at: number) => {
    const el = scroller.current;
    const c = circuit.items[at]?.column;
    if (!el || c === undefined) return false;
    const x = c * column;
    if (x >= el.scrollLeft && x + column <= el.scrollLeft + el.clientWidth) return false;
    el.scrollLeft = Math.max(0, x - (el.clientWidth - column) / 2);
    return true;
  };

  // The editor's cursor moved onto a gate: show it (unless the keys are moving in the diagram).
  useEffect(() => {
    if (lineItem >= 0 && !svg.current?.contains(document.activeElement)) reveal(lineItem);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the line, not every draw
  }, [lineItem]);

  useEffect(() => {
    if (!focusAfterDraw.current) return;
    const g = svg.current?.querySelector<SVGGElement>(`[data-index="${focusedItem}"]`);
    if (!g) return; // not drawn yet: its columns come with the scroll
    focusAfterDraw.current = false;
    g.focus();
  });

  const itemOf = (target: EventTarget) => {
    const g = (target as Element).closest?.('[data-index]');
    return g ? Number(g.getAttribute('data-index')) : undefined;
  };
  const choose = (at: number | undefined) => {
    const item = at === undefined ? undefined : circuit.items[at];
    if (at === undefined || !item) return;
    setFocused(at);
    onChoose?.(item);
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const at = itemOf(e.target);
    if (at === undefined) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(at);
      return;
    }
    const next = moveFocus(circuit, index, at, e.key);
    if (next === undefined) return;
    e.preventDefault();
    setFocused(next);
    const el = scroller.current;
    if (reveal(next) && el) setView({ left: el.scrollLeft, width: el.clientWidth });
    focusAfterDraw.current = true;
  };
  const onClick = (e: MouseEvent<SVGSVGElement>) => choose(itemOf(e.target));
  // The gate that holds the tab stop scrolled out of view: the first one in view takes it.
  const rovingShown = visible.includes(focusedItem);
  const onScrollerFocus = () => {
    if (rovingShown || visible[0] === undefined) return;
    setFocused(visible[0]);
    focusAfterDraw.current = true;
  };

  const total = diagramWidth(circuit.columns) * zoom;
  const scrollTo = (left: number) => {
    const el = scroller.current;
    if (el) el.scrollLeft = Math.max(0, Math.min(left, total - el.clientWidth));
  };

  const x0 = first * COLUMN_WIDTH;
  const span = Math.max(last - first, 1) * COLUMN_WIDTH;
  const wires = Array.from({ length: circuit.nqubits }, (_, q) => q);
  return (
    <>
      <div className="circuit-frame" style={{ height: height * zoom + 14 }}>
        <svg
          className="circuit-wire-labels"
          width={LABEL_WIDTH}
          height={height * zoom}
          aria-hidden="true"
        >
          {wires.map((q) => (
            <text key={q} x={6} y={wireY(q) * zoom + 4}>
              q{q}
            </text>
          ))}
        </svg>
        <div
          ref={scroller}
          className="circuit-scroller"
          tabIndex={rovingShown ? -1 : 0}
          onFocus={(e) => e.target === e.currentTarget && onScrollerFocus()}
        >
          <div style={{ width: total, height: height * zoom }}>
            <svg
              ref={svg}
              className="circuit-svg"
              role="group"
              aria-label={label}
              style={{ left: first * column }}
              width={span * zoom}
              height={height * zoom}
              viewBox={`${x0} 0 ${span} ${height}`}
              onKeyDown={onKeyDown}
              onClick={onClick}
            >
              {wires.map((q) => (
                <line key={q} className="wire" x1={x0} x2={x0 + span} y1={wireY(q)} y2={wireY(q)} />
              ))}
              {visible.map((i) => {
                const item = circuit.items[i];
                return item ? (
                  <ItemShape
                    key={i}
                    item={item}
                    index={i}
                    focusable={i === focusedItem}
                    active={onLine(item, activeLine)}
                    choosable={onChoose !== undefined}
                  />
                ) : null;
              })}
            </svg>
          </div>
        </div>
      </div>
      {total > view.width + 1 ? (
        <OverviewStrip
          density={density}
          scroll={{ left: view.left, width: view.width, total }}
          columnWidth={column}
          onScrollTo={scrollTo}
        />
      ) : null}
    </>
  );
}
