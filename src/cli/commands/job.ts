import { GLOBAL_HELP, onePositional, parseCommandArgs, requireInt } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { describeProblems, renderJobDetail } from '../output/job-text';
import { toJson } from '../output/json';
import { jobNotFound } from '../errors';
import { runCommand } from '../run-command';

export const JOB_USAGE = `usage: qjob job ID [--payload] [--result] [--logs] [--errors] [connection options]

Shows one job. Without flags, the cheap lookup (status and dates); each flag
fetches the full record and shows that part, decoded. A part that arrived but
could not be decoded is shown with its raw value.

  --payload   the submitted payload (functional objects as YAML)
  --result    the result (as YAML)
  --logs      the job's logs
  --errors    the error message and error logs

${GLOBAL_HELP}
`;

export async function runJobCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand('job', JOB_USAGE, io, async () => {
    const { globals, values, positionals } = parseCommandArgs(argv, {
      payload: { type: 'boolean' },
      result: { type: 'boolean' },
      logs: { type: 'boolean' },
      errors: { type: 'boolean' },
    });
    if (globals.help) {
      io.stdout(JOB_USAGE);
      return EXIT.ok;
    }
    const id = requireInt('job ID', onePositional(positionals, 'job ID'), 0) as number;
    const sections = {
      payload: values.payload === true,
      result: values.result === true,
      logs: values.logs === true,
      errors: values.errors === true,
    };
    const full = Object.values(sections).some(Boolean);
    const connection = await resolveConnection(globals, io);
    const session = await requireSession(connection, globals, io);
    try {
      const { detail, problems } = await session.client
        .getJob(id, { full, ...(io.signal ? { signal: io.signal } : {}) })
        .catch((error: unknown) => {
          throw jobNotFound(error, id);
        });
      if (globals.json) {
        io.stdout(toJson(detail));
        for (const line of describeProblems(problems)) io.stderr(`warning: ${line}\n`);
      } else {
        io.stdout(renderJobDetail(detail, connection.profile.variant, problems, sections));
      }
      return EXIT.ok;
    } finally {
      session.dispose();
    }
  });
}
