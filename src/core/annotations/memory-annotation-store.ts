import type { JobAnnotations } from '../../shared/annotations';
import { TAGS_PER_JOB_MAX, normalTags } from '../../shared/annotations';
import type { AnnotationStore, SubmissionRecord } from './types';
import { AnnotationsNotKeptError, TooManyTagsError } from './types';

/**
 * The stand-in when the job store lives in memory: the same behaviour for this run only. As the
 * fallback of a store that could not be opened (`notKept` says why), it refuses tags and notes:
 * kept in memory they would be gone when the process ends (at once, for `qjob tag`), and people
 * count on them.
 */
export class MemoryAnnotationStore implements AnnotationStore {
  constructor(readonly notKept: string | null = null) {}
  readonly #tags = new Map<string, Map<number, string[]>>();
  readonly #notes = new Map<string, { note: string; at: string }>();
  readonly #submissions = new Map<string, Map<number, SubmissionRecord>>();

  annotations(profile: string, jobId: number): JobAnnotations {
    const note = this.#notes.get(`${profile}\n${jobId}`);
    const submission = this.submission(profile, jobId);
    const reruns = [...(this.#submissions.get(profile)?.values() ?? [])]
      .filter((s) => s.origin?.kind === 'rerun' && s.origin.jobId === jobId)
      .map((s) => s.jobId)
      .sort((a, b) => a - b);
    return {
      jobId,
      tags: this.#tags.get(profile)?.get(jobId) ?? [],
      note: note?.note ?? '',
      noteUpdatedAt: note?.at ?? null,
      origin: submission?.origin ?? null,
      reruns,
      payloadKept: submission !== null,
    };
  }

  changeTags(
    profile: string,
    jobId: number,
    change: { add?: readonly string[]; remove?: readonly string[] },
  ): string[] {
    this.#refuseIfNotKept();
    let byJob = this.#tags.get(profile);
    if (!byJob) this.#tags.set(profile, (byJob = new Map()));
    const removed = new Set(change.remove ?? []);
    const next = normalTags([...(byJob.get(jobId) ?? []), ...(change.add ?? [])]).filter(
      (t) => !removed.has(t),
    );
    if (next.length > TAGS_PER_JOB_MAX) throw new TooManyTagsError(jobId, TAGS_PER_JOB_MAX);
    if (next.length) byJob.set(jobId, next);
    else byJob.delete(jobId);
    return next;
  }

  setNote(profile: string, jobId: number, note: string, at: string): void {
    this.#refuseIfNotKept();
    const key = `${profile}\n${jobId}`;
    if (note === '') this.#notes.delete(key);
    else this.#notes.set(key, { note, at });
  }

  tagIndex(profile: string): Map<number, string[]> {
    return new Map(this.#tags.get(profile) ?? []);
  }

  noteIndex(profile: string): Map<number, string> {
    const prefix = `${profile}\n`;
    const out = new Map<number, string>();
    for (const [key, { note }] of this.#notes)
      if (key.startsWith(prefix)) out.set(Number(key.slice(prefix.length)), note);
    return out;
  }

  recordSubmission(profile: string, record: SubmissionRecord): void {
    let byJob = this.#submissions.get(profile);
    if (!byJob) this.#submissions.set(profile, (byJob = new Map()));
    byJob.set(record.jobId, record);
  }

  submission(profile: string, jobId: number): SubmissionRecord | null {
    return this.#submissions.get(profile)?.get(jobId) ?? null;
  }

  #refuseIfNotKept(): void {
    if (this.notKept === null) return;
    throw new AnnotationsNotKeptError(
      `Nothing was changed: tags and notes are kept only in the local job store, and it is not open. ${this.notKept}`,
    );
  }
}
