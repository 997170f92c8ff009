import type { BatchMember } from '../../shared/ipc/batch-schemas';
import { DEFAULT_BATCH_RATE } from '../../shared/ipc/batch-schemas';
import { describeInvalidMembers, planSweep } from '../../shared/sweeps/plan-sweep';
import type { SweepPlan } from '../../shared/sweeps/plan-sweep';
import type { SweepParameter } from '../../shared/sweeps/sweep-spec';
import { MAX_BATCH_NAME } from '../../shared/sweeps/sweep-spec';
import type { VariantId } from '../../shared/variants';
import { TERMINAL_JOB_STATUSES } from '../../shared/variants/enums';
import type { JobStatus } from '../../shared/variants';
import { requirePayload } from '../../core/submit/prepare-payload';
import { sendPayload } from '../../core/submit/send-payload';
import { BatchRunner } from '../../core/batches/batch-runner';
import { createBatch, viewOf } from '../../core/batches/batch-service';
import { batchStoreFile, openBatchStore } from '../../core/batches/open-batch-store';
import { WaitError, waitForJob } from '../../core/jobs/wait';
import { silentLogger } from '../../core/logging/logger';
import {
  GLOBAL_HELP,
  onePositional,
  commandArgs,
  requireNumber,
  requireSeconds,
  requireVariant,
} from '../args';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { renderTable } from '../output/table';
import { oneLine } from '../output/terminal-text';
import { formatProblem, readPayloadFile } from '../payload-file';
import { runCommand } from '../run-command';
import { quoted } from '../../shared/text/quote';

export const SWEEP_USAGE = `usage: qjob sweep FILE --set PATH=VALUES... --device CODE [--zip] [--name N] [--rate R] [--wait] [--timeout S] [--dry-run] [connection options]

Sends one payload document many times, with some of its numbers changed: one
job per value (or per combination of values), as one batch. Every payload is
checked first (as qjob validate does); one that is not valid stops the sweep
before anything is sent. Members are sent a few per second and named
"N [i/count]"; a submission whose answer is lost is looked for in the job list
by that name before it is ever sent again, so no member runs twice.

  --set PATH=VALUES  a number to sweep, by its path in the document (as qjob
                     validate reports paths), and its values:
                       0,0.5,1             a list
                       0:3.14:0.1          start:stop:step (stop included)
                       linspace(0,2pi,21)  count values from start to stop
                     numbers may use pi: pi/2, 2*pi. Repeat --set to sweep
                     several numbers: every combination (the first slowest)
  --zip              combine the --set lists side by side instead (the same
                     number of values each)
  --device CODE      the device to run on (see qjob devices)
  --name N           the batch's name (default: the file's name)
  --rate R           submissions per second (default ${DEFAULT_BATCH_RATE}, at most 20)
  --wait             wait until every job ends; exit code 1 when one does not
                     complete
  --timeout S        with --wait: stop waiting after S seconds
  --dry-run          print the payloads' values and check them; send nothing
                     (needs no login; --variant A|B without a connection)

Prints one row per member: its values, its job and state (with --wait its
final status). --json prints {batch, name, parameters, members: [...]}.

${GLOBAL_HELP}
`;

function parseSets(raw: readonly string[]): SweepParameter[] {
  if (raw.length === 0) throw new UsageError('missing --set PATH=VALUES');
  return raw.map((set) => {
    const at = set.indexOf('=');
    if (at <= 0 || at === set.length - 1)
      throw new UsageError(
        `--set takes PATH=VALUES, e.g. sampling_payload.sampling.nshots=100,1000; got ${quoted(set, "'")}`,
      );
    return { path: set.slice(0, at).trim(), values: set.slice(at + 1).trim() };
  });
}

function baseName(file: string): string {
  const name =
    file === '-' ? 'sweep' : (file.split(/[\\/]/).pop() ?? file).replace(/\.ya?ml$/i, '');
  return name.slice(0, MAX_BATCH_NAME) || 'sweep';
}

const valueCells = (plan: Pick<SweepPlan, 'parameters'>, values: readonly number[]) =>
  plan.parameters.map((_, i) => String(values[i]));

function printPlan(plan: SweepPlan, io: CliIo, json: boolean): void {
  if (json) {
    io.stdout(
      toJson({
        parameters: plan.parameters.map((p) => ({ path: p.path, values: p.values })),
        members: plan.members.map((m) => ({
          index: m.index,
          name: m.name,
          values: m.values,
          valid: m.errors.length === 0,
          errors: m.errors.map((e) => ({
            path: e.path ?? '',
            message: e.message,
            line: e.line,
            column: e.column,
          })),
        })),
      }),
    );
    return;
  }
  io.stdout(
    renderTable(
      ['#', ...plan.parameters.map((p) => p.path), 'valid'],
      plan.members.map((m) => [
        String(m.index),
        ...valueCells(plan, m.values),
        m.errors.length ? 'no' : 'yes',
      ]),
    ),
  );
}

export async function runSweepCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'sweep',
    SWEEP_USAGE,
    io,
    () =>
      commandArgs(argv, {
        set: { type: 'string', multiple: true },
        device: { type: 'string' },
        zip: { type: 'boolean' },
        name: { type: 'string' },
        rate: { type: 'string' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
        'dry-run': { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const file = onePositional(positionals, 'FILE');
      const sets = parseSets((values.set as unknown as string[] | undefined) ?? []);
      const dryRun = values['dry-run'] === true;
      if (!dryRun && !values.device) throw new UsageError('missing --device CODE');
      const rate = requireNumber('--rate', values.rate, {
        min: 0.1,
        max: 20,
        unit: 'submissions a second',
      });
      const timeout = requireSeconds('--timeout', values.timeout);
      if (timeout !== undefined && !values.wait) throw new UsageError('--timeout goes with --wait');
      if (dryRun && values.wait)
        throw new UsageError('--dry-run sends nothing, so there is nothing to --wait for');
      const name = (values.name ?? baseName(file)).trim();
      if (!name || name.length > MAX_BATCH_NAME)
        throw new UsageError(`--name must have 1 to ${MAX_BATCH_NAME} characters`);

      const read = await readPayloadFile(file, io);
      if ('invalid' in read) {
        io.stderr(`${formatProblem(read.name, read.invalid)}\n`);
        throw new CommandFailure(
          `${read.name} cannot be read as text; nothing was sent.`,
          EXIT.failed,
        );
      }
      const given = requireVariant('--variant', globals.variant);
      const connection =
        dryRun && given && !globals.profile && !globals.baseUrl
          ? null
          : await resolveConnection(globals, io);
      const variant: VariantId = connection?.profile.variant ?? given!;
      const spec = { parameters: sets, combine: values.zip ? ('zip' as const) : ('grid' as const) };
      const plan = planSweep(variant, read.text, spec, name);
      if (plan.problems.length)
        throw new CommandFailure(
          `The sweep cannot be made: ${plan.problems.join('; ')}`,
          EXIT.failed,
        );
      const invalid = describeInvalidMembers(plan);
      for (const line of invalid) io.stderr(`${oneLine(read.name)}: ${oneLine(line)}\n`);
      if (dryRun) {
        printPlan(plan, io, globals.json);
        if (!globals.json)
          io.stderr(
            invalid.length
              ? `${invalid.length} of ${plan.members.length} payloads are not valid\n`
              : `${plan.members.length} payloads, all valid; nothing was sent\n`,
          );
        return invalid.length ? EXIT.failed : EXIT.ok;
      }
      if (invalid.length)
        throw new CommandFailure(
          `${invalid.length} of the ${plan.members.length} payloads are not valid; nothing was sent.`,
          EXIT.failed,
        );
      if (!connection) throw new UsageError('a connection is needed to send');
      return send(connection, plan, {
        name,
        file: read.text,
        rate,
        timeout,
        spec,
        variant,
        io,
        json: globals.json,
        wait: values.wait === true,
        device: values.device!,
        globals,
      });
    },
  );
}

async function send(
  connection: Awaited<ReturnType<typeof resolveConnection>>,
  plan: SweepPlan,
  o: {
    name: string;
    file: string;
    rate: number | undefined;
    timeout: number | undefined;
    spec: { parameters: SweepParameter[]; combine: 'grid' | 'zip' };
    variant: VariantId;
    io: CliIo;
    json: boolean;
    wait: boolean;
    device: string;
    globals: Parameters<typeof requireSession>[1];
  },
): Promise<ExitCode> {
  const { io } = o;
  const session = await requireSession(connection, o.globals, io);
  const store = await openBatchStore(batchStoreFile(connection.configDir, 'cli'), silentLogger);
  try {
    // Each member is marked on disk before its request leaves, so a member whose answer is lost
    // is looked for, never sent twice: a batch that cannot be kept is not sent at all.
    if (store.unavailable !== null)
      throw new CommandFailure(
        `Nothing was sent: a sweep is sent only as a batch kept on disk (so that no member is ever sent twice), and it could not be kept. ${store.unavailable}`,
        EXIT.failed,
      );
    const signal = io.signal ? { signal: io.signal } : {};
    const batch = createBatch(store, connection.profileKey, o.variant, {
      text: o.file,
      sweep: o.spec,
      name: o.name,
      deviceCode: o.device,
      ...(o.rate !== undefined ? { ratePerSecond: o.rate } : {}),
    });
    const total = plan.members.length;
    io.stderr(
      `batch ${oneLine(batch.name)}: ${total} payloads to ${oneLine(o.device)}, ${batch.ratePerSecond} a second\n`,
    );
    const runner = new BatchRunner({
      store,
      transport: {
        async submit(member, b) {
          const payload = requirePayload(o.variant, member.text);
          const outcome = await sendPayload(session.client, payload, {
            deviceCode: b.deviceCode,
            name: member.name,
            ...signal,
          });
          return outcome.jobId.id;
        },
        async listJobs() {
          const jobs = await session.client.listJobs(signal);
          return jobs.map((j) => ({ id: j.id, name: j.name, createdAt: j.created_at }));
        },
      },
      onChange: (_id, member) => {
        if (member?.state === 'submitted')
          io.stderr(`[${member.index}/${total}] job ${member.jobId}\n`);
        else if (member?.state === 'failed' || member?.state === 'unknown')
          io.stderr(`[${member.index}/${total}] ${member.state}: ${oneLine(member.error ?? '')}\n`);
      },
    });
    const stop = () => void runner.pause(batch.id);
    io.signal?.addEventListener('abort', stop, { once: true });
    await runner.run(batch.id);
    io.signal?.removeEventListener('abort', stop);
    const note = store.get(batch.id)?.note;
    if (note) io.stderr(`${oneLine(note)}\n`);

    const statuses = new Map<number, JobStatus | null>();
    if (o.wait) {
      const deadline = o.timeout === undefined ? undefined : Date.now() + o.timeout * 1000;
      for (const m of store.members(batch.id)) {
        if (m.jobId === null) continue;
        try {
          const left = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
          const result = await waitForJob(session.client, m.jobId, {
            ...(left !== undefined ? { timeoutMs: left } : {}),
            ...(connection.profile.pollIntervalMs !== undefined
              ? { intervalMs: connection.profile.pollIntervalMs }
              : {}),
            ...signal,
          });
          statuses.set(m.jobId, result.status);
          io.stderr(`[${m.index}/${total}] job ${m.jobId}: ${result.status ?? 'unknown'}\n`);
        } catch (error) {
          if (!(error instanceof WaitError)) throw error;
          statuses.set(m.jobId, error.lastStatus);
          io.stderr(`[${m.index}/${total}] job ${m.jobId}: ${oneLine(error.message)}\n`);
          if (error.code === 'aborted') break;
        }
      }
    }
    const view = viewOf(
      store.get(batch.id)!,
      store.members(batch.id),
      (id) => statuses.get(id) ?? null,
    );
    printBatch(view.members, plan, batch.id, batch.name, o.json, o.wait, io);
    const allSent = view.members.every((m) => m.state === 'submitted');
    const allDone = !o.wait || view.members.every((m) => m.jobStatus === 'completed');
    return allSent && allDone ? EXIT.ok : EXIT.failed;
  } finally {
    store.close();
    session.dispose();
  }
}

function printBatch(
  members: readonly BatchMember[],
  plan: SweepPlan,
  id: string,
  name: string,
  json: boolean,
  wait: boolean,
  io: CliIo,
): void {
  if (json) {
    io.stdout(
      toJson({
        batch: id,
        name,
        parameters: plan.parameters.map((p) => ({ path: p.path, values: p.values })),
        members: members.map((m) => ({
          index: m.index,
          name: m.name,
          values: m.values,
          state: m.state,
          job_id: m.jobId,
          ...(wait ? { status: m.jobStatus } : {}),
          error: m.error,
        })),
      }),
    );
    return;
  }
  const terminal = new Set<string>(TERMINAL_JOB_STATUSES);
  io.stdout(
    renderTable(
      ['#', ...plan.parameters.map((p) => p.path), 'job', wait ? 'status' : 'state'],
      members.map((m) => [
        String(m.index),
        ...valueCells(plan, m.values),
        m.jobId === null ? '-' : String(m.jobId),
        wait && m.jobStatus && terminal.has(m.jobStatus) ? m.jobStatus : m.state,
      ]),
    ),
  );
}
