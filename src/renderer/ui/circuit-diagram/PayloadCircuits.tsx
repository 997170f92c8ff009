import type { DiagramItem, PayloadDiagram } from '../../../shared/circuit-layout';
import { Icon } from '../components/Icon';
import { CircuitView } from './CircuitView';

/**
 * A payload's circuits, one diagram each (a reservoir has several), or why none is drawn.
 * `onChoose` makes each gate a button (the editor selects its lines); without it each is only
 * named and focusable, as in a job's read-only payload.
 */
export function PayloadCircuits({
  diagram,
  zoom = 1,
  activeLine = null,
  onChoose,
}: {
  diagram: PayloadDiagram | undefined;
  zoom?: number;
  activeLine?: number | null;
  onChoose?: (item: DiagramItem) => void;
}) {
  if (!diagram) return <p className="circuit-note">Reading the payload…</p>;
  if (diagram.state === 'unreadable')
    return (
      <p className="circuit-note circuit-note-err" role="status">
        <Icon name="error" /> {diagram.message}
      </p>
    );
  if (diagram.state === 'none') return <p className="circuit-note">No circuit in this payload.</p>;
  const many = diagram.circuits.length > 1;
  return (
    <>
      {diagram.circuits.map((c, i) => (
        <div key={`${i}:${c.line}`} className="circuit-one">
          {many ? (
            <h4 className="circuit-caption">
              Circuit {i + 1} (line {c.line})
            </h4>
          ) : null}
          <CircuitView
            circuit={c}
            label={many ? `Circuit diagram ${i + 1}` : 'Circuit diagram'}
            zoom={zoom}
            activeLine={activeLine}
            onChoose={onChoose}
          />
        </div>
      ))}
    </>
  );
}
