import { NoPayloadError, rerunSource } from '../../core/rerun';
import { oneLine } from '../output/terminal-text';
import { GLOBAL_HELP, commandArgs, requireInt, requireSeconds } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure, UsageError, jobNotFound } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { openCliJobStore } from '../job-store';
import { runCommand } from '../run-command';
import { checkedPayload, submitAndReport } from '../submitting';
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
            variant: connection.profile.variant,
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
        if (!source.exact) {
          io.stderr(
            `qjob: job ${id}'s payload text is not kept on this computer: it is rebuilt from the service's copy${source.kept.length ? '' : ', all of it in the friendly form'}.\n`,
          );
          for (const part of source.kept)
            io.stderr(
              `job ${id}: kept in the SDK's form: ${oneLine(part.path)}: ${oneLine(part.reason)}\n`,
            );
        }
        const deviceCode = parsed.values.device ?? source.deviceCode;
        if (!deviceCode) {
          throw new UsageError(
            `the device job ${id} ran on is not in the device list: pass --device CODE`,
            { pointToHelp: false },
          );
        }
        const payload = checkedPayload(connection.profile.variant, source.text, io, {
          label: `job ${id}'s payload`,
        });
        return await submitAndReport(
          { session, store, connection, io, globals: parsed.globals },
          {
            text: source.text,
            payload,
            deviceCode,
            name: parsed.values.name ?? (source.name || undefined),
            origin: { kind: 'rerun', jobId: id },
            wait: parsed.values.wait === true,
            timeout: requireSeconds('--timeout', parsed.values.timeout),
          },
        );
      } finally {
        store.close();
        session.dispose();
      }
    },
  );
}
