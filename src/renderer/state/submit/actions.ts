import type { SetState } from '../create-store';
import { call } from '../../services/qjob';
import { describeError, errorCode } from '../../services/errors';
import type { SubmitState } from './initialState';

export interface SubmitRequest {
  /** The editor tab the payload comes from. */
  tabId: string;
  text: string;
  deviceCode: string;
  deviceName: string;
  name: string;
}

export interface SubmitActions {
  pickDevice(code: string | null): void;
  /** Picks the device a document names for itself; `key` says for which tab and device. */
  pickPreferred(key: string, code: string): void;
  setJobName(name: string): void;
  submit(request: SubmitRequest): Promise<number | null>;
  dismissOutcome(): void;
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
  setJobName(jobName) {
    set({ jobName });
  },
  async submit({ tabId, text, deviceCode, deviceName, name }) {
    // The menu accelerator and the editor's own key binding can both fire for one key press.
    if (get().submitting) return null;
    set({ submitting: true, error: null, outcome: null });
    try {
      const trimmed = name.trim();
      const result = await call('jobs.submit', {
        text,
        deviceCode,
        ...(trimmed ? { name: trimmed } : {}),
      });
      set({
        outcome: {
          tabId,
          jobId: result.jobId,
          executeType: result.executeType,
          message: result.message,
          deviceName,
          jobName: trimmed,
          at: new Date().toISOString(),
        },
      });
      return result.jobId;
    } catch (error) {
      const text = describeError(error, 'submit the job').detail;
      // A dropped connection may have delivered the request: say so before anyone resubmits.
      const maybeSent =
        errorCode(error) === 'transport-closed' || errorCode(error) === 'timeout'
          ? ' The service may have received it: check the Jobs view before submitting again.'
          : '';
      set({ error: { tabId, text: text + maybeSent } });
      return null;
    } finally {
      set({ submitting: false });
    }
  },
  dismissOutcome() {
    set({ outcome: null, error: null });
  },
});
