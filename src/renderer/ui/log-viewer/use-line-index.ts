import { useEffect, useRef, useState } from 'react';
import type { LineIndex } from './line-index';
import { EMPTY_INDEX, appendsTo, indexLines } from './line-index';
import { isCancelled } from './scheduler';

/** Texts below this are indexed without showing progress (it takes less than a frame or two). */
const QUIET_BELOW = 2_000_000;

/**
 * The line index of `text`, rebuilt in slices when it changes; when the new text extends the
 * old one (a running job's log) only the new part is scanned. `progress` is set while a large
 * text is being split, so the viewer can say so instead of looking frozen.
 */
export function useLineIndex(text: string): { index: LineIndex; progress: number | null } {
  const [state, setState] = useState<{ index: LineIndex; progress: number | null }>({
    index: EMPTY_INDEX,
    progress: null,
  });
  const latest = useRef<LineIndex>(EMPTY_INDEX);

  useEffect(() => {
    const controller = new AbortController();
    const previous = latest.current;
    const grows = appendsTo(previous, text);
    const loud = !grows && text.length >= QUIET_BELOW;
    if (loud) setState((s) => ({ ...s, progress: 0 }));
    indexLines(text, {
      ...(grows ? { previous } : {}),
      signal: controller.signal,
      onProgress: loud ? (p) => setState((s) => ({ ...s, progress: p })) : undefined,
    })
      .then((index) => {
        latest.current = index;
        setState({ index, progress: null });
      })
      .catch((error: unknown) => {
        if (!isCancelled(error)) throw error;
      });
    return () => controller.abort();
  }, [text]);

  return state;
}
