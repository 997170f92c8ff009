import type { VariantId } from '../../../../shared/variants';
import { useTextDiagram } from '../../../state/editor/analysis/text-diagram';
import { PayloadCircuits } from '../../../ui/circuit-diagram/PayloadCircuits';

/** A job's circuit above its payload, drawn as the editor draws it; nothing for a payload without one. */
export function PayloadCircuit({ variant, text }: { variant: VariantId; text: string | null }) {
  const diagram = useTextDiagram(variant, text);
  if (diagram?.state !== 'circuits') return null;
  return (
    <section className="circuit-payload" aria-label="Circuit">
      <PayloadCircuits diagram={diagram} />
    </section>
  );
}
