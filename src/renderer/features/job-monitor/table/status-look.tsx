import type { JobStatus } from '../../../../shared/variants';
import { JOB_STATUS_MEANING } from '../../../../shared/variants';

type Tone = 'ok' | 'warn' | 'err' | 'info' | 'neutral';

/**
 * Each job status as text, colour and icon shape together, so it never depends on colour alone
 * (drawn here: the shared icon set has device shapes, not job ones).
 */
const LOOK: Record<JobStatus | 'unknown', { tone: Tone; label: string; path: string }> = {
  pending: {
    tone: 'neutral',
    label: 'Pending',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  },
  validating: {
    tone: 'info',
    label: 'Validating',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM5.5 8h5',
  },
  queued: {
    tone: 'info',
    label: 'Queued',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM8 5v3.2l2 1.3',
  },
  running: {
    tone: 'info',
    label: 'Running',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM6.5 5.5v5l4-2.5z',
  },
  completed: {
    tone: 'ok',
    label: 'Completed',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM5.5 8.2l1.8 1.8 3.3-3.6',
  },
  error: {
    tone: 'err',
    label: 'Error',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM6 6l4 4M10 6l-4 4',
  },
  cancelled: {
    tone: 'neutral',
    label: 'Cancelled',
    path: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM4.2 11.8l7.6-7.6',
  },
  timeout: { tone: 'warn', label: 'Timeout', path: 'M8 1.8l6.2 11.2H1.8zM8 6.3v3.4M8 11.3v.3' },
  unknown: { tone: 'neutral', label: '—', path: '' },
};

export function statusLabel(status: JobStatus | null | undefined): string {
  return LOOK[status ?? 'unknown'].label;
}

export function JobStatusChip({
  status,
  compact = false,
}: {
  status: JobStatus | null | undefined;
  compact?: boolean;
}) {
  const key = status ?? 'unknown';
  const look = LOOK[key];
  const meaning = status
    ? JOB_STATUS_MEANING[status]
    : 'status not known yet: it is being looked up';
  return (
    <span
      className={`badge badge-${look.tone} job-status${compact ? ' is-compact' : ''}`}
      data-status={key}
      title={`${look.label}: ${meaning}`}
    >
      {look.path ? (
        <svg
          width={13}
          height={13}
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d={look.path} />
        </svg>
      ) : null}
      {look.label}
    </span>
  );
}
