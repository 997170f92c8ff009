import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LineIndex } from './line-index';
import type { SearchResult } from './log-search';
import { searchLog } from './log-search';
import { isCancelled } from './scheduler';

const DEBOUNCE_MS = 200;

export interface SearchState {
  result: SearchResult | null;
  /** 0–1 while searching, null when done or idle. */
  progress: number | null;
  /** Matches counted so far while searching. */
  counted: number;
}

const IDLE: SearchState = { result: null, progress: null, counted: 0 };

/**
 * Searches the log as the query is typed (after a pause); a new query or a grown log cancels
 * the search in progress and starts again. The previous result stays visible meanwhile.
 * `onResult` hears each finished search (the viewer moves to the first match then).
 */
export function useLogSearch(
  index: LineIndex,
  query: string,
  onResult: (result: SearchResult) => void,
): SearchState & { cancel: () => void } {
  const [state, setState] = useState<SearchState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const finished = useEffectEvent(onResult);

  useEffect(() => {
    if (query === '') return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      controller.current = ctrl;
      setState((s) => ({ ...s, progress: 0, counted: 0 }));
      searchLog(index, query, {
        signal: ctrl.signal,
        onProgress: (progress, counted) => setState((s) => ({ ...s, progress, counted })),
      })
        .then((result) => {
          setState({ result, progress: null, counted: result.count });
          finished(result);
        })
        .catch((error: unknown) => {
          if (!isCancelled(error)) throw error;
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [index, query]);

  return {
    ...(query === '' ? IDLE : state),
    cancel: () => {
      controller.current?.abort();
      setState((s) => ({ ...s, progress: null }));
    },
  };
}
