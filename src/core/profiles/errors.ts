export type ProfileErrorCode = 'invalid' | 'not-found' | 'builtin' | 'no-base-url' | 'io';

/** A settings or profile operation that cannot be done, with what to do about it. */
export class ProfileError extends Error {
  readonly code: ProfileErrorCode;
  readonly issues: { path: string; message: string }[];
  constructor(
    code: ProfileErrorCode,
    message: string,
    options: { cause?: unknown; issues?: { path: string; message: string }[] } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProfileError';
    this.code = code;
    this.issues = options.issues ?? [];
  }
}
