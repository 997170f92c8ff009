export interface SubmitOutcome {
  /** The editor tab whose payload was submitted: the outcome is shown with that tab only. */
  tabId: string;
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
  /**
   * The editor tab and device of the last document whose own device (`# device:` in its header)
   * was picked: once per opening, so the person's own pick afterwards stays.
   */
  preferenceApplied: string | null;
  jobName: string;
  submitting: boolean;
  outcome: SubmitOutcome | null;
  /** Why the last submit failed, and from which tab. */
  error: { tabId: string; text: string } | null;
}

export const initialSubmitState: SubmitState = {
  deviceCode: null,
  preferenceApplied: null,
  jobName: '',
  submitting: false,
  outcome: null,
  error: null,
};
