import { classifyError, UsageError } from './errors';
import type { ExitCode } from './exit-codes';
import type { CliIo } from './io';

/**
 * Runs a command body and turns every failure into its exit code and one message on stderr.
 * Usage mistakes come with the command's help, everything else with what to do next; nothing
 * escapes as a stack trace.
 */
export async function runCommand(
  name: string,
  usage: string,
  io: Pick<CliIo, 'stderr'>,
  body: () => Promise<ExitCode>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const { exitCode, message } = classifyError(error);
    if (error instanceof UsageError) io.stderr(`qjob ${name}: ${message}\n\n${usage}`);
    else io.stderr(`qjob ${name}: ${message}\n`);
    return exitCode;
  }
}
