import type { SubmissionOrigin } from '../../shared/annotations';
import { executeKind } from '../../shared/variants';
import { documentToExecutePayload } from '../../shared/yaml';
import { NoPayloadError, rerunSource } from '../../core/rerun';
import { GLOBAL_HELP, commandArgs, requireInt, requireSeconds } from '../args';
import type { Connection } from '../connection';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure, UsageError, jobNotFound } from '../errors';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { openCliJobStore } from '../job-store';
import { toJson } from '../output/json';
import { oneLine } from '../output/terminal-text';
import { submitAndRecord } from '../recorded-submit';
import { runCommand } from '../run-command';
import { waitAndReport } from '../waiting';
import { checkDevice } from './submit';
import type { GlobalValues } from '../args';
import { quoted } from '../../shared/text/quote';

export const RERUN_USAGE = `usage: qjob rerun ID [--device CODE] [--name N] [--wait] [--timeout S] [connection options]

Submits a job's payload again. The payload is the document exactly as it was
submitted when qjob submitted it; otherwise it is rebuilt from the payload the
service returns. The new job records which job it came from ("qjob job NEW" does
not show it: the service does not know; the app's job detail does).

  --device CODE   run it on this device (default: the device the job ran on)
  --name N        a name for the new job (default: the job's name)
  --wait          wait until the new job ends; exit code 1 when it ends in
                  error, timeout or cancelled
  --timeout S     with --wait: stop waiting after S seconds

--json prints the new JobId, or with --wait the final JobDetail.

${GLOBAL_HELP}
`;

export async function runRerunCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'rerun',
    RERUN_USAGE,
    io,
    () =>
      commandArgs(argv, {
        device: { type: 'string' },
        name: { type: 'string' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
      }),
    async (parsed) => {
      const [rawId, ...extra] = parsed.positionals;
      if (rawId === undefined) throw new UsageError('missing job ID');
      if (extra.length) throw new UsageError(`unexpected argument ${quoted(extra[0]!, "'")}`);
      const id = requireInt('job ID', rawId, 0) as number;
      const connection = await resolveConnection(parsed.globals, io);
      const session = await requireSession(connection, parsed.globals, io);
      const store = await openCliJobStore(connection, io);
      const call = io.signal ? { signal: io.signal } : {};
      try {
        const source = await rerunSource(
          {
            store: store.cache.annotations,
            profileKey: store.key,
            fullDetail: async (jobId) =>
              (
                await session.client
                  .getJob(jobId, { full: true, ...call })
                  .catch((error: unknown) => {
                    throw jobNotFound(error, jobId);
                  })
              ).detail,
            devices: () => session.client.listDevices(call),
          },
          id,
        ).catch((error: unknown) => {
          if (error instanceof NoPayloadError) throw new CommandFailure(error.message, EXIT.failed);
          throw error;
        });
        const deviceCode = parsed.values.device ?? source.deviceCode;
        if (!deviceCode) {
          throw new UsageError(
            `the device job ${id} ran on is not in the device list: pass --device CODE`,
            { pointToHelp: false },
          );
        }
        return await submitText(session, store, connection, io, parsed.globals, {
          text: source.text,
          label: `job ${id}'s payload`,
          deviceCode,
          name: parsed.values.name ?? (source.name || undefined),
          origin: { kind: 'rerun', jobId: id },
          wait: parsed.values.wait === true,
          timeout: requireSeconds('--timeout', parsed.values.timeout),
        });
      } finally {
        store.close();
        session.dispose();
      }
    },
  );
}

/** Checks, submits and reports a payload text that came from somewhere else (a job, a bundle). */
export async function submitText(
  session: Parameters<typeof submitAndRecord>[0],
  store: Parameters<typeof submitAndRecord>[1],
  connection: Connection,
  io: CliIo,
  globals: GlobalValues,
  input: {
    text: string;
    label: string;
    deviceCode: string;
    name: string | undefined;
    origin: SubmissionOrigin;
    wait: boolean;
    timeout: number | undefined;
  },
): Promise<ExitCode> {
  if (input.timeout !== undefined && !input.wait)
    throw new UsageError('--timeout goes with --wait');
  const variant = connection.profile.variant;
  const { payload, problems } = documentToExecutePayload(variant, input.text);
  if (!payload) {
    const first = problems.find((p) => p.severity === 'error');
    throw new CommandFailure(
      `${input.label} is not a valid Variant ${variant} payload${first ? ` (line ${first.line}: ${first.message})` : ''}; nothing was submitted.`,
      EXIT.failed,
    );
  }
  const devices = await checkDevice(session.client, connection, input.deviceCode, io);
  const outcome = await submitAndRecord(session, store, io, {
    text: input.text,
    payload,
    deviceCode: input.deviceCode,
    name: input.name,
    origin: input.origin,
    devices,
  });
  const message = outcome.message === null ? null : oneLine(outcome.message);
  if (!input.wait) {
    if (globals.json) io.stdout(toJson(outcome.jobId));
    else {
      const kind = executeKind(variant, payload.type);
      const from =
        input.origin.kind === 'rerun'
          ? `rerun of job ${input.origin.jobId}`
          : `from ${input.origin.file}`;
      io.stdout(
        `Submitted job ${outcome.id} (${kind?.label ?? payload.type}, ${from}) to ${input.deviceCode}.\n`,
      );
      if (message) io.stdout(`Message from the service: ${message}\n`);
    }
    return EXIT.ok;
  }
  if (message) io.stderr(`message from the service: ${message}\n`);
  io.stderr(`submitted job ${outcome.id}\n`);
  return waitAndReport(session.client, outcome.id, variant, io, {
    timeoutMs: input.timeout === undefined ? undefined : input.timeout * 1000,
    intervalMs: connection.profile.pollIntervalMs,
    json: globals.json,
  });
}
