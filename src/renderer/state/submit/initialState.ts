import type { DeviceStatus } from '../../../shared/variants';

export interface SubmitOutcome {
  /** The editor tab whose payload was submitted: the outcome is shown with that tab only. */
  tabId: string;
  /** The connection it went to: the job id means nothing on another one. */
  profileId: string;
  jobId: number;
  executeType: string;
  /** The service's own notice on the job handle (Variant A), if any. */
  message: string | null;
  deviceCode: string;
  deviceName: string;
  /** The device's status when the job was sent: a notice about it is news until it is online. */
  deviceStatus: DeviceStatus;
  jobName: string;
  at: string;
}

/** Why a submit failed, from which tab, to which connection. */
export interface SubmitError {
  tabId: string;
  profileId: string;
  text: string;
}

/** What the last submit of one tab to one connection did: one of the two is set. */
export interface SubmitResult {
  outcome: SubmitOutcome | null;
  error: SubmitError | null;
}

export interface SubmitState {
  /** The device code picked in the pre-flight panel. */
  deviceCode: string | null;
  /**
   * The editor tab and device of the last document whose own device (`# device:` in its header)
   * was picked: once per opening, so the person's own pick afterwards stays.
   */
  preferenceApplied: string | null;
  submitting: boolean;
  /**
   * The tab whose submit waits for its payload's check (Ctrl+Enter pressed while it ran), or
   * null: it is submitted when the check comes back clean (`useSubmitWhenChecked`).
   */
  waitingForCheck: string | null;
  /**
   * The last submit of each tab to each connection (see `submitKey`): switching the connection
   * and back brings a tab's outcome back, and never shows it on the other connection.
   */
  results: Record<string, SubmitResult>;
}

export const submitKey = (tabId: string, profileId: string): string => `${profileId}\n${tabId}`;

export const initialSubmitState: SubmitState = {
  deviceCode: null,
  preferenceApplied: null,
  submitting: false,
  waitingForCheck: null,
  results: {},
};
