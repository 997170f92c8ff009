import { useEffect, useState } from 'react';
import type { PayloadDiagram } from '../../../../shared/circuit-layout';
import type { VariantId } from '../../../../shared/variants';
import { analyze } from './client';

/**
 * The circuit diagram of a payload text that is not in the editor (a job's payload), from the
 * same analysis in its worker; undefined while it is made, or with no text.
 */
export function useTextDiagram(
  variant: VariantId,
  text: string | null,
): PayloadDiagram | undefined {
  const [made, setMade] = useState<{ text: string; diagram: PayloadDiagram } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    void analyze(variant, text).then(
      (analysis) => live && setMade({ text, diagram: analysis.diagram }),
      () =>
        live &&
        setMade({
          text,
          diagram: {
            state: 'unreadable',
            message: 'The circuit cannot be drawn: the check failed.',
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [variant, text]);
  return made && made.text === text ? made.diagram : undefined;
}
