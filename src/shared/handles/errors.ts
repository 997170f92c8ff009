export type JobResultErrorCode = 'result_missing' | 'result_type_mismatch' | 'inner_type_mismatch';

/**
 * `getResults()` / `extract()` could not hand out the typed result (spec §7.2): the result is
 * not populated, the job is of another execute type than the handle's, or the result holds
 * another kind of object than the one asked for.
 */
export class JobResultError extends Error {
  override readonly name = 'JobResultError';
  readonly code: JobResultErrorCode;
  readonly jobId: number;
  /** What the handle expected: execute types, or a tag for `inner_type_mismatch`. */
  readonly expected: readonly string[];
  /** What the job had (execute type or tag), when known. */
  readonly actual: string | null;

  constructor(
    code: JobResultErrorCode,
    jobId: number,
    message: string,
    details: { expected: readonly string[]; actual?: string | null },
  ) {
    super(message);
    this.code = code;
    this.jobId = jobId;
    this.expected = details.expected;
    this.actual = details.actual ?? null;
  }
}
