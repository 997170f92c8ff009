import { useEffect } from 'react';
import { notifyJobEnd } from '../features/job-monitor/notify-job-end';
import { useJobsStore } from '../state/jobs/store';

/**
 * Job status events into the job list and the job-end notices, from the start: a job submitted
 * from the editor tells when it ends even if the Jobs view (loaded when first opened) never was.
 */
export function useJobEndNotices(): void {
  useEffect(() => useJobsStore.getState().watchStatuses(notifyJobEnd), []);
}
