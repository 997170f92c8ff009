import { existsSync } from 'node:fs';
import { jobCacheFile, loadSqlite, openJobCache, profileCacheKey } from '../../core/job-store';
import type { DeviceHistoryEntry } from '../../core/history';
import { SqliteDeviceHistory, mergeDeviceHistories, openDeviceHistory } from '../../core/history';
import { silentLogger } from '../../core/logging/logger';
import type { Device } from '../../shared/variants';
import type { Connection } from '../connection';
import { UsageError } from '../errors';
import { cliJobStoreFile } from '../job-store';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { renderTable } from '../output/table';
import { oneLine } from '../output/terminal-text';
import { quoted } from '../../shared/text/quote';

const DAY_MS = 24 * 3600 * 1000;

/**
 * `qjob devices --history CODE`: the device list just fetched is kept in the CLI's own store,
 * then the device's history as every shell of this computer saw it (the CLI's store, and the
 * desktop app's and browser mode's when they exist, read only) is printed.
 */
export async function printDeviceHistory(
  connection: Connection,
  devices: readonly Device[],
  code: string,
  days: number,
  json: boolean,
  io: CliIo,
): Promise<void> {
  const device = devices.find((d) => d.code === code);
  if (!device) {
    throw new UsageError(
      `--history: no device ${quoted(code, "'")} on ${connection.label}; its devices: ${devices.map((d) => d.code).join(', ')}`,
    );
  }
  const profile = profileCacheKey(connection.profile);
  const now = new Date();
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  const lists: DeviceHistoryEntry[][] = [];
  const problems: string[] = [];

  const own = cliJobStoreFile(connection);
  const cache = await openJobCache(own, silentLogger);
  try {
    const history = openDeviceHistory(cache, (m) => problems.push(m));
    history.recordStatuses(profile, devices, now.toISOString());
    lists.push(history.entries(profile, code, since));
  } finally {
    cache.close();
  }
  for (const shell of ['electron', 'web'] as const) {
    const file = jobCacheFile(connection.configDir, shell);
    if (file === own || !existsSync(file)) continue;
    try {
      const Sqlite = await loadSqlite();
      const db = new Sqlite(file, { readonly: true, fileMustExist: true });
      try {
        lists.push(
          new SqliteDeviceHistory(db, { onProblem: (m) => problems.push(m) }).entries(
            profile,
            code,
            since,
          ),
        );
      } finally {
        db.close();
      }
    } catch {
      // A store from a version without device history, or one that cannot be read: skipped.
    }
  }
  for (const p of problems) io.stderr(`warning: ${oneLine(p)}\n`);

  const entries = mergeDeviceHistories(lists);
  if (json) {
    io.stdout(toJson({ code, from: since, to: now.toISOString(), entries }));
    return;
  }
  io.stdout(
    `${oneLine(device.name)} (${oneLine(code)}) over the last ${days} day${days === 1 ? '' : 's'}, as seen from this computer:\n`,
  );
  if (entries.length === 0) {
    io.stdout('Nothing seen yet.\n');
    return;
  }
  io.stdout(
    renderTable(
      ['first seen', 'last seen', 'what'],
      entries.map((e) => [
        utc(e.at),
        utc(e.lastAt),
        e.kind === 'status' ? e.value : `notice: ${e.value}`,
      ]),
    ),
  );
}

function utc(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
}
