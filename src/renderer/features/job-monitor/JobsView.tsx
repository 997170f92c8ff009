import { useCallback, useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { VARIANTS } from '../../../shared/variants';
import { Icon } from '../../ui/components/Icon';
import { StateMessage } from '../../ui/components/States';
import { useNow } from '../../ui/hooks/useNow';
import { formatAgo } from '../../ui/time-format';
import { useAppStore } from '../../state/app/store';
import { selectIsOffline, selectVariant, useConnectionStore } from '../../state/connection/store';
import { useDevicesStore } from '../../state/devices/store';
import type { MenuItem } from '../../ui/components/Menu';
import type { JobRecord } from '../../state/jobs/store';
import { isFinished, selectHasFilters, useJobsStore } from '../../state/jobs/store';
import { useLoginPrompt } from '../../state/connection/login-flow';
import { LoginPrompt } from '../../ui/components/LoginPrompt';
import { shortcutLabel } from '../../services/commands';
import { CancelJobDialog, useCanCancel } from './detail/CancelJobDialog';
import { BundleOpener, useBundleDrop } from './bundles/BundleOpener';
import { ListExporter } from './bundles/ListExporter';
import { BundleView } from './bundles/BundleView';
import { JobDetailPane } from './detail/JobDetailPane';
import { JobFilterBar } from './table/JobFilterBar';
import { useProgressFill } from './use-progress-fill';
import { activeFilterCount, createJobQuery } from '../../state/jobs/job-query';
import { JobTable } from './table/JobTable';
import { enableNotifications, notificationsSupported } from './notify-job-end';
import { useMonitorWiring } from './use-monitor-wiring';
import { useStatusFill } from './use-status-fill';
import type { ResultViewers } from './viewer-slots';
import { useAnnotationsStore } from '../../state/annotations/store';
import { useBundlesStore } from '../../state/bundles/store';
import './job-monitor.css';

/**
 * The job monitor: every job of the connection in a virtualized table with filters, search and
 * sorting, live status changes, and the detail of the open job beside it (over it when narrow).
 * `viewers` draw results (the result-viewers feature, which the shell composes in).
 */
export function JobsView({ viewers }: { viewers: ResultViewers }) {
  useMonitorWiring();
  const s = useJobsStore();
  const login = useLoginPrompt();
  const variant = useConnectionStore(selectVariant);
  const session = useConnectionStore((c) => c.session?.state);
  const linkOffline = useConnectionStore(selectIsOffline);
  const devices = useDevicesStore((d) => d.devices);
  const shell = useAppStore((a) => a.info?.shell);
  const hasFilters = selectHasFilters(s);
  const now = useNow(10_000);
  const fillStatuses = useStatusFill(VARIANTS[variant].jobDetailJobType);
  const fillProgress = useProgressFill();
  const onVisible = useCallback(
    (visible: JobRecord[]) => {
      fillStatuses(visible);
      fillProgress(visible);
    },
    [fillStatuses, fillProgress],
  );
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );

  const names = useMemo(
    () => new Map(devices.filter((d) => d.id !== undefined).map((d) => [d.id!, d.name])),
    [devices],
  );
  const deviceName = useCallback((id: number) => names.get(id) ?? `device ${id}`, [names]);
  // Running jobs' durations grow: sorted by duration, the order is brought up to date every
  // 10 s (not every tick, so rows do not jump under the pointer).
  const sortClock = s.sort.key === 'duration' ? now : 0;
  // Keeps the sorted order between queries: a keystroke or a live change does not sort again.
  const [queryJobs] = useState(createJobQuery);
  // Tags are kept on this computer: the index is read again with every list.
  const tagIndex = useAnnotationsStore((a) => a.index);
  const noteIndex = useAnnotationsStore((a) => a.notes);
  useEffect(() => {
    if (s.profileId) void useAnnotationsStore.getState().loadIndex();
  }, [s.profileId, s.fetchedAt]);
  const knownTags = useMemo(() => [...new Set([...tagIndex.values()].flat())].sort(), [tagIndex]);
  const tagsOf = useCallback((id: number) => tagIndex.get(id), [tagIndex]);
  const bundle = useBundlesStore((b) => b.view);
  const bundleError = useBundlesStore((b) => b.error);
  const drop = useBundleDrop();
  const rows = useMemo(
    () => queryJobs(s.records, s.filters, s.sort, deviceName, sortClock, tagIndex, noteIndex),
    [queryJobs, s.records, s.filters, s.sort, deviceName, sortClock, tagIndex, noteIndex],
  );
  const exportIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const statusCounts = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const r of s.records)
      counts[r.status ?? 'unknown'] = (counts[r.status ?? 'unknown'] ?? 0) + 1;
    return counts;
  }, [s.records]);
  // A running job's progress as its own log states it: one source for its row and its detail.
  const logProgress = s.logProgress;
  const progress = useCallback((id: number) => logProgress[id] ?? null, [logProgress]);
  const canCancel = useCanCancel();
  const { open, askCancel } = s;
  const rowMenu = useCallback(
    (job: JobRecord): MenuItem[] => [
      { key: 'open', label: 'Open', onSelect: () => open(job.id) },
      { key: 'logs', label: 'Open its logs', onSelect: () => open(job.id, 'logs') },
      // Offered only where the connection can cancel, and only while the job has not ended.
      ...(canCancel && !isFinished(job)
        ? [
            {
              key: 'cancel',
              label: 'Cancel job…',
              detail: 'Stops it on its device; asks first',
              separatorBefore: true,
              onSelect: () => askCancel(job.id),
            },
          ]
        : []),
    ],
    [open, askCancel, canCancel],
  );
  const deviceOptions = useMemo(() => {
    const ids = new Set(s.records.map((r) => r.device_id));
    for (const id of names.keys()) ids.add(id);
    return [...ids].sort((a, b) => a - b).map((id) => ({ id, name: deviceName(id) }));
  }, [s.records, names, deviceName]);

  // The job whose cancel is being confirmed: its row, or its detail when the list lacks it.
  const cancelling =
    s.cancelAsk === null
      ? null
      : (s.records.find((r) => r.id === s.cancelAsk) ??
        s.details[s.cancelAsk]?.view?.detail ??
        null);
  // Escape closes the open job, from its detail or the list, and puts the cursor on its row;
  // not while something inside answers Escape itself (a menu, a dialog, a field, the editor).
  const closeOnEscape = (e: KeyboardEvent) => {
    const open = s.openId;
    if (e.key !== 'Escape' || e.defaultPrevented || open === null) return;
    if ((e.target as Element).closest('dialog, .monaco-editor, input, textarea, select')) return;
    e.preventDefault();
    s.close();
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`.job-row[data-job-id="${open}"]`)?.focus(),
    );
  };
  const loading = s.status === 'loading' || (s.status === 'idle' && session !== undefined);
  const notLoggedIn = session === 'logged-out' || session === 'expired';

  let list;
  if (s.status === 'error') {
    list = (
      <StateMessage
        icon="error"
        tone="err"
        title="The jobs could not be loaded"
        action={
          <button type="button" className="btn" onClick={() => void s.refresh()}>
            Try again
          </button>
        }
      >
        <p>{s.error}</p>
      </StateMessage>
    );
  } else if (!loading && s.records.length === 0 && notLoggedIn) {
    list = <LoginPrompt what="its jobs" {...login} />;
  } else if (!loading && s.records.length === 0) {
    list = (
      <StateMessage
        icon="jobs"
        title="No jobs yet"
        action={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => useAppStore.getState().showView('editor')}
          >
            Write a payload
          </button>
        }
      >
        <p>
          {s.storeReason === 'unreachable'
            ? 'Nothing is stored on this computer for this connection, and the service cannot be reached.'
            : 'Jobs submitted to this connection appear here, with their status as it changes.'}
        </p>
      </StateMessage>
    );
  } else if (!loading && rows.length === 0) {
    list = (
      <StateMessage
        icon="search"
        title="No job matches"
        action={
          <button type="button" className="btn" onClick={s.clearFilters}>
            Clear filters
          </button>
        }
      >
        <p>None of the {s.records.length.toLocaleString()} jobs fits the search and filters.</p>
      </StateMessage>
    );
  } else {
    list = (
      <JobTable
        rows={rows}
        loading={loading}
        deviceName={deviceName}
        showJobType={VARIANTS[variant].jobDetailJobType}
        sort={s.sort}
        onSort={s.sortBy}
        selectedId={s.selectedId}
        openId={s.openId}
        changed={s.changed}
        onSelect={s.select}
        onOpen={(id) => s.open(id)}
        onVisible={onVisible}
        progress={progress}
        rowMenu={rowMenu}
        tagsOf={tagsOf}
      />
    );
  }

  return (
    <div className="jm-view" data-testid="job-monitor" {...drop}>
      <header className="jm-head">
        <h1 className="jm-title">Jobs</h1>
        <span className="jm-count" data-testid="job-count" aria-live="polite">
          {loading
            ? 'Loading…'
            : hasFilters
              ? `${rows.length.toLocaleString()} of ${s.records.length.toLocaleString()}`
              : `${s.records.length.toLocaleString()} ${s.records.length === 1 ? 'job' : 'jobs'}`}
        </span>
        {/* Beside the count it changes; its place is kept while no filter is set. */}
        <button
          type="button"
          className="btn btn-ghost jm-clear"
          onClick={s.clearFilters}
          style={hasFilters ? undefined : { visibility: 'hidden' }}
          aria-hidden={hasFilters ? undefined : true}
          tabIndex={hasFilters ? undefined : -1}
        >
          Clear filters ({activeFilterCount(s.filters)})
        </button>
        <span className="muted jm-source" data-testid="list-source">
          {s.offline
            ? null
            : s.fetchedAt && !s.fromCache
              ? `Updated ${formatAgo(s.fetchedAt, now)}`
              : null}
        </span>
        <span className="jm-spacer" />
        <div className="jm-head-actions">
          {shell === 'web' && permission === 'default' ? (
            <button
              type="button"
              className="btn"
              title="Ask the browser to show a notification when a job ends while this tab is in the background"
              onClick={() => void enableNotifications().then(setPermission)}
            >
              <Icon name="bell" />
              Notify me when jobs end
            </button>
          ) : null}
          <BundleOpener />
          <ListExporter ids={exportIds} filtered={hasFilters} />
          <button
            type="button"
            className="btn"
            onClick={() => useAppStore.getState().openDialog('openById')}
            title={`Open job by id (${shortcutLabel('Ctrl+J')})`}
          >
            Open by id <kbd>{shortcutLabel('Ctrl+J')}</kbd>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void s.refresh()}
            disabled={s.refreshing || loading}
            aria-label="Refresh the job list"
          >
            <Icon name="refresh" size={14} className={s.refreshing ? 'jm-spin' : undefined} />{' '}
            Refresh
          </button>
        </div>
      </header>
      {s.storeReason === 'logged-out' ? (
        // The service is fine; nobody is logged in to it. Not "offline".
        <p className="callout callout-info jm-banner" role="status" data-testid="logged-out-banner">
          <Icon name="user" />
          <span>
            <strong>Not logged in.</strong> Showing the jobs stored on this computer; log in to see
            the service’s list and follow running jobs.{' '}
            <button
              type="button"
              className="btn-link"
              onClick={() => useAppStore.getState().openDialog('login')}
            >
              Log in
            </button>
          </span>
        </p>
      ) : s.offline ? (
        <p className="callout callout-warn jm-banner" role="status" data-testid="offline-banner">
          <Icon name="plug" />
          <span>
            <strong>Offline.</strong> Showing the jobs stored on this computer. {s.offline}
          </span>
        </p>
      ) : linkOffline && s.status === 'ready' ? (
        <p className="callout callout-warn jm-banner" role="status" data-testid="offline-banner">
          <Icon name="plug" />
          <span>
            <strong>Offline.</strong> The service cannot be reached: this list was fetched{' '}
            {formatAgo(s.fetchedAt, now)} and is brought up to date when the service answers again.
          </span>
        </p>
      ) : null}
      {s.error && s.status === 'ready' ? (
        <p className="callout callout-err jm-banner" role="alert">
          <Icon name="error" />
          <span>{s.error}</span>
        </p>
      ) : null}
      {s.cache && !s.cache.persistent && s.cache.message ? (
        <p className="callout callout-info jm-banner">
          <Icon name="info" />
          <span>{s.cache.message}</span>
        </p>
      ) : null}
      {bundleError ? (
        <p className="callout callout-err jm-banner" role="alert" data-testid="bundle-error">
          <Icon name="error" />
          <span>{bundleError}</span>
        </p>
      ) : null}
      {bundle ? <BundleView bundle={bundle} variant={variant} viewers={viewers} /> : null}
      {bundle ? null : (
        <JobFilterBar
          filters={s.filters}
          onChange={s.setFilters}
          devices={deviceOptions}
          jobTypes={VARIANTS[variant].jobDetailJobType ? VARIANTS[variant].jobTypes : []}
          statusCounts={statusCounts}
          knownTags={knownTags}
        />
      )}
      <div
        className={`jm-split${s.openId !== null ? ' has-detail' : ''}`}
        style={bundle ? { display: 'none' } : undefined}
        onKeyDown={closeOnEscape}
      >
        <section className="jm-list" aria-label="Job list">
          {list}
        </section>
        {s.openId !== null ? (
          <section className="jm-detail-slot" aria-label="Job detail">
            <JobDetailPane
              key={s.openId}
              id={s.openId}
              variant={variant}
              deviceName={deviceName}
              progress={progress}
              viewers={viewers}
              onClose={s.close}
            />
          </section>
        ) : null}
      </div>
      {cancelling ? (
        <CancelJobDialog
          job={cancelling}
          deviceName={deviceName}
          onClose={() => s.askCancel(null)}
        />
      ) : null}
    </div>
  );
}
