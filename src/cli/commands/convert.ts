import path from 'node:path';
import { compilePayload } from '../../shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../shared/sdk/decompile/decompile-payload';
import { payloadDocument } from '../../shared/sdk/friendly-print/payload';
import { payloadAsPython } from '../../shared/sdk/python-script/python-script';
import type { ExecutePayload, VariantId } from '../../shared/variants';
import { executeKind } from '../../shared/variants';
import { documentToExecutePayload } from '../../shared/yaml';
import type { YamlProblem } from '../../shared/yaml';
import { GLOBAL_HELP, commandArgs, oneOf, onePositional } from '../args';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { oneLine } from '../output/terminal-text';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';
import { variantFor } from '../variant-option';

export const CONVERT_USAGE = `usage: qjob convert FILE --to sdk|friendly|python [--device CODE] [--name N] [--variant A|B]

Converts a payload document between the app's friendly dialect and the SDK's
own form (qilisdk's serialization: what the service reads, what a notebook's
client sends), or writes it as a Python script. Prints the result on standard
output.

  --to sdk        compile the friendly form (or a mix) to the SDK's form of the
                  variant: the functional object and readout exactly as the
                  service receives them from qjob submit and the app
  --to friendly   decompile the SDK's form to the friendly dialect; a part that
                  cannot be written friendly without changing what the service
                  would build stays in the SDK's form, and is named on standard
                  error
  --to python     a Python script that builds the same functional object with
                  the variant's SDK classes and submits it with the SDK's
                  client (SpeQtrum), for a notebook; covers Variant B sampling
                  and time_evolution, Variant A digital_propagation and
                  analog_evolution, and variational programs over a circuit
                  (both) so far, and says "not yet" for the rest
  --device CODE   with --to python: the device the script submits to (without
                  it, the script stops and says to set DEVICE)
  --name N        with --to python: the job's name (job_name)
  --variant A|B   the variant (default: the connection's); Variant B is qilisdk
                  0.1.x, Variant A is 0.2.x

FILE may be "-" for standard input. Exit code 0 when converted, 1 when the
document has errors (printed as qjob validate prints them) or cannot be
converted, 2 when it cannot be read.

${GLOBAL_HELP}
`;

function printProblems(io: CliIo, name: string, problems: readonly YamlProblem[]): void {
  for (const p of problems) io.stderr(`${formatProblem(name, p)}\n`);
}

function toSdk(variant: VariantId, name: string, text: string, io: CliIo): string {
  const compiled = compilePayload(variant, text);
  printProblems(io, name, compiled.problems);
  if (!compiled.payload)
    throw new CommandFailure(
      `${name} is not a valid Variant ${variant} payload; nothing was converted.`,
      EXIT.failed,
    );
  return sdkDocument(variant, compiled.payload);
}

/** The payload document whose fields hold the SDK's YAML strings, each inline under its key. */
function sdkDocument(variant: VariantId, payload: ExecutePayload): string {
  const kind = executeKind(variant, payload.type)!;
  const inner = (payload as unknown as Record<string, Record<string, string>>)[kind.payloadField]!;
  const readout = inner.readout;
  return payloadDocument(
    kind,
    { sdk: inner[kind.functionalField] ?? '' },
    readout !== undefined ? { sdk: readout } : null,
  );
}

function toPython(
  variant: VariantId,
  name: string,
  text: string,
  io: CliIo,
  options: { device?: string; jobName?: string },
): string {
  const checked = documentToExecutePayload(variant, text);
  printProblems(io, name, checked.problems);
  if (!checked.payload)
    throw new CommandFailure(
      `${name} is not a valid Variant ${variant} payload; nothing was converted.`,
      EXIT.failed,
    );
  const out = payloadAsPython(variant, checked.payload, {
    ...options,
    source: path.basename(name),
  });
  if ('refused' in out)
    throw new CommandFailure(`${name} cannot be written as Python: ${out.refused}.`, EXIT.failed);
  return out.script;
}

function toFriendly(variant: VariantId, name: string, text: string, io: CliIo): string {
  const checked = documentToExecutePayload(variant, text);
  printProblems(io, name, checked.problems);
  if (!checked.payload)
    throw new CommandFailure(
      `${name} is not a valid Variant ${variant} payload; nothing was converted.`,
      EXIT.failed,
    );
  const { text: friendly, kept } = decompilePayload(variant, checked.payload);
  for (const part of kept)
    io.stderr(
      `${oneLine(name)}: kept in the SDK's form: ${oneLine(part.path)}: ${oneLine(part.reason)}\n`,
    );
  return friendly;
}

export async function runConvertCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'convert',
    CONVERT_USAGE,
    io,
    () =>
      commandArgs(argv, {
        to: { type: 'string' },
        device: { type: 'string' },
        name: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      const file = onePositional(positionals, 'FILE');
      const to = oneOf('--to', values.to, ['sdk', 'friendly', 'python'] as const);
      if (!to) throw new UsageError('missing --to sdk|friendly|python');
      if (to !== 'python' && (values.device !== undefined || values.name !== undefined))
        throw new UsageError('--device and --name go with --to python only');
      const variant = await variantFor(globals, io);
      const read = await readPayloadFile(file, io);
      if ('invalid' in read) {
        io.stderr(`${formatProblem(read.name, read.invalid)}\n`);
        throw new CommandFailure(`${read.name} cannot be read as text.`, EXIT.failed);
      }
      const out =
        to === 'sdk'
          ? toSdk(variant, read.name, read.text, io)
          : to === 'python'
            ? toPython(variant, read.name, read.text, io, {
                device: values.device,
                jobName: values.name,
              })
            : toFriendly(variant, read.name, read.text, io);
      io.stdout(out);
      return EXIT.ok;
    },
  );
}
