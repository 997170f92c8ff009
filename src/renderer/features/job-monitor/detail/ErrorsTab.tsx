import { useMemo } from 'react';
import { StateMessage } from '../../../ui/components/States';
import { Icon } from '../../../ui/components/Icon';
import { payloadToYaml } from '../../../../shared/yaml/payload-to-yaml';
import { TRUNCATED_PROBLEM_CODE } from '../../../../shared/ipc/schemas';
import type { JobDetailView } from '../../../state/jobs/store';
import { truncationNote } from '../../../state/jobs/store';
import { LogViewer } from '../../../ui/log-viewer';
import { useLogViewerHost } from './use-log-host';
import { documentPosition, errorLocations } from './error-location';
import type { TextLocation } from './error-location';
import { useSubmittedDocument } from './use-submitted-document';

/** The text the service read at `path` of the payload (a functional object or readout). */
function textAt(payload: unknown, path: string): string | undefined {
  let value: unknown = payload;
  for (const part of path.split(/\.|(?=\[)/)) {
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) value = Array.isArray(value) ? value[Number(index[1])] : undefined;
    else if (value && typeof value === 'object' && Object.hasOwn(value, part))
      value = (value as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

/**
 * The places the error logs name inside a functional object or readout, as lines of the
 * document the person wrote (the one submitted from here, else the Payload tab's).
 */
function WhereInTheDocument({
  id,
  payload,
  locations,
}: {
  id: number;
  payload: unknown;
  locations: TextLocation[];
}) {
  const submitted = useSubmittedDocument(id, locations.length > 0);
  const shown = useMemo(() => (payload ? payloadToYaml(payload) : null), [payload]);
  const lines = locations.flatMap((at) => {
    const read = textAt(payload, at.path);
    const exact = submitted === null ? null : documentPosition(submitted, at, read);
    const position = exact ?? (shown === null ? null : documentPosition(shown, at, read));
    if (!position) return [];
    const where = exact
      ? 'of the payload as you wrote it (submitted from this computer)'
      : 'of the payload as the Payload tab shows it';
    return [
      `Line ${at.line}, column ${at.column} of the ${at.label} (${at.path}) is line ${position.line}, column ${position.column} ${where}.`,
    ];
  });
  if (lines.length === 0) return null;
  return (
    <div className="callout callout-info jm-error-where" data-testid="error-where">
      <Icon name="info" />
      <span>
        {lines.map((line) => (
          <span key={line} className="jm-error-where-line">
            {line}
          </span>
        ))}
      </span>
    </div>
  );
}

/** `error_logs` in the log viewer, and every field that could not be decoded, raw, with a note. */
export function ErrorsTab({ view }: { view: JobDetailView }) {
  const {
    id,
    error_logs: errorLogs,
    payload,
  } = view.detail as { id: number; error_logs?: string | null; payload?: unknown };
  const locations = useMemo(() => errorLocations(errorLogs), [errorLogs]);
  const logHost = useLogViewerHost();
  // A text shown cut is not a field that failed to decode: its note goes with the text.
  const undecodable = view.problems.filter((p) => p.code !== TRUNCATED_PROBLEM_CODE);
  return (
    <div className="jm-errors">
      {undecodable.length ? (
        <section className="jm-problems" aria-label="Fields that could not be decoded">
          {undecodable.map((p) => (
            <div key={p.field} className="jm-problem" data-testid="field-problem">
              <p>
                <strong className="mono">{p.field}</strong> could not be decoded ({p.message};{' '}
                {p.code}). It is shown below exactly as the service sent it, for a support ticket.
              </p>
              <pre className="jm-raw mono">{p.raw ?? '(no text)'}</pre>
            </div>
          ))}
        </section>
      ) : null}
      <WhereInTheDocument id={id} payload={payload} locations={locations} />
      <div className="jm-errors-log">
        <LogViewer
          host={logHost}
          text={errorLogs ?? ''}
          label={`Error logs of job ${id}`}
          fileName={`job-${id}-error-logs.txt`}
          notice={truncationNote(view, 'error_logs')}
          testId="error-logs"
          empty={
            <StateMessage icon="check" title="No error logs">
              {view.offline ?? <p>The service sent no error logs for this job.</p>}
            </StateMessage>
          }
        />
      </div>
    </div>
  );
}
