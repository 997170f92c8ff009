import { executeKind } from '../../shared/variants';
import { documentToExecutePayload } from '../../shared/yaml';
import { GLOBAL_HELP, onePositional, commandArgs, requireSeconds } from '../args';
import { requireSession, resolveConnection } from '../connection';
import type { Connection } from '../connection';
import { isServiceError } from '../../core/client/errors';
import type { ServiceClient } from '../../core/client/types';
import type { Device } from '../../shared/variants';
import { rememberDevices } from '../device-codes';
import { oneLine } from '../output/terminal-text';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';
import { waitAndReport } from '../waiting';
import { openCliJobStore } from '../job-store';
import { submitAndRecord } from '../recorded-submit';
import { quoted } from '../../shared/text/quote';

export const SUBMIT_USAGE = `usage: qjob submit FILE --device CODE [--name N] [--wait] [--timeout S] [--no-check] [connection options]

Validates a payload document (as qjob validate does) and submits it. Prints the
job id and any message from the service. A submission is never repeated by
itself: if the answer is lost, check "qjob jobs" before submitting again.

  --device CODE   the device to run on (see qjob devices)
  --name N        a name for the job
  --no-check      submit even when the payload dialect's checks find errors
                  (a gate on a qubit the circuit lacks, say): for a service
                  that accepts more than the simulator, or to see a job fail
  --wait          wait until the job ends, with progress on standard error;
                  exit code 1 when it ends in error, timeout or cancelled
  --timeout S     with --wait: stop waiting after S seconds

--json prints the JobId, or with --wait the final JobDetail.

${GLOBAL_HELP}
`;

/**
 * Before anything is submitted: a device code the service does not list is the person's
 * mistake (exit 1, nothing sent); a device that is not online takes the job, which then waits
 * until it is back, and that is said first. A device list that cannot be read is not a reason
 * to refuse: the submission itself will tell.
 */
export async function checkDevice(
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

export async function runSubmitCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'submit',
    SUBMIT_USAGE,
    io,
    () =>
      commandArgs(argv, {
        device: { type: 'string' },
        name: { type: 'string' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
        'no-check': { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const file = onePositional(positionals, 'FILE');
      if (!values.device) throw new UsageError('missing --device CODE');
      const timeout = requireSeconds('--timeout', values.timeout);
      if (timeout !== undefined && !values.wait) throw new UsageError('--timeout goes with --wait');
      const connection = await resolveConnection(globals, io);
      const variant = connection.profile.variant;

      const read = await readPayloadFile(file, io);
      const { name } = read;
      if ('invalid' in read) {
        io.stderr(`${formatProblem(name, read.invalid)}\n`);
        throw new CommandFailure(
          `${name} cannot be read as text; nothing was submitted.`,
          EXIT.failed,
        );
      }
      // The variant's schema decides what can be sent; the payload dialect's own checks (the
      // ones the simulator runs, which a service that accepts more may pass) are shown with it,
      // and stop the submission unless --no-check.
      const { payload, problems: schemaProblems } = documentToExecutePayload(variant, read.text);
      const { problems } = documentToExecutePayload(variant, read.text, {}, { dialect: true });
      for (const p of problems) io.stderr(`${formatProblem(name, p)}\n`);
      if (!payload) {
        const count = schemaProblems.filter((p) => p.severity === 'error').length;
        throw new CommandFailure(
          `${name} is not a valid Variant ${variant} payload (${count} error(s)); nothing was submitted.`,
          EXIT.failed,
        );
      }
      const dialectErrors = problems.filter((p) => p.severity === 'error').length;
      if (dialectErrors > 0 && !values['no-check']) {
        throw new CommandFailure(
          `${name} has ${dialectErrors} error(s) the payload dialect is certain of (the simulator refuses it); nothing was submitted. --no-check submits it anyway.`,
          EXIT.failed,
        );
      }

      const session = await requireSession(connection, globals, io);
      const store = await openCliJobStore(connection, io);
      try {
        const devices = await checkDevice(session.client, connection, values.device, io);
        const outcome = await submitAndRecord(session, store, io, {
          text: read.text,
          payload,
          deviceCode: values.device,
          name: values.name,
          origin: null,
          devices,
        });
        const { id } = outcome;
        // Shown once: on stdout with the human summary, else on stderr beside the JSON or the wait.
        const message = outcome.message === null ? null : oneLine(outcome.message);
        if (message && (globals.json || values.wait))
          io.stderr(`message from the service: ${message}\n`);
        if (!values.wait) {
          if (globals.json) io.stdout(toJson(outcome.jobId));
          else {
            const kind = executeKind(variant, payload.type);
            io.stdout(
              `Submitted job ${id} (${kind?.label ?? payload.type}) to ${values.device}.\n`,
            );
            if (message) io.stdout(`Message from the service: ${message}\n`);
          }
          return EXIT.ok;
        }
        io.stderr(`submitted job ${id}\n`);
        return await waitAndReport(session.client, id, variant, io, {
          timeoutMs: timeout === undefined ? undefined : timeout * 1000,
          intervalMs: connection.profile.pollIntervalMs,
          json: globals.json,
        });
      } finally {
        store.close();
        session.dispose();
      }
    },
  );
}
