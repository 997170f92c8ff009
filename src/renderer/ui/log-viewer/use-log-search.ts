import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LineIndex } from './line-index';
import type { SearchResult } from './log-search';
import { canResume, searchLog } from './log-search';
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
 * Searches the log as the query is typed (after a pause); a new query cancels the search in
 * progress and starts again. The previous result stays visible meanwhile. When the log grew (a
 * running job) the search carries on over the new lines at once, quietly: no progress, and the
 * match the reader is on stays current. `onResult` hears each search of a new query (the viewer
 * moves to the first match then), not those of the same query over a grown log.
 */
export function useLogSearch(
  index: LineIndex,
  query: string,
  onResult: (result: SearchResult) => void,
): SearchState & { cancel: () => void } {
  const [state, setState] = useState<SearchState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  /** The last finished search: a grown log's search carries on from it. */
  const searched = useRef<SearchResult | null>(null);
  const finished = useEffectEvent(onResult);

  useEffect(() => {
    if (query === '') return;
    const ctrl = new AbortController();
    const previous = searched.current;
    const grown = canResume(previous, index, query);
    const timer = setTimeout(
      () => {
        controller.current = ctrl;
        if (!grown) setState((s) => ({ ...s, progress: 0, counted: 0 }));
        searchLog(index, query, {
          signal: ctrl.signal,
          previous: grown ? previous : null,
          onProgress: grown
            ? undefined
            : (progress, counted) => setState((s) => ({ ...s, progress, counted })),
        })
          .then((result) => {
            searched.current = result;
            setState({ result, progress: null, counted: result.count });
            if (!grown) finished(result);
          })
          .catch((error: unknown) => {
            if (!isCancelled(error)) throw error;
          });
      },
      grown ? 0 : DEBOUNCE_MS,
    );
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
