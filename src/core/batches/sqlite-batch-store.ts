import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { batchStateSchema, memberStateSchema } from '../../shared/ipc/batch-schemas';
import { sweepCombineSchema } from '../../shared/sweeps/sweep-spec';
import type { DatabaseConstructor } from '../job-store/sqlite-loader';
import type { BatchRecord, BatchStore, MemberPatch, MemberRecord } from './batch-store';

const SCHEMA_VERSION = 1;
const STEPS: Record<number, string> = {
  1: `
    CREATE TABLE batches (
      id          TEXT PRIMARY KEY,
      profile     TEXT NOT NULL,
      name        TEXT NOT NULL,
      device_code TEXT NOT NULL,
      execute_type TEXT NOT NULL,
      combine     TEXT NOT NULL,
      parameters  TEXT NOT NULL,
      rate        REAL NOT NULL,
      state       TEXT NOT NULL,
      note        TEXT,
      created_at  TEXT NOT NULL
    );
    CREATE INDEX batches_by_profile ON batches (profile, created_at);
    CREATE TABLE members (
      batch_id TEXT    NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
      idx      INTEGER NOT NULL,
      name     TEXT    NOT NULL,
      vals     TEXT    NOT NULL,
      payload  TEXT    NOT NULL,
      state    TEXT    NOT NULL,
      job_id   INTEGER,
      attempts INTEGER NOT NULL,
      error    TEXT,
      sent_at  TEXT,
      PRIMARY KEY (batch_id, idx)
    ) WITHOUT ROWID;
  `,
};

const batchRow = z.object({
  id: z.string(),
  profile: z.string(),
  name: z.string(),
  device_code: z.string(),
  execute_type: z.string(),
  combine: sweepCombineSchema,
  parameters: z.string(),
  rate: z.number(),
  state: batchStateSchema,
  note: z.string().nullable(),
  created_at: z.string(),
});
const parametersJson = z.array(z.object({ path: z.string(), values: z.array(z.number()) }));
const memberRow = z.object({
  batch_id: z.string(),
  idx: z.number().int(),
  name: z.string(),
  vals: z.string(),
  payload: z.string(),
  state: memberStateSchema,
  job_id: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
});

/** Batches and their members in their own SQLite file (WAL, every row checked when read). */
export class SqliteBatchStore implements BatchStore {
  readonly unavailable = null;
  readonly #db: Database;

  constructor(Sqlite: DatabaseConstructor, file: string) {
    this.#db = new Sqlite(file);
    try {
      this.#db.pragma('journal_mode = WAL');
      this.#db.pragma('busy_timeout = 3000');
      this.#db.pragma('foreign_keys = ON');
      const current = this.#db.pragma('user_version', { simple: true }) as number;
      if (current > SCHEMA_VERSION)
        throw new Error(
          `the batch store was written by a newer version of the app (schema ${current})`,
        );
      for (let v = current + 1; v <= SCHEMA_VERSION; v++)
        this.#db.transaction(() => {
          this.#db.exec(STEPS[v] ?? '');
          this.#db.pragma(`user_version = ${v}`);
        })();
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  create(batch: BatchRecord, members: readonly MemberRecord[]): void {
    const insertBatch = this.#db.prepare(
      `INSERT INTO batches (id, profile, name, device_code, execute_type, combine, parameters, rate, state, note, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertMember = this.#db.prepare(
      `INSERT INTO members (batch_id, idx, name, vals, payload, state, job_id, attempts, error, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#db.transaction(() => {
      insertBatch.run(
        batch.id,
        batch.profile,
        batch.name,
        batch.deviceCode,
        batch.executeType,
        batch.combine,
        JSON.stringify(batch.parameters),
        batch.ratePerSecond,
        batch.state,
        batch.note,
        batch.createdAt,
      );
      for (const m of members)
        insertMember.run(
          batch.id,
          m.index,
          m.name,
          JSON.stringify(m.values),
          m.text,
          m.state,
          m.jobId,
          m.attempts,
          m.error,
          m.sentAt,
        );
    })();
  }

  list(profile: string): BatchRecord[] {
    return this.#db
      .prepare('SELECT * FROM batches WHERE profile = ? ORDER BY created_at DESC')
      .all(profile)
      .flatMap((row) => this.#batch(row));
  }

  get(id: string): BatchRecord | null {
    const row = this.#db.prepare('SELECT * FROM batches WHERE id = ?').get(id);
    return row ? (this.#batch(row)[0] ?? null) : null;
  }

  members(id: string): MemberRecord[] {
    return this.#db
      .prepare('SELECT * FROM members WHERE batch_id = ? ORDER BY idx')
      .all(id)
      .flatMap((raw) => {
        const row = memberRow.safeParse(raw);
        if (!row.success) return [];
        const r = row.data;
        return [
          {
            batchId: r.batch_id,
            index: r.idx,
            name: r.name,
            values: z.array(z.number()).parse(JSON.parse(r.vals)),
            text: r.payload,
            state: r.state,
            jobId: r.job_id,
            attempts: r.attempts,
            error: r.error,
            sentAt: r.sent_at,
          },
        ];
      });
  }

  updateBatch(id: string, patch: Partial<Pick<BatchRecord, 'state' | 'note'>>): void {
    if (patch.state !== undefined)
      this.#db.prepare('UPDATE batches SET state = ? WHERE id = ?').run(patch.state, id);
    if (patch.note !== undefined)
      this.#db.prepare('UPDATE batches SET note = ? WHERE id = ?').run(patch.note, id);
  }

  updateMember(batchId: string, index: number, patch: MemberPatch): void {
    const columns: [string, unknown][] = [];
    if (patch.state !== undefined) columns.push(['state', patch.state]);
    if (patch.jobId !== undefined) columns.push(['job_id', patch.jobId]);
    if (patch.attempts !== undefined) columns.push(['attempts', patch.attempts]);
    if (patch.error !== undefined) columns.push(['error', patch.error]);
    if (patch.sentAt !== undefined) columns.push(['sent_at', patch.sentAt]);
    if (!columns.length) return;
    this.#db
      .prepare(
        `UPDATE members SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE batch_id = ? AND idx = ?`,
      )
      .run(...columns.map(([, v]) => v), batchId, index);
  }

  close(): void {
    this.#db.close();
  }

  #batch(raw: unknown): BatchRecord[] {
    const row = batchRow.safeParse(raw);
    if (!row.success) return [];
    const r = row.data;
    const parameters = parametersJson.safeParse(JSON.parse(r.parameters));
    if (!parameters.success) return [];
    return [
      {
        id: r.id,
        profile: r.profile,
        name: r.name,
        deviceCode: r.device_code,
        executeType: r.execute_type,
        combine: r.combine,
        parameters: parameters.data,
        ratePerSecond: r.rate,
        state: r.state,
        note: r.note,
        createdAt: r.created_at,
      },
    ];
  }
}
