import { DEFAULT_CADENCE } from '../../core/jobs/cadence';
import { GLOBAL_HELP, onePositional, commandArgs, requireInt, requireSeconds } from '../args';
import { requireSession, resolveConnection } from '../connection';
import type { CliIo } from '../io';
import { runCommand } from '../run-command';
import { waitAndReport } from '../waiting';

const seconds = (ms: number) => `${ms / 1000} s`;

export const WAIT_USAGE = `usage: qjob wait ID [--timeout S] [--interval S] [connection options]

Waits until a job ends (completed, error, cancelled or timeout), then prints it.
On standard error it shows each change of status and, while the job runs, its
progress as the job's log states it ("job 7: 47 %, t = 9.4/20"). Keeps trying while the service is
unreachable. Exit code 0 when completed, 1 when it ended otherwise or the wait
timed out (the job itself goes on).

  --timeout S    stop waiting after S seconds
  --interval S   look every S seconds (default: the connection profile's poll
                 interval, pollIntervalMs, when it has one; else ${seconds(DEFAULT_CADENCE.runningMs)} while
                 running and ${seconds(DEFAULT_CADENCE.waitingMs)} while queued)

${GLOBAL_HELP}
`;

export async function runWaitCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'wait',
    WAIT_USAGE,
    io,
    () =>
      commandArgs(argv, {
        timeout: { type: 'string' },
        interval: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      const id = requireInt('job ID', onePositional(positionals, 'job ID'), 0) as number;
      const timeout = requireSeconds('--timeout', values.timeout);
      const interval = requireSeconds('--interval', values.interval);
      const connection = await resolveConnection(globals, io);
      const session = await requireSession(connection, globals, io);
      try {
        return await waitAndReport(session.client, id, connection.profile.variant, io, {
          timeoutMs: timeout === undefined ? undefined : timeout * 1000,
          intervalMs: interval === undefined ? connection.profile.pollIntervalMs : interval * 1000,
          json: globals.json,
          codes: { configDir: connection.configDir, connectionKey: connection.profileKey },
        });
      } finally {
        session.dispose();
      }
    },
  );
}
