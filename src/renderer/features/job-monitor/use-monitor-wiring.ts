import { useEffect } from 'react';
import type { AppState } from '../../state/app/initialState';
import { useAppStore } from '../../state/app/store';
import { selectIsOffline, useConnectionStore } from '../../state/connection/store';
import { useEstimatesStore } from '../../state/estimates/store';
import { restoreSelection, useJobsStore } from '../../state/jobs/store';

/**
 * Connects the monitor to the rest of the app while it is mounted (it stays mounted once the
 * Jobs view was opened; status events reach the list from the shell, `useJobEndNotices`): a
 * profile switch or login reloads it,
 * "open this job" requests (submit result, notification click, open by id) land here.
 */
export function useMonitorWiring(): void {
  useEffect(() => {
    const jobs = useJobsStore.getState();
    const reload = () => {
      const { activeId, session } = useConnectionStore.getState();
      const ready =
        session?.state === 'active' ||
        session?.state === 'logged-out' ||
        session?.state === 'expired';
      if (!activeId || (!ready && useJobsStore.getState().profileId === activeId)) return;
      void useEstimatesStore.getState().load();
      void useJobsStore
        .getState()
        .load(activeId)
        .then(() => restoreSelection(activeId));
    };
    const stops = [
      useConnectionStore.subscribe((s) => `${s.activeId}|${s.session?.state === 'active'}`, reload),
      // The service answers again (any call did): a list or detail read from the store while it
      // was away is brought up to date, so the monitor stops saying "offline" with everyone else.
      useConnectionStore.subscribe(selectIsOffline, (offline, was) => {
        const jobs = useJobsStore.getState();
        const stale =
          jobs.offline !== null ||
          (jobs.openId !== null && jobs.details[jobs.openId]?.view?.fromCache === true);
        if (was && !offline && stale) void jobs.refresh();
      }),
      useAppStore.subscribe(
        (s) => s.openJob,
        (request) => {
          if (request) openRequested(request);
        },
      ),
    ];
    reload();
    // A request made before the monitor was first mounted (the submit result's link).
    const pending = useAppStore.getState().openJob;
    if (pending && jobs.openId !== pending.id) openRequested(pending);
    return () => stops.forEach((stop) => stop());
  }, []);
}

/** A job asked for elsewhere (`requestJob`): opened on the tab asked, compared when asked. */
function openRequested(request: NonNullable<AppState['openJob']>): void {
  const jobs = useJobsStore.getState();
  jobs.open(request.id, request.tab);
  if (request.compareWith !== undefined) jobs.compare(request.compareWith);
}
