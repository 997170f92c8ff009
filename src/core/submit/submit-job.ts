import type { SubmissionOrigin } from '../../shared/annotations';
import type { Device, ExecutePayload, JobId } from '../../shared/variants';
import { readHeaderComment } from '../../shared/yaml/header-comment';
import type { AnnotationStore } from '../annotations/types';
import type { ServiceClient } from '../client/types';
import { sendPayload } from './send-payload';

/** What submitting needs, from the app's connection or from qjob's session alike. */
export interface SubmitJobDeps {
  client: ServiceClient;
  store: AnnotationStore;
  /** The job store's key of the connection (cache/cache-key.ts). */
  profileKey: string;
  /** The device as the latest device list shows it, and when that list was fetched. */
  device: (code: string) => Promise<{ device: Device | null; seenAt: string | null }>;
  /** Told when the submission could not be recorded (the job was submitted all the same). */
  onRecordFailed?: (error: unknown) => void;
  signal?: AbortSignal | undefined;
  now?: () => Date;
}

export interface SubmitJobInput {
  /** The payload document exactly as it is to be sent and kept. */
  text: string;
  /** `text` prepared (preparePayload): the checked model that is sent. */
  payload: ExecutePayload;
  deviceCode: string;
  /** The job's name; without one, the payload's `# title:` comment, else the service's default. */
  name?: string | undefined;
  origin: SubmissionOrigin | null;
}

export interface SubmittedJob {
  jobId: JobId;
  executeType: string;
  message: string | null;
}

/**
 * Submits a prepared payload and records, in the local job store, the text exactly as sent, the
 * device as it was listed and where the payload came from (a rerun, a bundle). Every submission
 * of a person's payload, the app's and qjob's, goes through here, so any job submitted from
 * this computer can be rerun and bundled with its payload's exact bytes. The record is written
 * after the service answered: a failed write is reported, never turned into a failed submit
 * (the job exists, and submitting is not repeated).
 */
export async function submitJob(deps: SubmitJobDeps, input: SubmitJobInput): Promise<SubmittedJob> {
  const { device, seenAt } = await deps.device(input.deviceCode).catch(() => ({
    device: null,
    seenAt: null,
  }));
  // Unnamed, a job takes the payload's `# title:` as the app's editor names it (jobNameOf).
  const name = input.name?.trim() || readHeaderComment(input.text).title;
  const outcome = await sendPayload(deps.client, input.payload, {
    deviceCode: input.deviceCode,
    ...(name ? { name } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
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
  return { jobId: outcome.jobId, executeType: input.payload.type, message: outcome.message };
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
