import { Icon } from '../../../ui/components/Icon';
import type { JobDetailView } from '../../../state/jobs/store';

/** For a job in `error` or `timeout`: its `error` text, at the top of the detail, first thing read. */
export function ErrorBanner({ view }: { view: JobDetailView }) {
  const { status, error } = view.detail as { status?: string | null; error?: string | null };
  if (status !== 'error' && status !== 'timeout') return null;
  return (
    <div className="callout callout-err jm-error-banner" role="alert" data-testid="job-error">
      <Icon name="error" size={18} />
      <div>
        <strong>{status === 'timeout' ? 'The job timed out' : 'The job failed'}</strong>
        <p className="jm-error-text">
          {error ?? 'The service gave no error text for this job. Its error logs may say more.'}
        </p>
      </div>
    </div>
  );
}
