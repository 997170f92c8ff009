import type { ReactNode } from 'react';
import { useNow } from '../../../ui/hooks/useNow';
import { DETAIL_FIELDS } from '../../../../shared/ipc/schemas';
import { JOB_RECORD_FIELDS, JOB_STATUS_MEANING } from '../../../../shared/variants';
import type { JobStatus } from '../../../../shared/variants';
import type { JobDetailView, TimelineEntry } from '../../../state/jobs/store';
import { isFinished } from '../../../state/jobs/store';
import { formatDuration, formatLocal, formatUtc } from '../job-format';
import type { LogProgress } from '../../../../shared/jobs/log-progress';
import { progressSentence } from '../table/job-progress';
import { JobEtaDetail, useJobProgress } from '../table/JobEta';
import { durationMs } from '../../../state/jobs/job-query';
import { JobStatusChip } from '../table/status-look';
import { showBidiControls } from '../../../../shared/text/bidi';

const HEAVY = new Set<string>(DETAIL_FIELDS);
const SHOWN = new Set<string>(JOB_RECORD_FIELDS);

function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatLocal(iso)}
      <span className="jm-utc"> · {formatUtc(iso)}</span>
    </time>
  );
}

/** Every field of the job detail, dates in local time (UTC beside and on hover), and the timeline. */
export function SummaryTab({
  view,
  deviceName,
  timeline,
  showJobType,
  log,
}: {
  view: JobDetailView;
  deviceName: (id: number) => string;
  timeline: TimelineEntry[];
  showJobType: boolean;
  /** The progress the job's own log states, when it does. */
  log: LogProgress | null;
}) {
  const now = useNow(1000);
  const d = view.detail as JobDetailView['detail'] & Record<string, unknown>;
  const { progress: running } = useJobProgress(d, log);
  const payloadType = (d.payload as { type?: unknown } | null | undefined)?.type;
  const resultType = (d.result as { type?: unknown } | null | undefined)?.type;
  const rows: [string, ReactNode][] = [
    ['Job id', <span className="mono">{d.id}</span>],
    ['Name', showBidiControls(d.name) || <span className="muted">(no name)</span>],
    ['Description', showBidiControls(d.description) || <span className="muted">(none)</span>],
    [
      'Device',
      <>
        {deviceName(d.device_id)} <span className="muted mono">(id {d.device_id})</span>
      </>,
    ],
    [
      'Status',
      <>
        <JobStatusChip status={d.status} />{' '}
        <span className="muted">
          {d.status ? JOB_STATUS_MEANING[d.status] : 'not reported by the service'}
        </span>
      </>,
    ],
  ];
  if (running)
    rows.push([
      'Progress',
      <span className="jm-progress-row" data-testid="summary-progress">
        <progress max={100} value={Math.floor(running.fraction * 100)} aria-hidden="true" />
        <span>{progressSentence(running, deviceName(d.device_id))}</span>
      </span>,
    ]);
  if (showJobType)
    rows.push([
      'Job type',
      typeof d.jobType === 'string' ? d.jobType : <span className="muted">—</span>,
    ]);
  rows.push(
    [
      'Execute type',
      typeof payloadType === 'string' ? payloadType : <span className="muted">—</span>,
    ],
    ['Created', <When iso={d.created_at} />],
    ['Updated', <When iso={d.updated_at} />],
    ['Completed', <When iso={d.completed_at} />],
    // Until it ends a job has no duration, only an age (its record says when it was created,
    // not when it began to run).
    isFinished(d)
      ? ['Duration', formatDuration(durationMs(d, now))]
      : [
          'Age',
          <>
            {formatDuration(durationMs(d, now))}{' '}
            <span className="muted">since it was created; not finished yet</span>
          </>,
        ],
    ...(isFinished(d)
      ? []
      : [
          ['Estimate', <JobEtaDetail job={d} log={log} deviceName={deviceName(d.device_id)} />] as [
            string,
            ReactNode,
          ],
        ]),
    [
      'Result',
      resultType ? `present (${String(resultType)})` : <span className="muted">none</span>,
    ],
  );
  if (typeof d.message === 'string') rows.push(['Service notice', showBidiControls(d.message)]);
  // Fields the specification does not name are shown too: support staff may need them.
  for (const [key, value] of Object.entries(d)) {
    if (!SHOWN.has(key) && !HEAVY.has(key))
      rows.push([
        showBidiControls(key),
        <span className="mono">
          {showBidiControls(typeof value === 'string' ? value : JSON.stringify(value))}
        </span>,
      ]);
  }
  rows.push([
    'Fetched',
    <>
      <When iso={view.fetchedAt} />{' '}
      {view.fromCache ? <span className="badge badge-warn">from this computer</span> : null}
    </>,
  ]);

  return (
    <div className="jm-summary">
      <dl className="jm-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="jm-field-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="jm-timeline" aria-labelledby="jm-timeline-title">
        <h3 id="jm-timeline-title">Status changes seen by this app</h3>
        {timeline.length === 0 ? (
          <p className="muted">
            None yet: statuses are recorded as this app sees them (in the list, while watching, when
            opened).
          </p>
        ) : (
          <ol>
            {timeline.map((t, i) => (
              <li key={i} data-status={t.status} data-anomaly={t.anomaly ? '' : undefined}>
                <JobStatusChip status={t.status as JobStatus} compact />
                <When iso={t.at} />
                <span className="muted jm-source">{SOURCE[t.source]}</span>
                {t.anomaly && (
                  <span className="jm-anomaly">
                    Service anomaly: reported after {t.anomaly.kept}; not taken (statuses only move
                    forward)
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

const SOURCE: Record<TimelineEntry['source'], string> = {
  list: 'seen in the job list',
  lookup: 'seen in a status lookup',
  watch: 'seen while watching',
  detail: 'seen when opened',
};
