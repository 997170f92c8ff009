import type { VariantId } from '../../shared/variants';
import { documentToExecutePayload } from '../../shared/yaml';
import { GLOBAL_HELP, onePositional, parseCommandArgs, requireVariant } from '../args';
import type { GlobalValues } from '../args';
import { resolveConnection } from '../connection';
import { UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';

export const VALIDATE_USAGE = `usage: qjob validate FILE [--variant A|B] [--json]

Checks a payload document offline: YAML syntax, the variant's ExecutePayload
model (exactly one payload field, matching "type"), and whether each functional
object can be sent as written. Tags that carry code for the service's
deserialiser (!function, !lambda, ...) are reported as warnings.
FILE may be "-" for standard input. Exit code 0 when valid, 1 when not.

  --variant A|B   the variant to check against (default: the connection's)

--json prints {valid, errors: [{path, message, line, column}], warnings: [...]}.

${GLOBAL_HELP}
`;

async function variantFor(globals: GlobalValues, io: CliIo): Promise<VariantId> {
  const raw = globals.variant;
  const given = requireVariant('--variant', raw);
  if (given) return given;
  try {
    return (await resolveConnection(globals, io)).profile.variant;
  } catch {
    throw new UsageError('which variant? pass --variant A|B (or a connection: --profile NAME)');
  }
}

export async function runValidateCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand('validate', VALIDATE_USAGE, io, async () => {
    const { globals, positionals } = parseCommandArgs(argv, {});
    if (globals.help) {
      io.stdout(VALIDATE_USAGE);
      return EXIT.ok;
    }
    const file = onePositional(positionals, 'FILE');
    const variant = await variantFor(globals, io);
    const { name, text } = await readPayloadFile(file, io);
    const { payload, problems } = documentToExecutePayload(variant, text);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity !== 'error');
    const valid = payload !== null && errors.length === 0;
    if (globals.json) {
      const shape = (p: (typeof problems)[number]) => ({
        path: p.path ?? '',
        message: p.message,
        line: p.line,
        column: p.column,
      });
      io.stdout(toJson({ valid, errors: errors.map(shape), warnings: warnings.map(shape) }));
    } else {
      for (const p of [...errors, ...warnings]) io.stdout(`${formatProblem(name, p)}\n`);
      io.stdout(
        valid
          ? `${name}: valid (Variant ${variant}, ${payload.type})${warnings.length ? `, ${warnings.length} warning(s)` : ''}\n`
          : `${name}: not valid (${errors.length} error(s))\n`,
      );
    }
    return valid ? EXIT.ok : EXIT.failed;
  });
}
