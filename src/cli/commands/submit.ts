import { dryRunBody } from '../../core/submit/send-payload';
import { readHeaderComment } from '../../shared/yaml/header-comment';
import { GLOBAL_HELP, onePositional, commandArgs, requireSeconds } from '../args';
import { reachProfile, requireSession, resolveProfile } from '../connection';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';
import { openCliJobStore } from '../job-store';
import { oneLine } from '../output/terminal-text';
import { checkedPayload, submitAndReport } from '../submitting';

export const SUBMIT_USAGE = `usage: qjob submit FILE [--device CODE] [--name N] [--wait] [--timeout S] [--no-check] [--dry-run] [connection options]

Validates a payload document (as qjob validate does), compiles it to the SDK's
form of the connection's variant (what the service reads; see qjob convert) and
submits it. Prints the job id and any message from the service. A submission is
never repeated by itself: if the answer is lost, check "qjob jobs" before
submitting again.

  --device CODE   the device to run on (see qjob devices); default: the one the
                  payload's "# device:" comment names, as the app preselects it
  --name N        a name for the job (default: the payload's "# title:" comment)
  --no-check      submit even when the payload dialect's checks find errors
                  (a gate on a qubit the circuit lacks, say): for a service
                  that accepts more than the simulator, or to see a job fail
  --wait          wait until the job ends, with progress on standard error;
                  exit code 1 when it ends in error, timeout or cancelled
  --timeout S     with --wait: stop waiting after S seconds
  --dry-run       print the exact body of the POST /execute request (JSON) and
                  send nothing; needs no login

--json prints the JobId, or with --wait the final JobDetail.

${GLOBAL_HELP}
`;

export async function runSubmitCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'submit',
    SUBMIT_USAGE,
    io,
    () =>
      commandArgs(argv, {
        device: { type: 'string' },
        name: { type: 'string' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
        'no-check': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const file = onePositional(positionals, 'FILE');
      const timeout = requireSeconds('--timeout', values.timeout);
      if (timeout !== undefined && !values.wait) throw new UsageError('--timeout goes with --wait');
      if (values['dry-run'] && values.wait)
        throw new UsageError('--wait cannot go with --dry-run: nothing is sent');
      // A dry run sends nothing: it needs the profile's variant, not its service (nor a
      // simulator started to build a body).
      const resolved = await resolveProfile(globals, io);
      const { profile } = resolved;

      const read = await readPayloadFile(file, io);
      const { name } = read;
      if ('invalid' in read) {
        io.stderr(`${formatProblem(name, read.invalid)}\n`);
        throw new CommandFailure(
          `${name} cannot be read as text; nothing was submitted.`,
          EXIT.failed,
        );
      }
      // The payload's leading comment, read once: its device and its title (the job's name
      // unless --name gives one), for the dry run's body and for the submission alike.
      const header = readHeaderComment(read.text);
      const jobName = values.name?.trim() || header.title;
      const device = values.device ?? header.device;
      if (!device)
        throw new UsageError(
          `missing --device CODE (${oneLine(name)} names none in a "# device:" comment)`,
        );
      if (!values.device)
        io.stderr(
          `${oneLine(name)}: to ${oneLine(device)}, the device its "# device:" comment names (--device CODE for another)\n`,
        );
      // The variant's schema decides what can be sent; the payload dialect's own checks (the
      // ones the simulator runs, which a service that accepts more may pass) are shown with it,
      // and stop the submission unless --no-check.
      const payload = checkedPayload(profile.variant, read.text, io, {
        label: name,
        show: true,
        dialect: values['no-check'] ? 'report' : 'block',
      });
      if (values['dry-run']) {
        const envelope = dryRunBody(profile.variant, payload, {
          deviceCode: device,
          name: jobName,
        });
        io.stdout(`${JSON.stringify(envelope)}\n`);
        return EXIT.ok;
      }
      const connection = await reachProfile(resolved, io);
      const session = await requireSession(connection, globals, io);
      const store = await openCliJobStore(connection, io);
      try {
        return await submitAndReport(
          { session, store, connection, io, globals },
          {
            text: read.text,
            payload,
            deviceCode: device,
            name: jobName,
            origin: null,
            wait: values.wait === true,
            timeout,
          },
        );
      } finally {
        store.close();
        session.dispose();
      }
    },
  );
}
