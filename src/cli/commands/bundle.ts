import path from 'node:path';
import { CLIENT_VERSION } from '../../core/client/user-agent';
import type { CachedProblem } from '../../core/job-store';
import { getJob } from '../../core/job-store';
import { collectBundle } from '../../core/bundles';
import { fieldProblemView, truncationView } from '../../core/app/views';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import type { LimitedRead } from '../../node-kit/fs/read-limited';
import { readFileUpTo } from '../../node-kit/fs/read-limited';
import type { Bundle, BundleJob } from '../../shared/bundles';
import { BUNDLE_MAX_BYTES, BundleError, readBundle } from '../../shared/bundles';
import { formatMegabytes } from '../../shared/ipc/limits';
import type { JobDetail } from '../../shared/variants';
import { decodeUtf8 } from '../../shared/text/utf8';
import { GLOBAL_HELP, commandArgs, requireInt, requireSeconds } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure, UsageError, jobNotFound } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { openCliJobStore } from '../job-store';
import { toJson } from '../output/json';
import { orDash, renderTable } from '../output/table';
import { oneLine, printable } from '../output/terminal-text';
import { runCommand } from '../run-command';
import { checkedPayload, submitAndReport } from '../submitting';
import { quoted } from '../../shared/text/quote';

export const BUNDLE_USAGE = `usage: qjob bundle export ID... [-o FILE] [connection options]
       qjob bundle open FILE [--payload] [--job ID]
       qjob bundle rerun FILE [--job ID] [--device CODE] [--wait] [connection options]

A bundle is one file (.qjob.json) holding jobs as they were: the payload exactly
as submitted (when qjob submitted it), the decoded result, logs, errors, the
statuses seen, the device, tags and notes, with tokens, keys and passwords
removed. Up to ${formatMegabytes(BUNDLE_MAX_BYTES)}.

  export ID...   write these jobs to FILE (default job-ID.qjob.json; "-o -" for
                 standard output); the file is replaced whole or not at all
  open FILE      check FILE and show its jobs; --payload prints a job's payload
                 document byte for byte (on a terminal, control characters are
                 shown escaped); --json prints the checked bundle
  rerun FILE     submit a job of FILE again, on its device or --device CODE

  -o, --output FILE   where export writes
  --job ID            the job of a batch (default: the only or first one)
  --payload           with open: print the payload document only
  --device CODE, --name N, --wait, --timeout S: as for qjob submit

${GLOBAL_HELP}
`;

export async function runBundleCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'bundle',
    BUNDLE_USAGE,
    io,
    () =>
      commandArgs(argv, {
        output: { type: 'string', short: 'o' },
        job: { type: 'string' },
        payload: { type: 'boolean' },
        device: { type: 'string' },
        name: { type: 'string' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      const [action, ...args] = positionals;
      if (action === 'export') {
        if (args.length === 0) throw new UsageError('bundle export needs at least one job ID');
        const ids = args.map((a) => requireInt('job ID', a, 0) as number);
        const connection = await resolveConnection(globals, io);
        const session = await requireSession(connection, globals, io);
        const store = await openCliJobStore(connection, io);
        const call = io.signal ? { signal: io.signal } : {};
        try {
          const { text, fileName, redactions } = await collectBundle(
            {
              cache: store.cache,
              profileKey: store.key,
              detail: (id) =>
                getJob(store.cache, store.key, id, true, {
                  fetch: async () => {
                    const got = await session.client
                      .getJob(id, { full: true, ...call })
                      .catch((e: unknown) => {
                        throw jobNotFound(e, id);
                      });
                    return {
                      detail: got.detail as JobDetail,
                      problems: [
                        ...got.problems.map(fieldProblemView),
                        ...(got.truncated ?? []).map(truncationView),
                      ] as CachedProblem[],
                    };
                  },
                }),
              devices: async () => ({
                devices: await session.client.listDevices(call),
                fetchedAt: new Date().toISOString(),
              }),
              app: { name: 'qjob', version: CLIENT_VERSION, shell: 'cli' },
              source: {
                variant: connection.profile.variant,
                connection: connection.profile.name,
                baseUrl: connection.profile.builtin ? null : connection.profile.baseUrl,
              },
            },
            ids,
          ).catch((error: unknown) => {
            if (error instanceof BundleError) throw new CommandFailure(error.message, EXIT.failed);
            throw error;
          });
          const out = values.output ?? fileName;
          if (out === '-') io.stdout(text);
          else {
            await writeFileAtomic(path.resolve(io.cwd, out), text);
            io.stderr(
              `Wrote ${out}: ${ids.length} job${ids.length === 1 ? '' : 's'}${redactions ? `, ${redactions} text(s) with secrets removed` : ''}.\n`,
            );
          }
          return EXIT.ok;
        } finally {
          store.close();
          session.dispose();
        }
      }
      if (action === 'open' || action === 'rerun') {
        if (args.length !== 1) throw new UsageError(`bundle ${action} needs one FILE`);
        const file = args[0]!;
        const bundle = await readBundleFile(file, io);
        const job = pickJob(bundle, requireInt('--job', values.job, 0), file);
        if (action === 'open') {
          if (values.payload) {
            if (!job.payload)
              throw new CommandFailure(
                `Job ${job.record.id} in ${file} has no payload.`,
                EXIT.failed,
              );
            // Byte for byte into a file or a pipe; on a terminal, which would obey the control
            // characters of a payload from anywhere, they are shown escaped.
            io.stdout(
              io.isTTY ? printable(job.payload.text, { multiline: true }) : job.payload.text,
            );
          } else if (globals.json) io.stdout(toJson(bundle));
          else io.stdout(describeBundle(bundle, file));
          return EXIT.ok;
        }
        if (!job.payload)
          throw new CommandFailure(
            `Job ${job.record.id} in ${file} has no payload to run.`,
            EXIT.failed,
          );
        const deviceCode = values.device ?? job.device.code;
        if (!deviceCode)
          throw new UsageError('the bundle does not name the device: pass --device CODE', {
            pointToHelp: false,
          });
        const connection = await resolveConnection(globals, io);
        if (connection.profile.variant !== bundle.source.variant) {
          throw new CommandFailure(
            `${file} holds Variant ${bundle.source.variant} jobs; ${connection.label} speaks Variant ${connection.profile.variant}.`,
            EXIT.usage,
          );
        }
        const session = await requireSession(connection, globals, io);
        const store = await openCliJobStore(connection, io);
        try {
          const text = job.payload.text;
          const payload = checkedPayload(connection.profile.variant, text, io, {
            label: `the payload of job ${job.record.id} in ${file}`,
          });
          return await submitAndReport(
            { session, store, connection, io, globals },
            {
              text,
              payload,
              deviceCode,
              name: values.name ?? (job.record.name || undefined),
              origin: { kind: 'bundle', jobId: job.record.id, file: path.basename(file) },
              wait: values.wait === true,
              timeout: requireSeconds('--timeout', values.timeout),
            },
          );
        } finally {
          store.close();
          session.dispose();
        }
      }
      throw new UsageError(
        action
          ? `unknown action ${quoted(action, "'")} (export, open or rerun)`
          : 'missing action: export, open or rerun',
      );
    },
  );
}

async function readBundleFile(file: string, io: CliIo): Promise<Bundle> {
  const full = path.resolve(io.cwd, file);
  let read: LimitedRead;
  try {
    read = await readFileUpTo(full, BUNDLE_MAX_BYTES);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder'
          : (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${why}`, { pointToHelp: false });
  }
  if (read.tooLarge) {
    const size = read.size === null ? '' : ` (${formatMegabytes(read.size)})`;
    throw new CommandFailure(
      `${file} is larger than the limit${size}: a bundle may be up to ${formatMegabytes(BUNDLE_MAX_BYTES)}, and nothing past that was read.`,
      EXIT.failed,
    );
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok)
    throw new CommandFailure(`${file} is not a job bundle: it is not UTF-8 text.`, EXIT.failed);
  try {
    return readBundle(decoded.text, file);
  } catch (error) {
    if (error instanceof BundleError) throw new CommandFailure(error.message, EXIT.failed);
    throw error;
  }
}

function pickJob(bundle: Bundle, id: number | undefined, file: string): BundleJob {
  if (id === undefined) return bundle.jobs[0]!;
  const job = bundle.jobs.find((j) => j.record.id === id);
  if (!job) {
    throw new CommandFailure(
      `${file} has no job ${id}; it holds ${bundle.jobs.map((j) => j.record.id).join(', ')}.`,
      EXIT.failed,
    );
  }
  return job;
}

function describeBundle(bundle: Bundle, file: string): string {
  const lines = [
    `${oneLine(file)}: ${bundle.jobs.length} job${bundle.jobs.length === 1 ? '' : 's'} of ${oneLine(bundle.source.connection)} (Variant ${bundle.source.variant}), made ${oneLine(bundle.createdAt)} by ${oneLine(bundle.app.name)} ${oneLine(bundle.app.version)}.`,
  ];
  if (bundle.redactions)
    lines.push(`${bundle.redactions} text(s) had secret-looking values removed.`);
  lines.push(
    '',
    renderTable(
      ['id', 'name', 'status', 'device', 'payload', 'tags'],
      bundle.jobs.map((j) => [
        String(j.record.id),
        orDash(j.record.name),
        orDash(j.record.status),
        j.device.code ?? `#${j.device.id}`,
        j.payload ? (j.payload.source === 'submitted' ? 'as submitted' : 'from the service') : '—',
        j.tags.join(', ') || '—',
      ]),
    ).trimEnd(),
  );
  for (const j of bundle.jobs.filter((x) => x.note))
    lines.push('', `Note on job ${j.record.id}:`, printable(j.note, { multiline: true }));
  return `${lines.join('\n')}\n`;
}
