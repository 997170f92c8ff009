export interface SubmitOutcome {
  jobId: number;
  executeType: string;
  /** The service's own notice on the job handle (Variant A), if any. */
  message: string | null;
  deviceName: string;
  jobName: string;
  at: string;
}

export interface SubmitState {
  /** The device code picked in the pre-flight panel. */
  deviceCode: string | null;
  jobName: string;
  submitting: boolean;
  outcome: SubmitOutcome | null;
  error: string | null;
}

export const initialSubmitState: SubmitState = {
  deviceCode: null,
  jobName: '',
  submitting: false,
  outcome: null,
  error: null,
};
