import { useState } from 'react';
import { PayloadCircuits } from '../../ui/circuit-diagram/PayloadCircuits';
import { Icon } from '../../ui/components/Icon';
import { fileSlug } from '../../ui/download';
import { useAppStore } from '../../state/app/store';
import { useCaretStore } from '../../state/editor/caret';
import { selectActiveTab, useEditorStore } from '../../state/editor/store';
import { DiagramToolbar } from './DiagramToolbar';
import './circuit-diagram-panel.css';

/**
 * The circuit diagram under the editor, live as the text changes (from the analysis the editor
 * runs in its worker). A gate chosen selects its lines in the editor; the gate on the editor's
 * cursor line is highlighted. Collapsible, so a narrow window keeps the editor's room.
 */
export function CircuitDiagramPanel() {
  const diagram = useEditorStore((s) => (s.activeId ? s.analysis[s.activeId]?.diagram : undefined));
  const title = useEditorStore((s) => selectActiveTab(s)?.title ?? 'circuit');
  const line = useCaretStore((s) => s.line);
  const selectLines = useCaretStore((s) => s.selectLines);
  const notify = useAppStore((s) => s.notify);
  const [open, setOpen] = useState(true);
  const [zoom, setZoom] = useState(1);
  const circuits = diagram?.state === 'circuits' ? diagram.circuits : [];
  // A payload without a circuit (a schedule, an experiment): said in the bar, no empty body
  // taking the room of the editor and the panels under it.
  const none = diagram?.state === 'none';
  const gates = circuits.reduce((n, c) => n + c.items.length, 0);

  return (
    <section className={`circuit-panel ${open ? 'is-open' : ''}`} aria-label="Circuit">
      <div className="circuit-head">
        <button
          type="button"
          className="circuit-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Icon name="chevronDown" className={open ? '' : 'rot-90'} />
          Circuit
          {circuits.length > 0 ? (
            <span className="circuit-count">
              {gates} {gates === 1 ? 'item' : 'items'}
            </span>
          ) : none ? (
            <span className="circuit-count">No circuit in this payload.</span>
          ) : null}
        </button>
        {open && circuits.length > 0 ? (
          <DiagramToolbar
            circuits={circuits}
            fileName={fileSlug(title.replace(/\.ya?ml$/i, '')) || 'circuit'}
            zoom={zoom}
            setZoom={setZoom}
            onError={(message) => notify('err', message)}
          />
        ) : null}
      </div>
      {open && !none ? (
        <div className="circuit-body">
          <PayloadCircuits
            diagram={diagram}
            zoom={zoom}
            activeLine={line}
            onChoose={(item) => selectLines(item.line, item.endLine)}
          />
        </div>
      ) : null}
    </section>
  );
}
