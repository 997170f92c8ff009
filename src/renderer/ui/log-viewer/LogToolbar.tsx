import { Icon } from '../components/Icon';
import type { SearchState } from './use-log-search';

/** The log viewer's controls: search with a count and next/previous, wrap, copy, save. */
export function LogToolbar(props: {
  label: string;
  query: string;
  onQuery: (q: string) => void;
  search: SearchState & { cancel: () => void };
  current: number;
  onNext: () => void;
  onPrevious: () => void;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
  lineCount: number;
  indexing: number | null;
  disabled: boolean;
  onCopySelection: () => void;
  onCopyAll: () => void;
  onSave: () => void;
}) {
  const { search, query } = props;
  const result = search.result?.query === query ? search.result : null;
  const searching = search.progress !== null;
  let status = '';
  if (props.indexing !== null) status = `Reading lines… ${Math.round(props.indexing * 100)}%`;
  else if (searching)
    status = `Searching… ${Math.round((search.progress ?? 0) * 100)}% (${search.counted.toLocaleString()} so far)`;
  else if (result && query) {
    status =
      result.count === 0
        ? 'No matches'
        : `${(props.current + 1).toLocaleString()} of ${result.count.toLocaleString()}${result.kept < result.count ? ` (first ${result.kept.toLocaleString()} navigable)` : ''}`;
  }
  const canStep = Boolean(result && result.kept > 0);

  return (
    <div className="log-toolbar" role="toolbar" aria-label={`${props.label} tools`}>
      <div className="log-search">
        <Icon name="search" size={14} />
        <input
          type="search"
          className="input"
          placeholder="Search the log"
          aria-label={`Search ${props.label}`}
          value={query}
          disabled={props.disabled}
          onChange={(e) => props.onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'F3') {
              e.preventDefault();
              if (e.shiftKey) props.onPrevious();
              else props.onNext();
            } else if (e.key === 'Escape' && query) {
              e.preventDefault();
              props.onQuery('');
            }
          }}
        />
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label="Previous match (Shift+Enter)"
          title="Previous match (Shift+Enter)"
          disabled={!canStep}
          onClick={props.onPrevious}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label="Next match (Enter)"
          title="Next match (Enter)"
          disabled={!canStep}
          onClick={props.onNext}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <span
          className="log-status"
          role="status"
          aria-live="polite"
          data-testid="log-search-status"
        >
          {status}
        </span>
        {searching ? (
          <button type="button" className="btn btn-ghost" onClick={search.cancel}>
            Cancel
          </button>
        ) : null}
        {props.indexing !== null || searching ? (
          <progress
            className="log-progress"
            max={1}
            value={props.indexing ?? search.progress ?? 0}
            aria-label="Progress"
          />
        ) : null}
      </div>
      <div className="log-actions">
        <span className="muted log-count">{props.lineCount.toLocaleString()} lines</span>
        <button
          type="button"
          className="btn"
          aria-pressed={props.wrap}
          onClick={() => props.onWrap(!props.wrap)}
          disabled={props.disabled}
        >
          Wrap
        </button>
        {/* Keeps the text selection: a click on a button must not clear what it is about to copy. */}
        <button
          type="button"
          className="btn"
          onMouseDown={(e) => e.preventDefault()}
          onClick={props.onCopySelection}
          disabled={props.disabled}
        >
          Copy selection
        </button>
        <button type="button" className="btn" onClick={props.onCopyAll} disabled={props.disabled}>
          Copy all
        </button>
        <button type="button" className="btn" onClick={props.onSave} disabled={props.disabled}>
          <Icon name="save" size={14} />
          Save
        </button>
      </div>
    </div>
  );
}
