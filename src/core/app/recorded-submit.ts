import type { SubmissionOrigin } from '../../shared/annotations';
import type { JobCache } from '../cache';
import { profileCacheKey } from '../cache';
import type { Logger } from '../logging/logger';
import type { RecordedSubmitOutcome } from '../submit/submit-job';
import { deviceIn, submitRecorded } from '../submit/submit-job';
import type { ActiveConnection } from './active-connection';
import { preparePayload } from '../submit/prepare-payload';

/**
 * Submits from the app: the payload checked as the editor checks it, the submission kept in the
 * local store (exact text, device as listed, origin), and the new job watched from the start so
 * every status change arrives as an event.
 */
export async function recordedSubmit(
  active: ActiveConnection,
  cache: JobCache,
  log: Logger,
  input: {
    text: string;
    deviceCode: string;
    name?: string | undefined;
    origin: SubmissionOrigin | null;
  },
): Promise<RecordedSubmitOutcome> {
  active.requireLogin();
  const outcome = await submitRecorded(
    {
      store: cache.annotations,
      profileKey: profileCacheKey(active.profile),
      prepare: (text) => preparePayload(active.profile.variant, text),
      execute: (payload, options) => active.client.execute(payload, options),
      device: async (code) => {
        const view = await active.devices(false);
        return deviceIn(view.devices, code, view.fetchedAt);
      },
      onRecordFailed: (error) =>
        log.warn('a submitted job could not be recorded in the local job store', { error }),
    },
    input,
  );
  active.watchSubmitted(outcome.jobId);
  log.info('job submitted', {
    profile: active.profile.id,
    jobId: outcome.jobId,
    type: outcome.executeType,
    ...(input.origin ? { origin: input.origin.kind } : {}),
  });
  return outcome;
}
