import type { SubmissionOrigin } from '../../../shared/annotations';
import type { Device } from '../../../shared/variants';
import type { SetState } from '../create-store';
import { call } from '../../services/qjob';
import { describeError, errorCode } from '../../services/errors';
import { submitKey } from './initialState';
import type { SubmitResult, SubmitState } from './initialState';

export interface SubmitRequest {
  /** The editor tab the payload comes from. */
  tabId: string;
  /** The connection in use, which the core submits to. */
  profileId: string;
  text: string;
  device: Pick<Device, 'code' | 'name' | 'status'>;
  name: string;
  /** Where the text came from (a rerun, a bundle), kept with the new job. */
  origin?: SubmissionOrigin | undefined;
}

export interface SubmitActions {
  pickDevice(code: string | null): void;
  /** Picks the device a document names for itself; `key` says for which tab and device. */
  pickPreferred(key: string, code: string): void;
  /** Remembers (a tab id) or forgets (null) a submit waiting for the payload's check. */
  waitForCheck(tabId: string | null): void;
  submit(request: SubmitRequest): Promise<number | null>;
  dismissOutcome(tabId: string, profileId: string): void;
}

export const createSubmitActions = (
  set: SetState<SubmitState>,
  get: () => SubmitState,
): SubmitActions => ({
  pickDevice(code) {
    set({ deviceCode: code });
  },
  pickPreferred(key, code) {
    set({ deviceCode: code, preferenceApplied: key });
  },
  waitForCheck(tabId) {
    set({ waitingForCheck: tabId });
  },
  async submit({ tabId, profileId, text, device, name, origin }) {
    // The menu accelerator and the editor's own key binding can both fire for one key press.
    if (get().submitting) return null;
    const key = submitKey(tabId, profileId);
    const put = (result: SubmitResult) =>
      set((s) => ({ results: { ...s.results, [key]: result } }));
    set((s) => {
      const { [key]: _previous, ...others } = s.results;
      return { submitting: true, results: others };
    });
    try {
      const trimmed = name.trim();
      const result = await call('jobs.submit', {
        text,
        deviceCode: device.code,
        ...(trimmed ? { name: trimmed } : {}),
        ...(origin ? { origin } : {}),
      });
      put({
        error: null,
        outcome: {
          tabId,
          profileId,
          jobId: result.jobId,
          executeType: result.executeType,
          message: result.message,
          deviceCode: device.code,
          deviceName: device.name,
          deviceStatus: device.status,
          jobName: trimmed,
          at: new Date().toISOString(),
        },
      });
      return result.jobId;
    } catch (error) {
      const text = describeError(error, 'submit the job').detail;
      // A dropped connection may have delivered the request: say so before anyone resubmits.
      // A success answer that could not be read says the job may exist (the core's message).
      const code = errorCode(error);
      const maybeSent =
        code === 'transport-closed' || code === 'timeout'
          ? ' The service may have received it: check the Jobs view before submitting again.'
          : code === 'service.decode' || code === 'service.variant-mismatch'
            ? ' Check the Jobs view before submitting again.'
            : '';
      put({ outcome: null, error: { tabId, profileId, text: text + maybeSent } });
      return null;
    } finally {
      set({ submitting: false });
    }
  },
  dismissOutcome(tabId, profileId) {
    set((s) => {
      const { [submitKey(tabId, profileId)]: _dismissed, ...results } = s.results;
      return { results };
    });
  },
});
