import { classifyError, UsageError } from './errors';
import type { ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { printable } from './output/terminal-text';

/**
 * Runs a command body and turns every failure into its exit code and one message on stderr.
 * A usage mistake is one line that says what is wrong and where the help is (the whole help
 * would bury it); everything else says what to do next; nothing escapes as a stack trace.
 * Messages may carry the service's words: they are printed with control characters escaped.
 */
export async function runCommand(
  name: string,
  // The help is printed by --help only; kept so every command passes it the same way.
  _usage: string,
  io: Pick<CliIo, 'stderr'>,
  body: () => Promise<ExitCode>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const { exitCode, message } = classifyError(error);
    const shown = printable(message, { multiline: true });
    const help =
      error instanceof UsageError && error.pointToHelp ? ` (see qjob ${name} --help)` : '';
    io.stderr(`qjob ${name}: ${shown}${help}\n`);
    return exitCode;
  }
}
