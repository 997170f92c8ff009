import { WaitError, waitForJob } from '../../core/jobs/wait';
import { ServiceError } from '../../core/client/errors';
import { NO_CANCEL_REASON, cancelPathOf } from '../../shared/jobs/cancel-support';
import { quoted } from '../../shared/text/quote';
import { isTerminalStatus } from '../../shared/variants';
import { GLOBAL_HELP, onePositional, commandArgs, requireInt, requireSeconds } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure, UsageError, jobNotFound } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { oneLine } from '../output/terminal-text';
import { runCommand } from '../run-command';
import { progressPrinter } from '../waiting';

const DEFAULT_TIMEOUT_S = 60;

export const CANCEL_USAGE = `usage: qjob cancel ID [--yes] [--timeout S] [connection options]

Cancels a job that has not ended, then waits until the service reports it
cancelled. Only where the connection can cancel: the built-in simulator
profiles, or a profile that names a cancel endpoint (paths.cancel in its
endpoint overrides); the service's documented interface has none.

Asks before cancelling when run in a terminal. Exit code 0 when the job is
cancelled; 1 when the connection cannot cancel, the job does not exist or had
already ended, the answer was no, or it did not reach cancelled.

  --yes          cancel without asking (needed when standard input is not a
                 terminal)
  --timeout S    stop waiting for the cancelled status after S seconds
                 (default ${DEFAULT_TIMEOUT_S})

${GLOBAL_HELP}
`;

/** The first line typed, for the question; empty when the input ends first. */
async function readAnswer(stdin: NonNullable<CliIo['stdin']>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.trim();
}

export async function runCancelCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'cancel',
    CANCEL_USAGE,
    io,
    () =>
      commandArgs(argv, {
        yes: { type: 'boolean' },
        timeout: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      const id = requireInt('job ID', onePositional(positionals, 'job ID'), 0) as number;
      const timeout = requireSeconds('--timeout', values.timeout) ?? DEFAULT_TIMEOUT_S;
      const interactive = io.stdin?.isTTY === true;
      if (values.yes !== true && !interactive) {
        throw new UsageError(
          'qjob cancel asks before cancelling, and standard input is not a terminal: pass --yes to cancel without asking',
        );
      }
      const connection = await resolveConnection(globals, io);
      if (cancelPathOf(connection.profile) === null) {
        throw new CommandFailure(
          `${connection.label} cannot cancel jobs. ${NO_CANCEL_REASON}`,
          EXIT.failed,
        );
      }
      const session = await requireSession(connection, globals, io);
      const signal = io.signal ? { signal: io.signal } : {};
      try {
        const { detail } = await session.client.getJob(id, signal).catch((error: unknown) => {
          throw jobNotFound(error, id);
        });
        const named = detail.name.trim() ? ` ${oneLine(quoted(detail.name.trim(), "'"))}` : '';
        if (detail.status && isTerminalStatus(detail.status)) {
          throw new CommandFailure(
            `job ${id}${named} has already ended (${detail.status}): nothing to cancel`,
            EXIT.failed,
          );
        }
        if (values.yes !== true) {
          io.stderr(`Cancel job ${id}${named} (${detail.status ?? 'status unknown'})? [y/N] `);
          const answer = await readAnswer(io.stdin!);
          if (!/^y(es)?$/i.test(answer)) {
            io.stderr(`job ${id} was not cancelled\n`);
            return EXIT.failed;
          }
        }
        await session.client.cancelJob(id, signal).catch((error: unknown) => {
          // The service refused (the job ended meanwhile, say): the operation failed, not the link.
          if (error instanceof ServiceError && error.code === 'http' && error.status === 409)
            throw new CommandFailure(error.message, EXIT.failed);
          throw jobNotFound(error, id);
        });
        io.stderr(`job ${id}: cancel requested; waiting for the service to report it\n`);
        const result = await waitForJob(session.client, id, {
          timeoutMs: timeout * 1000,
          ...(connection.profile.pollIntervalMs !== undefined
            ? { intervalMs: connection.profile.pollIntervalMs }
            : {}),
          ...signal,
          onProgress: progressPrinter(io, id),
        }).catch((error: unknown) => {
          if (error instanceof WaitError)
            throw new CommandFailure(
              `${error.message} The cancel was accepted; look again with: qjob job ${id}`,
              EXIT.failed,
            );
          throw error;
        });
        if (globals.json) io.stdout(toJson(result.detail));
        if (result.status !== 'cancelled') {
          throw new CommandFailure(
            `job ${id} ended ${result.status ?? 'with an unknown status'} before it could be cancelled`,
            EXIT.failed,
          );
        }
        if (!globals.json) io.stdout(`job ${id}${named} cancelled\n`);
        return EXIT.ok;
      } finally {
        session.dispose();
      }
    },
  );
}
