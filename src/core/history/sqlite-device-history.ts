import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { DeviceHistoryEntry, DeviceHistoryStore, DeviceSighting } from './types';
import { MAX_ENTRIES_PER_DEVICE } from './types';

const rowSchema = z.tuple([z.enum(['status', 'message']), z.string(), z.string(), z.string()]);

/**
 * The device history in the local job store's SQLite file (table `device_history`, migration 3).
 * A status seen again extends its entry's `last_at`; only a change adds a row, so a device
 * refreshed every 15 s for a month costs a handful of rows. Rows past MAX_ENTRIES_PER_DEVICE per
 * device and kind are dropped, oldest first.
 */
export class SqliteDeviceHistory implements DeviceHistoryStore {
  readonly persistent = true;
  readonly #db: Database;
  readonly #q;

  constructor(db: Database, options: { onProblem?: (message: string) => void } = {}) {
    this.#db = db;
    this.#onProblem = options.onProblem ?? (() => undefined);
    const s = (sql: string) => db.prepare(sql);
    this.#q = {
      last: s(
        'SELECT rowid, value, last_at FROM device_history WHERE profile = ? AND code = ? AND kind = ? ORDER BY rowid DESC LIMIT 1',
      ).raw(true),
      extend: s('UPDATE device_history SET last_at = ? WHERE rowid = ? AND last_at < ?'),
      add: s(
        'INSERT INTO device_history (profile, code, kind, value, at, last_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      trim: s(
        `DELETE FROM device_history WHERE profile = ? AND code = ? AND kind = ? AND rowid <= (
           SELECT rowid FROM device_history WHERE profile = ? AND code = ? AND kind = ?
           ORDER BY rowid DESC LIMIT 1 OFFSET ${MAX_ENTRIES_PER_DEVICE})`,
      ),
      inForce: s(
        `SELECT kind, value, at, last_at FROM device_history
         WHERE profile = ? AND code = ? AND kind = 'status' AND at < ? ORDER BY rowid DESC LIMIT 1`,
      ).raw(true),
      since: s(
        `SELECT kind, value, at, last_at FROM device_history
         WHERE profile = ? AND code = ? AND ((kind = 'status' AND at >= ?) OR (kind = 'message' AND last_at >= ?))
         ORDER BY rowid`,
      ).raw(true),
    };
  }

  readonly #onProblem: (message: string) => void;

  recordStatuses(profile: string, devices: readonly DeviceSighting[], at: string): void {
    this.#db.transaction(() => {
      for (const d of devices) this.#note(profile, d.code, 'status', d.status, at);
    })();
  }

  recordMessage(profile: string, code: string, message: string, at: string): void {
    this.#db.transaction(() => this.#note(profile, code, 'message', message, at))();
  }

  entries(profile: string, code: string, since: string): DeviceHistoryEntry[] {
    const rows = [
      ...(this.#q.inForce.all(profile, code, since) as unknown[]),
      ...(this.#q.since.all(profile, code, since, since) as unknown[]),
    ];
    const out: DeviceHistoryEntry[] = [];
    let skipped = 0;
    for (const raw of rows) {
      const read = rowSchema.safeParse(raw);
      if (!read.success) {
        skipped++;
        continue;
      }
      const [kind, value, at, lastAt] = read.data;
      out.push({ kind, value, at, lastAt });
    }
    if (skipped > 0)
      this.#onProblem(
        `The local job store has ${skipped} unreadable device history entr${skipped === 1 ? 'y' : 'ies'} for ${code}; they are left out.`,
      );
    return out;
  }

  #note(
    profile: string,
    code: string,
    kind: DeviceHistoryEntry['kind'],
    value: string,
    at: string,
  ) {
    const last = this.#q.last.get(profile, code, kind) as [number, string, string] | undefined;
    if (last && last[1] === value) {
      this.#q.extend.run(at, last[0], at);
      return;
    }
    this.#q.add.run(profile, code, kind, value, at, at);
    this.#q.trim.run(profile, code, kind, profile, code, kind);
  }
}
