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

export const JOBS_USAGE = `usage: qjob jobs [--status S] [--device ID] [connection options]

Lists jobs (the lightweight form: no payload, results or logs). Where the
variant's job list carries no status (Variant A), each job's status is looked up.
The DEVICE column shows each device's code (#ID when the device list does not
know the id); the device list is kept between runs and fetched again when a job
names a device it does not know.

  --status S    only jobs with this status (${JOB_STATUSES.join(', ')})
  --device ID   only jobs on this device (its integer id, or its code)

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
      }),
    async ({ globals, values, positionals }) => {
      noPositionals(positionals);
      const status = oneOf('--status', values.status, JOB_STATUSES);
      const connection = await resolveConnection(globals, io);
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
                  `There is no device with code '${values.device}'; see qjob devices.`,
                  EXIT.failed,
                );
              if (device.id === undefined) {
                throw new CommandFailure(
                  `Device '${values.device}' has no id to match jobs against; pass its id.`,
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
            (deviceId === undefined || j.device_id === deviceId),
        );
        if (globals.json) io.stdout(toJson(jobs));
        else if (jobs.length === 0) io.stdout('No jobs match.\n');
        else {
          io.stdout(
            renderTable(
              ['id', 'name', 'status', 'device', 'created', 'completed'],
              jobs.map((j) => [
                String(j.id),
                orDash(j.name),
                orDash(j.status),
                codes.get(j.device_id) ?? `#${j.device_id}`,
                j.created_at,
                orDash(j.completed_at),
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
