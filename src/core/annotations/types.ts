import type { JobAnnotations, SubmissionOrigin } from '../../shared/annotations';
import type { Device } from '../../shared/variants';

/** A job submitted from here, as it was sent (see migration.ts). */
export interface SubmissionRecord {
  jobId: number;
  /** The payload document, byte for byte as it was submitted. */
  payloadText: string;
  deviceCode: string;
  /** The device as the device list showed it when the job was submitted; null if not listed. */
  device: Device | null;
  /** ISO 8601: when that device list was fetched. */
  deviceSeenAt: string | null;
  origin: SubmissionOrigin | null;
  /** ISO 8601. */
  submittedAt: string;
}

/**
 * Tags, notes and submissions, per profile key like the rest of the job store. Tags arrive
 * checked and normalised (shared/annotations): the store keeps what it is given.
 */
export interface AnnotationStore {
  annotations(profile: string, jobId: number): JobAnnotations;
  /** Adds and removes tags; returns the job's tags after the change, sorted. */
  changeTags(
    profile: string,
    jobId: number,
    change: { add?: readonly string[]; remove?: readonly string[] },
  ): string[];
  /** Sets the note; an empty text removes it. */
  setNote(profile: string, jobId: number, note: string, at: string): void;
  /** Every tagged job of the profile with its tags (sorted): what the job table filters by. */
  tagIndex(profile: string): Map<number, string[]>;
  /** Every job of the profile with a note, with its note: what the table's search reads too. */
  noteIndex(profile: string): Map<number, string>;
  recordSubmission(profile: string, record: SubmissionRecord): void;
  submission(profile: string, jobId: number): SubmissionRecord | null;
}

/** A job may hold this many tags; the contract and the CLI refuse more before the store. */
export class TooManyTagsError extends Error {
  constructor(
    readonly jobId: number,
    readonly max: number,
  ) {
    super(`Job ${jobId} would have more than ${max} tags; remove some first.`);
  }
}

/**
 * A tag or note that could not be kept: they live only in the local job store, so a write that
 * fails (a full disk, a read-only data folder, a store that could not be opened and lives in
 * memory) is said, never answered as if it had worked. Nothing of the change is kept.
 */
export class AnnotationsNotKeptError extends Error {
  override readonly name = 'AnnotationsNotKeptError';
}
