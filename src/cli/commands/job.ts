import { GLOBAL_HELP, onePositional, commandArgs, requireInt } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { deviceCodes } from '../device-codes';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import {
  describeProblems,
  renderFailure,
  renderJobDetail,
  renderJobSummary,
} from '../output/job-text';
import { toJson } from '../output/json';
import { UsageError, jobNotFound } from '../errors';
import { runCommand } from '../run-command';

export const JOB_USAGE = `usage: qjob job ID [--payload] [--result] [--logs [--color]] [--errors] [connection options]

Shows one job. Without flags: its status and dates, and for a job that failed
its error, with how to see its error logs and logs. Each flag fetches the full
record and shows that part, decoded. A part that arrived but could not be
decoded is shown with its raw value. Logs larger than this app keeps (64 MB)
are shown from their end, with a note; the error from its start.

  --payload   the submitted payload (functional objects as YAML)
  --result    the result (as YAML)
  --logs      the job's logs (colour codes in them are left out)
  --color     with --logs on a terminal: show the logs' colours
  --errors    the error message and error logs

${GLOBAL_HELP}
`;

export async function runJobCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'job',
    JOB_USAGE,
    io,
    () =>
      commandArgs(argv, {
        payload: { type: 'boolean' },
        result: { type: 'boolean' },
        logs: { type: 'boolean' },
        errors: { type: 'boolean' },
        color: { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const id = requireInt('job ID', onePositional(positionals, 'job ID'), 0) as number;
      const sections = {
        payload: values.payload === true,
        result: values.result === true,
        logs: values.logs === true,
        errors: values.errors === true,
      };
      if (values.color && !sections.logs) throw new UsageError('--color goes with --logs');
      const full = Object.values(sections).some(Boolean);
      const connection = await resolveConnection(globals, io);
      const session = await requireSession(connection, globals, io);
      try {
        // Without flags the cheap lookup plus the error and error logs: empty for a job that did
        // not fail, and what a support engineer needs first for one that did.
        const lookup = full ? { full } : { fields: ['error_logs'] as const, withError: true };
        const { detail, problems, truncated } = await session.client
          .getJob(id, { ...lookup, ...(io.signal ? { signal: io.signal } : {}) })
          .catch((error: unknown) => {
            throw jobNotFound(error, id);
          });
        // People know devices by code; the record names its id (one list request at most).
        const codes = globals.json
          ? null
          : await deviceCodes(
              connection.configDir,
              connection.profileKey,
              session.client,
              [detail.device_id],
              io.signal,
            );
        const deviceCode = codes?.get(detail.device_id);
        if (globals.json) {
          io.stdout(toJson(detail));
          for (const line of describeProblems(problems, truncated)) io.stderr(`warning: ${line}\n`);
        } else if (full) {
          io.stdout(
            renderJobDetail(detail, connection.profile.variant, problems, sections, {
              ...(truncated ? { truncated } : {}),
              logColours: values.color && io.isTTY ? 'keep' : 'strip',
              deviceCode,
            }),
          );
        } else {
          io.stdout(
            renderJobSummary(detail, connection.profile.variant, deviceCode) +
              renderFailure(detail, problems, truncated),
          );
        }
        return EXIT.ok;
      } finally {
        session.dispose();
      }
    },
  );
}
