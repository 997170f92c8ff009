import type { Session } from '../core/auth/session';
import type { JobId } from '../shared/variants';
import type { SubmissionOrigin } from '../shared/annotations';
import type { Device, ExecutePayload } from '../shared/variants';
import { deviceIn, submitRecorded } from '../core/submit/submit-job';
import type { CliIo } from './io';
import type { CliJobStore } from './job-store';
import { oneLine } from './output/terminal-text';

/**
 * Submits a checked payload and keeps the submission in qjob's job store (the exact text, the
 * device as listed, where it came from), as the app does: `qjob rerun` and `qjob bundle export`
 * then have the payload's exact bytes. A store that cannot be written is a warning: the job
 * was submitted.
 */
export async function submitAndRecord(
  session: Session,
  store: CliJobStore,
  io: CliIo,
  input: {
    text: string;
    payload: ExecutePayload;
    deviceCode: string;
    name?: string | undefined;
    origin: SubmissionOrigin | null;
    /** The device list read just before (checkDevice), when it could be. */
    devices: { devices: readonly Device[]; fetchedAt: string } | null;
  },
): Promise<{ jobId: JobId; id: number; message: string | null }> {
  let jobId: JobId | null = null;
  const outcome = await submitRecorded(
    {
      store: store.cache.annotations,
      profileKey: store.key,
      prepare: () => input.payload,
      execute: async (payload, options) => {
        const out = await session.client.execute(payload, {
          ...options,
          ...(io.signal ? { signal: io.signal } : {}),
        });
        jobId = out.jobId;
        return out;
      },
      device: async (code) =>
        input.devices
          ? deviceIn(input.devices.devices, code, input.devices.fetchedAt)
          : { device: null, seenAt: null },
      onRecordFailed: (error) =>
        io.stderr(
          `warning: the job was submitted but could not be kept in qjob's job store: ${oneLine(String(error))}\n`,
        ),
    },
    { text: input.text, deviceCode: input.deviceCode, name: input.name, origin: input.origin },
  );
  return { jobId: jobId ?? { id: outcome.jobId }, id: outcome.jobId, message: outcome.message };
}
