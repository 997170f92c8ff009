export type SessionErrorCode = 'not-logged-in' | 'ended' | 'secret-store' | 'invalid-input';

/** A failure of the session itself (as opposed to a service call, which is a ServiceError). */
export class SessionError extends Error {
  readonly code: SessionErrorCode;
  constructor(code: SessionErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'SessionError';
    this.code = code;
  }
}
