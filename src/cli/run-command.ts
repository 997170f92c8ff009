import { classifyError, UsageError } from './errors';
import type { ExitCode } from './exit-codes';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { printable } from './output/terminal-text';

/**
 * Runs a command: parses its arguments, prints its help for --help (`parse` answers 'help'),
 * otherwise runs its body, and turns every failure into its exit code and one message on stderr.
 * A usage mistake is one line that says what is wrong and where the help is (the whole help
 * would bury it); everything else says what to do next; nothing escapes as a stack trace.
 * Messages may carry the service's words: they are printed with control characters escaped.
 */
export async function runCommand<Args>(
  name: string,
  usage: string,
  io: Pick<CliIo, 'stdout' | 'stderr'>,
  parse: () => Args | 'help',
  body: (args: Args) => Promise<ExitCode>,
): Promise<number> {
  try {
    const args = parse();
    if (args === 'help') {
      io.stdout(usage);
      return EXIT.ok;
    }
    return await body(args);
  } catch (error) {
    const { exitCode, message } = classifyError(error);
    const shown = printable(message, { multiline: true });
    const help =
      error instanceof UsageError && error.pointToHelp ? ` (see qjob ${name} --help)` : '';
    io.stderr(`qjob ${name}: ${shown}${help}\n`);
    return exitCode;
  }
}
