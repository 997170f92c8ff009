import type { Database, Statement } from 'better-sqlite3';
import type { JobAnnotations, SubmissionOrigin } from '../../shared/annotations';
import { TAGS_PER_JOB_MAX, submissionOriginSchema } from '../../shared/annotations';
import type { Device } from '../../shared/variants';
import { deviceSchema } from '../../shared/variants';
import type { AnnotationStore, SubmissionRecord } from './types';
import { describeStorageFailure, isSqliteFailure } from '../../node-kit/fs/storage-failure';
import { AnnotationsNotKeptError, TooManyTagsError } from './types';

type SubmissionRow = [number, string, string, string | null, string | null, string | null, string];

/**
 * Tags, notes and submissions in a SQLite file: the one every shell shares (cache/shared-annotations.ts),
 * or the job store's own (tables: migration.ts). Every row
 * read is checked: a device or origin that no longer parses (a hand edit, a damaged file) is
 * read as unknown rather than trusted.
 */
export class SqliteAnnotationStore implements AnnotationStore {
  readonly #db: Database;
  readonly #q: ReturnType<typeof statements>;
  readonly #where: string;

  /** `where`: the store in words, for the message of a write that fails. */
  constructor(db: Database, where = 'the local job store') {
    this.#db = db;
    this.#q = statements(db);
    this.#where = where;
  }

  annotations(profile: string, jobId: number): JobAnnotations {
    const note = this.#q.note.get(profile, jobId) as [string, string] | undefined;
    const submission = this.submission(profile, jobId);
    return {
      jobId,
      tags: this.#q.tags.all(profile, jobId) as string[],
      note: note?.[0] ?? '',
      noteUpdatedAt: note?.[1] ?? null,
      origin: submission?.origin ?? null,
      // `origin_job` is written for reruns only.
      reruns: this.#q.reruns.all(profile, jobId) as number[],
      payloadKept: submission !== null,
    };
  }

  changeTags(
    profile: string,
    jobId: number,
    change: { add?: readonly string[]; remove?: readonly string[] },
  ): string[] {
    return written(`the tags of job ${jobId}`, this.#where, () =>
      this.#db.transaction(() => {
        for (const tag of change.add ?? []) this.#q.addTag.run(profile, jobId, tag);
        for (const tag of change.remove ?? []) this.#q.removeTag.run(profile, jobId, tag);
        const tags = this.#q.tags.all(profile, jobId) as string[];
        // Thrown inside the transaction: nothing of this change is kept.
        if (tags.length > TAGS_PER_JOB_MAX) throw new TooManyTagsError(jobId, TAGS_PER_JOB_MAX);
        return tags;
      })(),
    );
  }

  setNote(profile: string, jobId: number, note: string, at: string): void {
    written(`the note of job ${jobId}`, this.#where, () => {
      if (note === '') this.#q.deleteNote.run(profile, jobId);
      else this.#q.putNote.run(profile, jobId, note, at);
    });
  }

  tagIndex(profile: string): Map<number, string[]> {
    const index = new Map<number, string[]>();
    for (const [id, tag] of this.#q.allTags.all(profile) as [number, string][]) {
      const tags = index.get(id);
      if (tags) tags.push(tag);
      else index.set(id, [tag]);
    }
    return index;
  }

  noteIndex(profile: string): Map<number, string> {
    return new Map(this.#q.allNotes.all(profile) as [number, string][]);
  }

  recordSubmission(profile: string, r: SubmissionRecord): void {
    this.#q.putSubmission.run(
      profile,
      r.jobId,
      r.payloadText,
      r.deviceCode,
      r.device ? JSON.stringify(r.device) : null,
      r.deviceSeenAt,
      r.origin ? JSON.stringify(r.origin) : null,
      r.origin?.kind === 'rerun' ? r.origin.jobId : null,
      r.submittedAt,
    );
  }

  submission(profile: string, jobId: number): SubmissionRecord | null {
    const row = this.#q.submission.get(profile, jobId) as SubmissionRow | undefined;
    if (!row) return null;
    const [payloadText, deviceCode, device, deviceSeenAt, origin, submittedAt] = row.slice(1) as [
      string,
      string,
      string | null,
      string | null,
      string | null,
      string,
    ];
    return {
      jobId,
      payloadText,
      deviceCode,
      device: parsed<Device>(device, (v) => deviceSchema.safeParse(v)),
      deviceSeenAt,
      origin: parsed<SubmissionOrigin>(origin, (v) => submissionOriginSchema.safeParse(v)),
      submittedAt,
    };
  }
}

/** A write of tags or notes, its SQLite failure (a full disk, a read-only file) said in words. */
function written<T>(what: string, where: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (!isSqliteFailure(error)) throw error;
    throw new AnnotationsNotKeptError(
      `Nothing was changed: ${what} could not be saved in ${where}: ${describeStorageFailure(error)}.`,
      { cause: error },
    );
  }
}

function parsed<T>(
  json: string | null,
  check: (value: unknown) => { success: true; data: T } | { success: false },
): T | null {
  if (json === null) return null;
  try {
    const result = check(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function statements(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  return {
    tags: s('SELECT tag FROM job_tags WHERE profile = ? AND job_id = ? ORDER BY tag').pluck(true),
    allTags: s('SELECT job_id, tag FROM job_tags WHERE profile = ? ORDER BY job_id, tag').raw(true),
    addTag: s('INSERT OR IGNORE INTO job_tags (profile, job_id, tag) VALUES (?, ?, ?)'),
    removeTag: s('DELETE FROM job_tags WHERE profile = ? AND job_id = ? AND tag = ?'),
    note: s('SELECT note, updated_at FROM job_notes WHERE profile = ? AND job_id = ?').raw(true),
    putNote: s(
      'INSERT OR REPLACE INTO job_notes (profile, job_id, note, updated_at) VALUES (?, ?, ?, ?)',
    ),
    deleteNote: s('DELETE FROM job_notes WHERE profile = ? AND job_id = ?'),
    allNotes: s('SELECT job_id, note FROM job_notes WHERE profile = ? ORDER BY job_id').raw(true),
    putSubmission: s(
      `INSERT OR REPLACE INTO submissions (profile, job_id, payload, device_code, device,
        device_seen_at, origin, origin_job, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    submission: s(
      `SELECT job_id, payload, device_code, device, device_seen_at, origin, submitted_at
        FROM submissions WHERE profile = ? AND job_id = ?`,
    ).raw(true),
    reruns: s(
      'SELECT job_id FROM submissions WHERE profile = ? AND origin_job = ? ORDER BY job_id',
    ).pluck(true),
  };
}
