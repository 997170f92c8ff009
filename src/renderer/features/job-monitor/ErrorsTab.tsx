import { StateMessage } from '../../ui/components/States';
import { TRUNCATED_PROBLEM_CODE } from '../../../shared/ipc/schemas';
import type { JobDetailView } from '../../state/jobs/store';
import { truncationNote } from '../../state/jobs/store';
import { LogViewer } from '../../ui/log-viewer';
import { useLogViewerHost } from './use-log-host';

/** `error_logs` in the log viewer, and every field that could not be decoded, raw, with a note. */
export function ErrorsTab({ view }: { view: JobDetailView }) {
  const { id, error_logs: errorLogs } = view.detail as { id: number; error_logs?: string | null };
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
