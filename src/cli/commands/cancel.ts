import { WaitError, waitForJob } from '../../core/jobs/wait';
import { ServiceError } from '../../core/client/errors';
import { NO_CANCEL_REASON, cancelPathOf } from '../../shared/jobs/cancel-support';
import { quoted } from '../../shared/text/quote';
import { isTerminalStatus } from '../../shared/variants';
import { GLOBAL_HELP, onePositional, commandArgs, requireInt, requireSeconds } from '../args';
import type { GlobalValues } from '../args';
import { connectionFor, requireSession, resolveConnection } from '../connection';
import type { Connection } from '../connection';
import { CommandFailure, UsageError, jobNotFound } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { oneLine } from '../output/terminal-text';
import { runCommand } from '../run-command';
import { progressPrinter } from '../waiting';

const DEFAULT_TIMEOUT_S = 60;

export const CANCEL_USAGE = `usage: qjob cancel ID [--yes] [--timeout S] [--cancel-path PATH] [connection options]

Cancels a job that has not ended, then waits until the service reports it
cancelled. Only where the connection can cancel: the service's documented
interface has no cancel endpoint. The endpoint is, in this order: --cancel-path;
the profile's (paths.cancel in its endpoint overrides; the built-in simulator
profiles have one); the one the service offers at GET /capabilities (the
simulator does, also when run with qjob simulator).

Asks before cancelling when run in a terminal. Exit code 0 when the job is
cancelled; 1 when the connection cannot cancel, the job does not exist or had
already ended, the answer was no, or it did not reach cancelled.

  --yes          cancel without asking (needed when standard input is not a
                 terminal)
  --timeout S    stop waiting for the cancelled status after S seconds
                 (default ${DEFAULT_TIMEOUT_S})
  --cancel-path PATH
                 the service's cancel endpoint (POST), relative to the base
                 URL, with {id} where the job's id goes: /jobs/{id}/cancel

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

/**
 * The connection with its cancel endpoint: --cancel-path, else the profile's, else the one the
 * service offers at GET /capabilities; exit 1 with what to do when there is none.
 */
async function cancellingConnection(
  globals: GlobalValues,
  io: CliIo,
  cancelPath: string | undefined,
): Promise<Connection> {
  const connection = await resolveConnection(globals, io, { cancelPath });
  if (cancelPathOf(connection.profile) !== null) return connection;
  const offered = await connection.client
    .capabilities(io.signal ? { signal: io.signal } : {})
    .catch((error: unknown) => {
      // An answer that is not a list of capabilities (a gateway's login page, say) offers none;
      // an unreachable service is said as such.
      if (error instanceof ServiceError && ['http', 'auth', 'decode'].includes(error.code))
        return { cancel: null };
      throw error;
    });
  if (offered.cancel !== null) {
    const { profile, profileKey, simulator, configDir } = connection;
    const paths = { ...profile.paths, cancel: offered.cancel };
    return connectionFor({ ...profile, paths }, profileKey, simulator, configDir, io);
  }
  throw new CommandFailure(
    `${connection.label} cannot cancel jobs. ${NO_CANCEL_REASON} For this command alone, pass --cancel-path (e.g. --cancel-path /jobs/{id}/cancel).`,
    EXIT.failed,
  );
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
        'cancel-path': { type: 'string' },
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
      const connection = await cancellingConnection(globals, io, values['cancel-path']);
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
