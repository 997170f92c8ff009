import type { DiagramItem } from '../../../../shared/circuit-layout';
import type { VariantId } from '../../../../shared/variants';
import { useTextDiagram } from '../../../state/editor/analysis/text-diagram';
import { PayloadCircuits } from '../../../ui/circuit-diagram/PayloadCircuits';

/**
 * A job's circuit above its payload, drawn as the editor draws it; nothing for a payload without
 * one. There is no editor here: a gate chosen opens the payload in one, at the gate's lines.
 */
export function PayloadCircuit({
  variant,
  text,
  onOpenAt,
}: {
  variant: VariantId;
  text: string | null;
  onOpenAt: (item: DiagramItem) => void;
}) {
  const diagram = useTextDiagram(variant, text);
  if (diagram?.state !== 'circuits') return null;
  return (
    <section className="circuit-payload" aria-label="Circuit">
      <p className="circuit-note">Choose a gate to open the payload in the editor at its line.</p>
      <PayloadCircuits diagram={diagram} onChoose={onOpenAt} />
    </section>
  );
}
