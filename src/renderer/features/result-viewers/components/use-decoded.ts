import { useEffect, useMemo, useState } from 'react';
import { decodeResultText } from '../../../state/results/decode';
import type { ResultHints, ViewModel } from '../../../state/results/models';
import { WORKER_THRESHOLD_CHARS, decodeResult } from '../../../state/results/worker/decode-client';

export type Decoded =
  | { status: 'loading' }
  | { status: 'ready'; model: ViewModel }
  | { status: 'failed'; error: string };

/**
 * The viewer model of a result text: at once for ordinary results (no loading flash), in the
 * worker for large ones (the window stays responsive while a million outcomes are read).
 */
export function useDecoded(yaml: string | null, hints: ResultHints): Decoded {
  const large = yaml !== null && yaml.length > WORKER_THRESHOLD_CHARS;
  const small = useMemo<Decoded | null>(() => {
    if (yaml === null || large) return null;
    try {
      return { status: 'ready', model: decodeResultText(yaml, hints) };
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }, [yaml, hints, large]);
  const [big, setBig] = useState<{ yaml: string; decoded: Decoded } | null>(null);
  useEffect(() => {
    if (yaml === null || !large) return;
    let live = true;
    decodeResult(yaml, hints).then(
      (model) => live && setBig({ yaml, decoded: { status: 'ready', model } }),
      (error: unknown) =>
        live &&
        setBig({
          yaml,
          decoded: {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [yaml, hints, large]);
  if (small) return small;
  if (big && big.yaml === yaml) return big.decoded;
  return { status: 'loading' };
}
