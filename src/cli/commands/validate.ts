import type { VariantId } from '../../shared/variants';
import { documentToExecutePayload } from '../../shared/yaml';
import type { YamlProblem as Problem } from '../../shared/yaml';
import { GLOBAL_HELP, commandArgs } from '../args';
import { UsageError } from '../errors';
import { variantFor } from '../variant-option';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { oneLine } from '../output/terminal-text';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';

export const VALIDATE_USAGE = `usage: qjob validate FILE... [--variant A|B] [--json]

Checks a payload document offline: YAML syntax, the variant's ExecutePayload
model (exactly one payload field, matching "type"), whether each functional
object can be sent as written, and the payload dialect's own rules, as the
simulator checks them: qubit indices within nqubits, positive shots, known
gates with their parameters, observables on existing qubits, schedule times in
order (docs/payload-dialect.md). Tags and keys the dialect does not know, and
the simulator's limits, are warnings: a real service may accept more. Tags
that carry code for the service's deserialiser (!function, !!js/function, ...)
are warnings too.
FILE may be "-" for standard input; several files are checked one after the
other (a folder's templates, a pre-commit hook). Exit code 0 when every file is
valid, 1 when one is not, 2 when a file cannot be read (then none is checked).

  --variant A|B   the variant to check against (default: the connection's)

--json prints {valid, errors: [{path, message, line, column}], warnings: [...]};
with several files, a list of those, each with its "file".

${GLOBAL_HELP}
`;

interface FileReport {
  name: string;
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** The payload's type when it is valid. */
  type: string | null;
}

function check(variant: VariantId, name: string, text: string): FileReport {
  const { payload, problems } = documentToExecutePayload(variant, text, {}, { dialect: true });
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity !== 'error');
  const valid = payload !== null && errors.length === 0;
  return { name, valid, errors, warnings, type: valid ? payload.type : null };
}

const shape = (p: Problem) => ({
  path: p.path ?? '',
  message: p.message,
  line: p.line,
  column: p.column,
});

function jsonOf(r: FileReport, withFile: boolean) {
  return {
    ...(withFile ? { file: r.name } : {}),
    valid: r.valid,
    errors: r.errors.map(shape),
    warnings: r.warnings.map(shape),
  };
}

function textOf(r: FileReport, variant: VariantId): string {
  const lines = [...r.errors, ...r.warnings].map((p) => `${formatProblem(r.name, p)}\n`);
  const warned = r.warnings.length ? `, ${r.warnings.length} warning(s)` : '';
  lines.push(
    r.valid
      ? `${oneLine(r.name)}: valid (Variant ${variant}, ${r.type ?? ''})${warned}\n`
      : `${oneLine(r.name)}: not valid (${r.errors.length} error(s))\n`,
  );
  return lines.join('');
}

export async function runValidateCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'validate',
    VALIDATE_USAGE,
    io,
    () => commandArgs(argv, {}),
    async ({ globals, positionals }) => {
      if (positionals.length === 0) throw new UsageError('missing FILE');
      if (positionals.filter((f) => f === '-').length > 1)
        throw new UsageError('standard input ("-") can be read only once');
      const variant = await variantFor(globals, io);
      // Every file is read before any is checked: an unreadable one is a usage error, not a
      // report that stops halfway through the list.
      const files = [];
      for (const file of positionals) files.push(await readPayloadFile(file, io));
      const reports = files.map((f) =>
        'invalid' in f
          ? { name: f.name, valid: false, errors: [f.invalid], warnings: [], type: null }
          : check(variant, f.name, f.text),
      );
      if (globals.json) {
        const several = reports.length > 1;
        io.stdout(
          toJson(several ? reports.map((r) => jsonOf(r, true)) : jsonOf(reports[0]!, false)),
        );
      } else {
        for (const r of reports) io.stdout(textOf(r, variant));
        const bad = reports.filter((r) => !r.valid).length;
        if (reports.length > 1)
          io.stdout(
            bad === 0
              ? `all ${reports.length} files valid\n`
              : `${bad} of ${reports.length} files not valid\n`,
          );
      }
      return reports.every((r) => r.valid) ? EXIT.ok : EXIT.failed;
    },
  );
}
