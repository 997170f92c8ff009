import { JOB_STATUSES } from '../../shared/variants';
import { GLOBAL_HELP, noPositionals, oneOf, commandArgs } from '../args';
import { requireSession, resolveConnection } from '../connection';
import { CommandFailure } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { orDash, renderTable } from '../output/table';
import { runCommand } from '../run-command';
import { withStatuses } from '../job-status';
import { deviceCodes, rememberDevices } from '../device-codes';
import { tagSchema } from '../../shared/annotations';
import type { Connection } from '../connection';
import { UsageError } from '../errors';
import { openCliJobStore } from '../job-store';
import { quoted } from '../../shared/text/quote';

function requireTag(raw: string): string {
  const parsed = tagSchema.safeParse(raw);
  if (!parsed.success)
    throw new UsageError(`--tag ${quoted(raw, "'")}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The tags qjob's job store keeps for this connection (see qjob tag). */
async function taggedJobs(connection: Connection, io: CliIo): Promise<Map<number, string[]>> {
  const store = await openCliJobStore(connection, io);
  try {
    return store.cache.annotations.tagIndex(store.key);
  } finally {
    store.close();
  }
}

export const JOBS_USAGE = `usage: qjob jobs [--status S] [--device ID] [--tag T] [connection options]

Lists jobs (the lightweight form: no payload, results or logs). Where the
variant's job list carries no status (Variant A), each job's status is looked up.
The DEVICE column shows each device's code (#ID when the device list does not
know the id); the device list is kept between runs and fetched again when a job
names a device it does not know.

  --status S    only jobs with this status (${JOB_STATUSES.join(', ')})
  --device ID   only jobs on this device (its integer id, or its code)
  --tag T       only jobs tagged T (see qjob tag); the TAGS column shows them

${GLOBAL_HELP}
`;

export async function runJobsCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'jobs',
    JOBS_USAGE,
    io,
    () =>
      commandArgs(argv, {
        status: { type: 'string' },
        device: { type: 'string' },
        tag: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      noPositionals(positionals);
      const status = oneOf('--status', values.status, JOB_STATUSES);
      const tag = values.tag === undefined ? undefined : requireTag(values.tag);
      const connection = await resolveConnection(globals, io);
      const tagged = await taggedJobs(connection, io);
      const session = await requireSession(connection, globals, io);
      const call = io.signal ? { signal: io.signal } : {};
      try {
        const listed = await withStatuses(
          session.client,
          await session.client.listJobs(call),
          io.signal,
        );
        const key = connection.profileKey;
        let codes = await deviceCodes(
          connection.configDir,
          key,
          session.client,
          listed.map((j) => j.device_id),
          io.signal,
        );
        let deviceId: number | undefined;
        if (values.device !== undefined) {
          if (/^\d+$/.test(values.device)) deviceId = Number(values.device);
          else {
            // A device code is what people know; job records carry the integer id.
            deviceId = [...codes].find(([, code]) => code === values.device)?.[0];
            if (deviceId === undefined) {
              const devices = await session.client.listDevices(call);
              codes = await rememberDevices(connection.configDir, key, devices);
              const device = devices.find((d) => d.code === values.device);
              if (!device)
                throw new CommandFailure(
                  `There is no device with code ${quoted(values.device, "'")}; see qjob devices.`,
                  EXIT.failed,
                );
              if (device.id === undefined) {
                throw new CommandFailure(
                  `Device ${quoted(values.device, "'")} has no id to match jobs against; pass its id.`,
                  EXIT.failed,
                );
              }
              deviceId = device.id;
            }
          }
        }
        const jobs = listed.filter(
          (j) =>
            (!status || j.status === status) &&
            (deviceId === undefined || j.device_id === deviceId) &&
            (tag === undefined || (tagged.get(j.id)?.includes(tag) ?? false)),
        );
        const withTags = tagged.size > 0;
        if (globals.json) io.stdout(toJson(jobs));
        else if (jobs.length === 0)
          io.stdout(
            listed.length === 0
              ? `No jobs yet on ${connection.label}: submit one with qjob submit FILE --device CODE.\n`
              : `No jobs match (${listed.length} job${listed.length === 1 ? '' : 's'} without the filters).\n`,
          );
        else {
          io.stdout(
            renderTable(
              [
                'id',
                'name',
                'status',
                'device',
                'created',
                'completed',
                ...(withTags ? ['tags'] : []),
              ],
              jobs.map((j) => [
                String(j.id),
                orDash(j.name),
                orDash(j.status),
                codes.get(j.device_id) ?? `#${j.device_id}`,
                j.created_at,
                orDash(j.completed_at),
                ...(withTags ? [tagged.get(j.id)?.join(', ') ?? '—'] : []),
              ]),
            ),
          );
        }
        return EXIT.ok;
      } finally {
        session.dispose();
      }
    },
  );
}
