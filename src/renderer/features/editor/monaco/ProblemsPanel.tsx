import { useEffect, useMemo, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { Icon } from '../../../ui/components/Icon';
import { OWN_MARKER_OWNER } from './models';

interface Row {
  key: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The whole message (the row shows its first line, clipped). */
  full: string;
  source: string;
  line: number;
  column: number;
}

const SOURCE_LABEL: Record<string, string> = {
  [OWN_MARKER_OWNER]: 'payload check',
};

function rowsOf(monaco: typeof Monaco, model: Monaco.editor.ITextModel | null): Row[] {
  if (!model) return [];
  return monaco.editor
    .getModelMarkers({ resource: model.uri })
    .map((m, i) => ({
      key: `${m.owner}-${i}`,
      severity:
        m.severity === monaco.MarkerSeverity.Error
          ? ('error' as const)
          : m.severity === monaco.MarkerSeverity.Warning
            ? ('warning' as const)
            : ('info' as const),
      message: m.message.split('\n')[0] ?? m.message,
      full: m.message,
      source: m.owner,
      line: m.startLineNumber,
      column: m.startColumn,
    }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * Every marker of the open payload (our own check: monaco-yaml completes and hovers but does not
 * validate, see yaml-language.ts), with its line; a row moves the cursor there. This is also how the e2e tests read markers, through the DOM.
 */
export function ProblemsPanel({
  monaco,
  editor,
  model,
  empty = false,
}: {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor | null;
  model: Monaco.editor.ITextModel | null;
  /** The payload is still empty: nothing to check yet, only what to do. */
  empty?: boolean;
}) {
  // Bumped whenever this model's markers change; the rows are re-read from Monaco then.
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    const sub = monaco.editor.onDidChangeMarkers((uris) => {
      if (model && uris.some((u) => u.toString() === model.uri.toString()))
        setVersion((v) => v + 1);
    });
    return () => sub.dispose();
  }, [monaco, model]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the change signal
  const rows = useMemo(() => rowsOf(monaco, model), [monaco, model, version]);

  const errors = rows.filter((r) => r.severity === 'error').length;
  const warnings = rows.filter((r) => r.severity === 'warning').length;

  const reveal = (r: Row) => {
    if (!editor) return;
    editor.setPosition({ lineNumber: r.line, column: r.column });
    editor.revealLineInCenterIfOutsideViewport(r.line);
    editor.focus();
  };

  return (
    <section className={`problems ${open ? 'is-open' : ''}`} aria-label="Problems">
      <button
        type="button"
        className="problems-head"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="chevronDown" className={open ? '' : 'rot-90'} />
        <span className="problems-title">Problems</span>
        <span className="badge badge-err" data-testid="problem-errors">
          <Icon name="error" size={12} /> {errors}
        </span>
        <span className="badge badge-warn" data-testid="problem-warnings">
          <Icon name="warning" size={12} /> {warnings}
        </span>
      </button>
      {open ? (
        rows.length === 0 ? (
          <p className="problems-empty">
            {empty
              ? 'Nothing to check yet: start from a template (top right), or type “type:” and press Ctrl+Space for the choices.'
              : 'No problems in this payload.'}
          </p>
        ) : (
          <ul className="problems-list" aria-label="Problems in this payload">
            {rows.map((r) => (
              <li key={r.key}>
                <button
                  type="button"
                  className="problem"
                  data-severity={r.severity}
                  data-source={r.source}
                  data-line={r.line}
                  title={r.full}
                  onClick={() => reveal(r)}
                >
                  <Icon
                    name={r.severity === 'info' ? 'info' : r.severity}
                    className={`sev-${r.severity}`}
                  />
                  <span className="problem-message">{r.message}</span>
                  <span className="problem-source">{SOURCE_LABEL[r.source] ?? r.source}</span>
                  <span className="problem-pos mono">
                    Ln {r.line}, Col {r.column}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
