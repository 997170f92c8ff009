import { DEVICE_STATUSES, DEVICE_TYPES } from '../../shared/variants';
import {
  GLOBAL_HELP,
  noPositionals,
  oneOf,
  commandArgs,
  requireNumber,
  requireNonEmpty,
} from '../args';
import { UsageError } from '../errors';
import { requireSession, resolveConnection } from '../connection';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { orDash, renderTable } from '../output/table';
import { runCommand } from '../run-command';
import { rememberDevices } from '../device-codes';
import { printDeviceHistory } from './device-history';

export const DEVICES_USAGE = `usage: qjob devices [--status S] [--type T] [connection options]

Lists the service's devices.

  --status S   only devices with this status (${DEVICE_STATUSES.join(', ')})
  --type T     only devices of this type (${DEVICE_TYPES.join(', ')})
  --history CODE  the statuses and notices of one device this computer saw
                  (the app's, browser mode's and qjob's own), oldest first
  --days N     how far back --history goes (default 7, at most 30)

${GLOBAL_HELP}
`;

export async function runDevicesCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'devices',
    DEVICES_USAGE,
    io,
    () =>
      commandArgs(argv, {
        status: { type: 'string' },
        type: { type: 'string' },
        history: { type: 'string' },
        days: { type: 'string' },
      }),
    async ({ globals, values, positionals }) => {
      noPositionals(positionals);
      const status = oneOf('--status', values.status, DEVICE_STATUSES);
      const type = oneOf('--type', values.type, DEVICE_TYPES);
      const history = requireNonEmpty('--history', values.history);
      const days = requireNumber('--days', values.days, { integer: true, min: 1, max: 30 }) ?? 7;
      if (values.days !== undefined && !history) throw new UsageError('--days goes with --history');
      const connection = await resolveConnection(globals, io);
      const session = await requireSession(connection, globals, io);
      try {
        const all = await session.client.listDevices(io.signal ? { signal: io.signal } : {});
        await rememberDevices(connection.configDir, connection.profileKey, all);
        if (history) {
          await printDeviceHistory(connection, all, history, days, globals.json, io);
          return EXIT.ok;
        }
        const devices = all.filter(
          (d) => (!status || d.status === status) && (!type || d.type === type),
        );
        if (globals.json) io.stdout(toJson(devices));
        else if (devices.length === 0) io.stdout('No devices match.\n');
        else {
          io.stdout(
            renderTable(
              ['code', 'id', 'name', 'type', 'qubits', 'status', 'description'],
              devices.map((d) => [
                d.code,
                orDash(d.id),
                d.name,
                d.type,
                String(d.nqubits),
                d.status,
                d.description,
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
