import type { Session } from '../core/auth/session';
import { isServiceError } from '../core/client/errors';
import type { ServiceClient } from '../core/client/types';
import type { PrepareOptions } from '../core/submit/prepare-payload';
import { preparePayload } from '../core/submit/prepare-payload';
import { deviceIn, submitJob } from '../core/submit/submit-job';
import type { SubmissionOrigin } from '../shared/annotations';
import type { Device, ExecutePayload, VariantId } from '../shared/variants';
import { executeKind } from '../shared/variants';
import type { GlobalValues } from './args';
import type { Connection } from './connection';
import { rememberDevices } from './device-codes';
import { CommandFailure, UsageError } from './errors';
import type { ExitCode } from './exit-codes';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import type { CliJobStore } from './job-store';
import { toJson } from './output/json';
import { oneLine } from './output/terminal-text';
import { quoted } from '../shared/text/quote';
import { formatProblem } from './payload-file';
import { waitAndReport } from './waiting';

/**
 * qjob's side of the prepare step (core/submit/prepare-payload.ts): the checked payload, or
 * the refusal as a failed command (exit 1), nothing sent. With `show`, every problem is printed
 * first, as qjob validate prints it, under `label`. A refusal by the dialect's checks alone
 * (`dialect: 'block'`, qjob submit's) says how to send it anyway.
 */
export function checkedPayload(
  variant: VariantId,
  text: string,
  io: CliIo,
  options: PrepareOptions & { label: string; show?: boolean },
): ExecutePayload {
  const prepared = preparePayload(variant, text, options);
  if (options.show)
    for (const p of prepared.problems) io.stderr(`${formatProblem(options.label, p)}\n`);
  if (prepared.payload) return prepared.payload;
  const hint = prepared.dialectOnly ? ' --no-check submits it anyway.' : '';
  throw new CommandFailure(`${prepared.refusal ?? ''}${hint}`, EXIT.failed);
}

/**
 * Before anything is submitted: a device code the service does not list is the person's
 * mistake (exit 1, nothing sent); a device that is not online takes the job, which then waits
 * until it is back, and that is said first. A device list that cannot be read is not a reason
 * to refuse: the submission itself will tell.
 */
async function checkDevice(
  client: ServiceClient,
  connection: Connection,
  code: string,
  io: CliIo,
): Promise<{ devices: Device[]; fetchedAt: string } | null> {
  let devices: Device[];
  try {
    devices = await client.listDevices(io.signal ? { signal: io.signal } : {});
  } catch (error) {
    if (isServiceError(error) && (error.code === 'auth' || error.code === 'aborted')) throw error;
    io.stderr(
      `warning: the device list could not be read, so ${oneLine(code)} is not checked: ${oneLine((error as Error).message)}\n`,
    );
    return null;
  }
  const fetchedAt = new Date().toISOString();
  await rememberDevices(connection.configDir, connection.profileKey, devices);
  const device = devices.find((d) => d.code === code);
  if (!device) {
    const known = devices.map((d) => d.code).join(', ');
    throw new CommandFailure(
      `There is no device ${quoted(code, "'")} at ${connection.label}; nothing was submitted. Devices: ${known || 'none'} (see qjob devices).`,
      EXIT.failed,
    );
  }
  if (device.status !== 'online') {
    const state = device.status === 'maintenance' ? 'under maintenance' : 'offline';
    io.stderr(
      `warning: ${oneLine(device.code)} is ${state}: the job is submitted and waits in its queue until the device is back online.\n`,
    );
  }
  return { devices, fetchedAt };
}

/** Where qjob submits: a logged-in session, its job store, how to print. */
export interface SubmitContext {
  session: Session;
  store: CliJobStore;
  connection: Connection;
  io: CliIo;
  globals: GlobalValues;
}

/**
 * Submits a checked payload (checkedPayload) from qjob submit, rerun and bundle rerun: the
 * device checked first, the submission kept in qjob's job store (the exact text, the device as
 * listed, where it came from) as the app does, so `qjob rerun` and `qjob bundle export` have
 * the payload's exact bytes; then the new job's id, or with `wait` its end. A store that cannot
 * be written is a warning: the job was submitted.
 */
export async function submitAndReport(
  { session, store, connection, io, globals }: SubmitContext,
  input: {
    text: string;
    payload: ExecutePayload;
    deviceCode: string;
    name: string | undefined;
    origin: SubmissionOrigin | null;
    wait: boolean;
    timeout: number | undefined;
  },
): Promise<ExitCode> {
  if (input.timeout !== undefined && !input.wait)
    throw new UsageError('--timeout goes with --wait');
  const variant = connection.profile.variant;
  const listed = await checkDevice(session.client, connection, input.deviceCode, io);
  const outcome = await submitJob(
    {
      client: session.client,
      store: store.cache.annotations,
      profileKey: store.key,
      device: async (code) =>
        listed ? deviceIn(listed.devices, code, listed.fetchedAt) : { device: null, seenAt: null },
      onRecordFailed: (error) =>
        io.stderr(
          `warning: the job was submitted but could not be kept in qjob's job store: ${oneLine(String(error))}\n`,
        ),
      signal: io.signal,
    },
    input,
  );
  const id = outcome.jobId.id;
  // Shown once: on stdout with the human summary, else on stderr beside the JSON or the wait.
  const message = outcome.message === null ? null : oneLine(outcome.message);
  if (message && (globals.json || input.wait)) io.stderr(`message from the service: ${message}\n`);
  if (!input.wait) {
    if (globals.json) io.stdout(toJson(outcome.jobId));
    else {
      const kind = executeKind(variant, input.payload.type)?.label ?? input.payload.type;
      const from =
        input.origin === null
          ? ''
          : input.origin.kind === 'rerun'
            ? `, rerun of job ${input.origin.jobId}`
            : `, from ${input.origin.file}`;
      io.stdout(`Submitted job ${id} (${kind}${from}) to ${input.deviceCode}.\n`);
      if (message) io.stdout(`Message from the service: ${message}\n`);
    }
    return EXIT.ok;
  }
  io.stderr(`submitted job ${id}\n`);
  return waitAndReport(session.client, id, variant, io, {
    timeoutMs: input.timeout === undefined ? undefined : input.timeout * 1000,
    intervalMs: connection.profile.pollIntervalMs,
    json: globals.json,
  });
}
