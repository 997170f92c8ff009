import { useEffect, useRef, useState } from 'react';
import { CloseButton } from '../../../ui/components/CloseButton';
import type { KeyboardEvent } from 'react';
import type { VariantId } from '../../../../shared/variants';
import { VARIANTS } from '../../../../shared/variants';
import { Icon } from '../../../ui/components/Icon';
import { Skeleton, StateMessage } from '../../../ui/components/States';
import type { DetailTab, JobDetailView } from '../../../state/jobs/store';
import { hasErrors, isFinished, truncationNote, useJobsStore } from '../../../state/jobs/store';
import { LogViewer } from '../../../ui/log-viewer';
import { useLogViewerHost } from './use-log-host';
import { useCanCancel } from './CancelJobDialog';
import { CompareDialog } from './CompareDialog';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { HandoverActions } from '../annotations/HandoverActions';
import { JobAnnotationsPanel } from '../annotations/JobAnnotationsPanel';
import { ErrorBanner } from './ErrorBanner';
import { ErrorsTab } from './ErrorsTab';
import { PayloadTab } from './PayloadTab';
import { ResultTab } from './ResultTab';
import { SummaryTab } from './SummaryTab';
import { formatLocal } from '../job-format';
import type { ResultViewers } from '../viewer-slots';
import type { LogProgress } from '../../../../shared/jobs/log-progress';
import { JobProgressBadge } from '../table/JobEta';
import { JobStatusChip } from '../table/status-look';
import './job-detail.css';
import { showBidiControls } from '../../../../shared/text/bidi';

const TABS: { key: DetailTab; label: string }[] = [
  { key: 'summary', label: 'Summary' },
  { key: 'payload', label: 'Payload' },
  { key: 'result', label: 'Result' },
  { key: 'logs', label: 'Logs' },
  { key: 'errors', label: 'Errors' },
];

/** One job: its error first when it failed, then Summary, Payload, Result, Logs and Errors. */
export function JobDetailPane({
  id,
  variant,
  deviceName,
  progress,
  viewers,
  onClose,
}: {
  id: number;
  variant: VariantId;
  deviceName: (id: number) => string;
  /** The progress a job's own log states, when it does (JobsView: the same for its row). */
  progress: (id: number) => LogProgress | null;
  /** What draws the result and the comparison (from the shell, through JobsView). */
  viewers: ResultViewers;
  onClose: () => void;
}) {
  const entry = useJobsStore((s) => s.details[id]);
  const timeline = useJobsStore((s) => s.timelines[id]);
  const tab = useJobsStore((s) => s.tab);
  const { setTab, loadDetail, askCancel } = useJobsStore.getState();
  const canCancel = useCanCancel();
  const logHost = useLogViewerHost();
  const [dialog, setDialog] = useState<'diagnostics' | 'compare' | null>(null);
  // Asked from elsewhere (the drift chart's "Compare fits"): the dialog opens on the pair.
  const comparing = useJobsStore((s) => s.compareWith !== null);
  const view = entry?.view ?? null;
  const status = view?.detail.status ?? null;
  // Variant A's records may lack a status: a completion time then says the job ended.
  const live = view !== null && !view.fromCache && !isFinished(view.detail);

  // While shown and running, the core follows the job and sends its record and logs as they
  // change (the payload and result do not change while it runs; the full detail comes at its end).
  useEffect(() => (live ? useJobsStore.getState().followLive(id) : undefined), [live, id]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [id]);

  return (
    <article
      className="jm-detail"
      aria-labelledby="jm-detail-title"
      data-testid="job-detail"
      data-job-id={id}
    >
      <header className="jm-detail-head">
        <div className="jm-detail-titlebar">
          <button type="button" className="btn btn-ghost jm-back" onClick={onClose}>
            ← Jobs
          </button>
          <h2 id="jm-detail-title" ref={heading} tabIndex={-1}>
            Job <span className="mono">{id}</span>
            {view?.detail.name ? (
              <span className="jm-detail-name"> · {showBidiControls(view.detail.name)}</span>
            ) : null}
          </h2>
          {view ? <JobStatusChip status={status} /> : null}
          {view && status === 'running' ? (
            <JobProgressBadge
              job={view.detail}
              log={progress(id)}
              deviceName={deviceName(view.detail.device_id)}
            />
          ) : null}
          {entry?.reloading ? <span className="muted jm-reloading">updating…</span> : null}
          <span className="jm-spacer" />
          <CloseButton label="Close the job" className="jm-close" onClick={onClose} />
        </div>
        <div className="jm-detail-actions">
          <button
            type="button"
            className="btn"
            onClick={() => void loadDetail(id, true)}
            disabled={entry?.status === 'loading'}
          >
            <Icon name="refresh" size={14} /> Refresh
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setDialog('diagnostics')}
            disabled={!view}
          >
            Copy diagnostics
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setDialog('compare')}
            disabled={status !== 'completed'}
            title="Overlay this result with another job’s"
          >
            Compare…
          </button>
          <HandoverActions id={id} ready={view !== null} />
          {canCancel && view && !isFinished(view.detail) ? (
            <button
              type="button"
              className="btn jm-cancel"
              onClick={() => askCancel(id)}
              title="Stop this job on its device (asks first)"
            >
              Cancel job…
            </button>
          ) : null}
        </div>
      </header>
      {!entry || entry.status === 'loading' ? (
        <DetailSkeleton />
      ) : entry.status === 'error' || !view ? (
        <StateMessage
          icon="error"
          tone="err"
          title={
            entry.code === 'not-found' || /\b404\b/.test(entry.error ?? '')
              ? `Job ${id} was not found`
              : `Job ${id} could not be loaded`
          }
          action={
            <button type="button" className="btn" onClick={() => void loadDetail(id)}>
              Try again
            </button>
          }
        >
          <p>{entry.error}</p>
        </StateMessage>
      ) : (
        <>
          {view.fromCache ? (
            <p
              className="callout callout-warn jm-offline-note"
              role="status"
              data-testid="detail-offline"
            >
              <Icon name="plug" />{' '}
              <span title={view.offline ?? undefined}>
                {view.storeReason === 'logged-out' ? 'Not logged in' : 'Offline'}: this is the copy
                stored on this computer, fetched {formatLocal(view.fetchedAt)}.
                {summaryOnly(view)
                  ? ' Only its summary is stored: its payload, result and logs were never opened while the service could be reached.'
                  : ''}
              </span>
            </p>
          ) : null}
          <ErrorBanner view={view} />
          <DetailTabs view={view} tab={tab} onTab={setTab} />
          <div
            className="jm-tabpanel"
            role="tabpanel"
            id={`jm-panel-${tab}`}
            aria-labelledby={`jm-tab-${tab}`}
          >
            {tab === 'summary' ? (
              // Tags, note and rerun links first: they are about the job as a whole. In the
              // Summary, not above the tabs: a result keeps the height of a small window.
              <JobAnnotationsPanel
                id={id}
                onOpenJob={(jobId) => useJobsStore.getState().open(jobId)}
              />
            ) : null}
            {tab === 'summary' ? (
              <SummaryTab
                view={view}
                deviceName={deviceName}
                timeline={timeline ?? []}
                showJobType={VARIANTS[variant].jobDetailJobType}
                log={progress(id)}
              />
            ) : null}
            {tab === 'payload' ? <PayloadTab view={view} variant={variant} /> : null}
            {tab === 'result' ? (
              <ResultTab view={view} variant={variant} viewers={viewers} />
            ) : null}
            {tab === 'logs' ? (
              <LogViewer
                host={logHost}
                text={(view.detail as { logs?: string | null }).logs ?? ''}
                label={`Logs of job ${id}`}
                fileName={`job-${id}-logs.txt`}
                live={live}
                notice={truncationNote(view, 'logs')}
                testId="job-logs"
                empty={
                  <StateMessage icon="info" title="No logs">
                    {view.offline ?? (
                      <p>The service sent no logs for this job{live ? ' yet' : ''}.</p>
                    )}
                  </StateMessage>
                }
              />
            ) : null}
            {tab === 'errors' ? <ErrorsTab view={view} /> : null}
          </div>
        </>
      )}
      {dialog === 'diagnostics' ? (
        <DiagnosticsDialog jobId={id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'compare' || comparing ? (
        <CompareDialog
          jobId={id}
          variant={variant}
          viewers={viewers}
          onClose={() => {
            setDialog(null);
            useJobsStore.getState().compare(null);
          }}
        />
      ) : null}
    </article>
  );
}

/** The WAI-ARIA tabs pattern: one tab in the tab order, arrows move between them. */
export function DetailTabs({
  view,
  tab,
  onTab,
}: {
  view: JobDetailView;
  tab: DetailTab;
  onTab: (t: DetailTab) => void;
}) {
  const errors = hasErrors(view);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.key === tab);
    const to =
      e.key === 'ArrowRight'
        ? at + 1
        : e.key === 'ArrowLeft'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length]!.key;
    onTab(next);
    e.currentTarget.querySelector<HTMLElement>(`#jm-tab-${next}`)?.focus();
  };
  return (
    <div className="jm-tabs" role="tablist" aria-label="Job detail" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={`jm-tab-${t.key}`}
          aria-selected={t.key === tab}
          aria-controls={`jm-panel-${t.key}`}
          tabIndex={t.key === tab ? 0 : -1}
          className={`jm-tab${t.key === 'errors' && errors ? ' has-errors' : ''}`}
          onClick={() => onTab(t.key)}
        >
          {t.label}
          {t.key === 'errors' && errors ? (
            <span className="jm-tab-dot" aria-label="(has errors)" />
          ) : null}
        </button>
      ))}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="jm-detail-skeleton" aria-busy="true" aria-label="Loading the job">
      <Skeleton width="40%" height="1.2rem" />
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="jm-field-row">
          <Skeleton width="6rem" />
          <Skeleton width={`${40 + ((i * 17) % 45)}%`} />
        </div>
      ))}
    </div>
  );
}

/** A stored record without its detail: nothing heavy was ever fetched for it. */
function summaryOnly(view: JobDetailView): boolean {
  const d = view.detail as Record<string, unknown>;
  return ['payload', 'result', 'logs', 'error', 'error_logs'].every((k) => d[k] == null);
}
