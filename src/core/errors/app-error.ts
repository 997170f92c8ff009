import type { IpcError, IpcIssue } from '../../shared/ipc/call-error';
import { TRANSPORT_ERROR_CODES } from '../../shared/ipc/call-error';
import { isServiceError } from '../client/errors';
import { redactText } from '../logging/redact';

/**
 * A failure a handler reports on purpose: a stable `code` the UI can act on and a sentence for
 * people saying what to do next. Anything else a handler throws is a bug and crosses the
 * transport as `internal`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly issues: IpcIssue[] | undefined;
  constructor(
    code: string,
    message: string,
    options: { issues?: IpcIssue[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
  }
}

export const APP_ERROR_CODES = {
  ...TRANSPORT_ERROR_CODES,
  notLoggedIn: 'not-logged-in',
  noProfile: 'no-profile',
  notFound: 'not-found',
  invalidPayload: 'invalid-payload',
  conflict: 'conflict',
  /** A file or the job store could not be written (a full disk): nothing of the person's is lost. */
  storage: 'storage',
} as const;

export function unsupported(what: string, instead: string): AppError {
  return new AppError(APP_ERROR_CODES.unsupported, `${what} is not available here. ${instead}`);
}

/**
 * How any thrown value crosses a transport: typed errors keep their code (a service error as
 * `service.<code>`, a secret store error as `secret-store.<code>`), everything is redacted, and
 * stacks never leave the process.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof AppError) {
    return withIssues(error.code, error.message, error.issues);
  }
  if (isServiceError(error)) {
    return { code: `service.${error.code}`, message: redactText(error.message) };
  }
  const typed = typedError(error);
  if (typed) return typed;
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: APP_ERROR_CODES.internal,
    message: `Something went wrong inside the app: ${redactText(message)}. The app's log has the details.`,
  };
}

/**
 * The other typed errors of core (they carry a string `code`), named by their class so this
 * module needs none of them: `session.not-logged-in`, `profile.builtin`, `secret-store.unavailable`.
 */
const TYPED_ERRORS: Readonly<Record<string, string>> = {
  SessionError: 'session',
  ProfileError: 'profile',
  SecretStoreError: 'secret-store',
  WireDecodeError: 'wire',
};

function typedError(error: unknown): IpcError | null {
  if (!(error instanceof Error)) return null;
  const prefix = TYPED_ERRORS[error.name];
  const code = (error as Error & { code?: unknown }).code;
  if (!prefix || typeof code !== 'string') return null;
  const raw = (error as Error & { issues?: unknown }).issues;
  const issues = Array.isArray(raw)
    ? raw.filter(
        (i): i is IpcIssue =>
          typeof i === 'object' &&
          i !== null &&
          typeof i.path === 'string' &&
          typeof i.message === 'string',
      )
    : undefined;
  return withIssues(`${prefix}.${code}`, error.message, issues);
}

function withIssues(code: string, message: string, issues: IpcIssue[] | undefined): IpcError {
  const out: IpcError = { code, message: redactText(message) };
  if (issues && issues.length > 0) {
    out.issues = issues.map((i) => ({ path: i.path, message: redactText(i.message) }));
  }
  return out;
}
