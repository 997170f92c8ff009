import { useEffect, useRef, useState } from 'react';
import type { BundleView as Bundle } from '../../../../shared/bundles';
import type { VariantId } from '../../../../shared/variants';
import { VARIANTS } from '../../../../shared/variants';
import { showBidiControls as show } from '../../../../shared/text/bidi';
import { CloseButton } from '../../../ui/components/CloseButton';
import { StateMessage } from '../../../ui/components/States';
import { useBundlesStore } from '../../../state/bundles/store';
import { useDevicesStore } from '../../../state/devices/store';
import type { DetailTab } from '../../../state/jobs/store';
import { LogViewer } from '../../../ui/log-viewer';
import { Lineage } from '../annotations/Lineage';
import { TagList } from '../annotations/JobAnnotationsPanel';
import { ErrorBanner } from '../detail/ErrorBanner';
import { ErrorsTab } from '../detail/ErrorsTab';
import { DetailTabs } from '../detail/JobDetailPane';
import { PayloadTab } from '../detail/PayloadTab';
import { ResultTab } from '../detail/ResultTab';
import { SummaryTab } from '../detail/SummaryTab';
import { formatLocal } from '../job-format';
import { JobStatusChip } from '../table/status-look';
import { useLogViewerHost } from '../detail/use-log-host';
import type { ResultViewers } from '../viewer-slots';
import './bundle-view.css';

const SEEN: Record<Bundle['jobs'][number]['device']['seen'], string> = {
  submission: 'as listed when the job was submitted',
  export: 'as listed when the bundle was made (it may have changed since the job ran)',
  unknown: 'not known to the app that made the bundle',
};

/**
 * An opened bundle, read-only and offline: its jobs (a batch lists them), each with every viewer
 * of the job detail, its tags, note and device, and "Run again" on this connection.
 */
export function BundleView({
  bundle,
  variant,
  viewers,
}: {
  bundle: Bundle;
  variant: VariantId;
  viewers: ResultViewers;
}) {
  const selected = useBundlesStore((s) => s.selected);
  const submitting = useBundlesStore((s) => s.submitting);
  const { select, close, rerunInEditor, rerunNow } = useBundlesStore.getState();
  const devices = useDevicesStore((d) => d.devices);
  const logHost = useLogViewerHost();
  const [tab, setTab] = useState<DetailTab>('summary');
  const job = bundle.jobs[selected] ?? bundle.jobs[0]!;
  const sameVariant = bundle.source.variant === variant;
  // The job's own device when this connection has it, else the first one; a pick holds for
  // the job it was made for.
  const [picked, setPicked] = useState<{ index: number; code: string } | null>(null);
  const own = job.device.code;
  const fallback =
    own && devices.some((d) => d.code === own) ? own : (devices[0]?.code ?? own ?? '');
  const deviceCode = picked?.index === selected ? picked.code : fallback;
  const setDeviceCode = (code: string) => setPicked({ index: selected, code });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const id = job.view.detail.id;
  const deviceName = () =>
    show(job.device.record?.name ?? job.device.code ?? `device ${job.device.id}`);
  return (
    <article className="bv" aria-labelledby="bv-title" data-testid="bundle-view">
      <header className="bv-head">
        <div className="bv-titlebar">
          <h2 id="bv-title" ref={heading} tabIndex={-1}>
            Bundle <span className="mono">{show(bundle.fileName)}</span>
          </h2>
          <span className="bv-readonly">Read-only</span>
          <span className="jm-spacer" />
          <CloseButton label="Close the bundle" onClick={close} />
        </div>
        <p className="muted bv-source">
          {bundle.jobs.length} job{bundle.jobs.length === 1 ? '' : 's'} of{' '}
          <strong>{show(bundle.source.connection)}</strong> (Variant {bundle.source.variant}
          {bundle.source.service ? `, ${show(bundle.source.service)}` : ''}), made{' '}
          {show(formatLocal(bundle.createdAt))} by {show(bundle.app.name)}{' '}
          {show(bundle.app.version)}.
          {bundle.redactions
            ? ` ${bundle.redactions} text${bundle.redactions === 1 ? '' : 's'} had secret-looking values removed.`
            : ''}
        </p>
        {!sameVariant ? (
          <p className="callout callout-warn" role="status">
            These are Variant {bundle.source.variant} jobs and this connection speaks Variant{' '}
            {variant}: they can be read here, not run again.
          </p>
        ) : null}
      </header>
      {bundle.jobs.length > 1 ? (
        <nav className="bv-jobs" aria-label="Jobs in the bundle">
          {bundle.jobs.map((j, i) => (
            <button
              key={`${j.view.detail.id}-${i}`}
              type="button"
              className={`bv-job${i === selected ? ' is-selected' : ''}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => select(i)}
            >
              <span className="mono">#{j.view.detail.id}</span> {show(j.view.detail.name)}{' '}
              <JobStatusChip status={j.view.detail.status ?? null} />
            </button>
          ))}
        </nav>
      ) : null}
      <section className="bv-job-head" aria-label={`Job ${id}`} data-testid="bundle-job">
        <h3>
          Job <span className="mono">{id}</span>
          {job.view.detail.name ? (
            <span className="muted"> · {show(job.view.detail.name)}</span>
          ) : null}{' '}
          <JobStatusChip status={job.view.detail.status ?? null} />
        </h3>
        <dl className="bv-facts">
          <dt>Device</dt>
          <dd>
            {job.device.code !== null ? show(job.device.code) : `id ${job.device.id}`}{' '}
            <span className="muted">({SEEN[job.device.seen]})</span>
          </dd>
          <dt>Payload</dt>
          <dd>
            {!job.payload
              ? 'none'
              : job.payload.redacted
                ? 'secret-looking values were removed from it: not what was sent'
                : job.payload.source === 'submitted'
                  ? 'exactly as submitted'
                  : 'rebuilt from the service’s copy (the same content; spacing and comments may differ)'}
          </dd>
          {job.tags.length ? (
            <>
              <dt>Tags</dt>
              <dd>
                <TagList tags={job.tags} />
              </dd>
            </>
          ) : null}
          {job.note ? (
            <>
              <dt>Note</dt>
              <dd className="jm-note" data-testid="bundle-note">
                {show(job.note)}
              </dd>
            </>
          ) : null}
        </dl>
        <Lineage
          annotations={job.origin ? { ...EMPTY, jobId: id, origin: job.origin } : null}
          onOpenJob={(other) => {
            const at = bundle.jobs.findIndex((j) => j.view.detail.id === other);
            if (at >= 0) select(at);
          }}
        />
        {job.payload && sameVariant ? (
          <div className="bv-actions">
            <button type="button" className="btn" onClick={() => rerunInEditor(selected)}>
              Run again…
            </button>
            <label className="jm-field">
              <span>on</span>
              <select
                className="select"
                value={deviceCode}
                onChange={(e) => setDeviceCode(e.target.value)}
                aria-label="Device to run it on"
              >
                {deviceCode && !devices.some((d) => d.code === deviceCode) ? (
                  <option value={deviceCode}>{show(deviceCode)} (not on this connection)</option>
                ) : null}
                {devices.map((d) => (
                  <option key={d.code} value={d.code}>
                    {show(d.name)} ({show(d.code)}, {d.status})
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!deviceCode || submitting}
              onClick={() => void rerunNow(selected, deviceCode)}
            >
              {submitting ? 'Submitting…' : 'Run again now'}
            </button>
          </div>
        ) : null}
      </section>
      <ErrorBanner view={job.view} />
      <DetailTabs view={job.view} tab={tab} onTab={setTab} />
      <div
        className="jm-tabpanel"
        role="tabpanel"
        id={`jm-panel-${tab}`}
        aria-labelledby={`jm-tab-${tab}`}
      >
        {tab === 'summary' ? (
          <SummaryTab
            view={job.view}
            deviceName={deviceName}
            timeline={job.timeline}
            showJobType={VARIANTS[bundle.source.variant].jobDetailJobType}
            log={null}
          />
        ) : null}
        {tab === 'payload' ? (
          <PayloadTab
            view={job.view}
            variant={bundle.source.variant}
            documentText={job.payload?.text}
          />
        ) : null}
        {tab === 'result' ? (
          <ResultTab view={job.view} variant={bundle.source.variant} viewers={viewers} />
        ) : null}
        {tab === 'logs' ? (
          <LogViewer
            text={(job.view.detail as { logs?: string | null }).logs ?? ''}
            label={`Logs of job ${id}`}
            host={logHost}
            fileName={`job-${id}-logs.txt`}
            live={false}
            notice={null}
            testId="job-logs"
            empty={
              <StateMessage icon="info" title="No logs">
                <p>The bundle holds no logs for this job.</p>
              </StateMessage>
            }
          />
        ) : null}
        {tab === 'errors' ? <ErrorsTab view={job.view} /> : null}
      </div>
    </article>
  );
}

const EMPTY = { tags: [], note: '', noteUpdatedAt: null, reruns: [], payloadKept: true };
