/**
 * The error half of the contract, without zod, so the preload and the renderer transport can use
 * it without bundling the schemas. `errors.ts` holds the matching zod schema.
 */
export interface IpcIssue {
  /** Dotted field path ("deviceCode", "tabs.0.title"); empty for the input as a whole. */
  path: string;
  message: string;
}

/** How a failed call crosses a transport: a code, a message for people, the wrong fields. */
export interface IpcError {
  code: string;
  message: string;
  issues?: IpcIssue[] | undefined;
}

/** What every transport carries for one call: the value, or the error. Never a thrown Error. */
export type CallOutcome<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Error codes every transport may produce on its own, besides those of the handlers. */
export const TRANSPORT_ERROR_CODES = {
  invalidInput: 'invalid-input',
  unknownCall: 'unknown-call',
  transportClosed: 'transport-closed',
  forbidden: 'forbidden',
  internal: 'internal',
  unsupported: 'unsupported',
  /** The request is larger than the transport carries; it was not sent. */
  tooLarge: 'too-large',
  /** The other side has too many calls of this connection in flight; this one was not run. */
  busy: 'busy',
} as const;

export class QjobCallError extends Error {
  readonly code: string;
  readonly issues: IpcIssue[] | undefined;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'QjobCallError';
    this.code = error.code;
    this.issues = error.issues;
  }
}

export function isIpcError(value: unknown): value is IpcError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['code'] === 'string' && typeof v['message'] === 'string';
}
