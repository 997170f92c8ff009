import type { SubmissionOrigin } from '../../shared/annotations';
import type { Device, ExecutePayload } from '../../shared/variants';
import type { AnnotationStore } from '../annotations/types';

/** What submitting needs, from the app's connection or from qjob's session alike. */
export interface RecordedSubmitDeps {
  store: AnnotationStore;
  /** The job store's key of the connection (cache/cache-key.ts). */
  profileKey: string;
  /** The payload document turned into what the service takes; throws with what is wrong. */
  prepare: (text: string) => ExecutePayload;
  execute: (
    payload: ExecutePayload,
    options: { deviceCode: string; name?: string },
  ) => Promise<{ jobId: { id: number }; message: string | null }>;
  /** The device as the latest device list shows it, and when that list was fetched. */
  device: (code: string) => Promise<{ device: Device | null; seenAt: string | null }>;
  /** Told when the submission could not be recorded (the job was submitted all the same). */
  onRecordFailed?: (error: unknown) => void;
  now?: () => Date;
}

export interface RecordedSubmitInput {
  /** The payload document exactly as it is to be sent and kept. */
  text: string;
  deviceCode: string;
  name?: string | undefined;
  origin: SubmissionOrigin | null;
}

export interface RecordedSubmitOutcome {
  jobId: number;
  executeType: string;
  message: string | null;
}

/**
 * Submits a payload document and records, in the local job store, the text exactly as sent,
 * the device as it was listed and where the payload came from (a rerun, a bundle; a sweep
 * later). Every submission of the app and of qjob goes through here, so any job submitted from
 * this computer can be rerun and bundled with its payload's exact bytes. The record is written
 * after the service answered: a failed write is reported, never turned into a failed submit
 * (the job exists, and submitting is not repeated).
 */
export async function submitRecorded(
  deps: RecordedSubmitDeps,
  input: RecordedSubmitInput,
): Promise<RecordedSubmitOutcome> {
  const payload = deps.prepare(input.text);
  const { device, seenAt } = await deps.device(input.deviceCode).catch(() => ({
    device: null,
    seenAt: null,
  }));
  const outcome = await deps.execute(payload, {
    deviceCode: input.deviceCode,
    ...(input.name ? { name: input.name } : {}),
  });
  try {
    deps.store.recordSubmission(deps.profileKey, {
      jobId: outcome.jobId.id,
      payloadText: input.text,
      deviceCode: input.deviceCode,
      device,
      deviceSeenAt: seenAt,
      origin: input.origin,
      submittedAt: (deps.now?.() ?? new Date()).toISOString(),
    });
  } catch (error) {
    deps.onRecordFailed?.(error);
  }
  return { jobId: outcome.jobId.id, executeType: payload.type, message: outcome.message };
}

/** The device of `code` in a device list fetched at `seenAt`. */
export function deviceIn(
  devices: readonly Device[],
  code: string,
  seenAt: string | null,
): { device: Device | null; seenAt: string | null } {
  const device = devices.find((d) => d.code === code) ?? null;
  return { device, seenAt: device ? seenAt : null };
}
