import { SessionError } from '../core/auth/errors';
import { SecretStoreError } from '../core/auth/secret-store';
import { ServiceError } from '../core/client/errors';
import { WaitError } from '../core/jobs/wait';
import { ProfileError } from '../core/profiles/errors';
import { redactText } from '../core/logging/redact';
import type { ExitCode } from './exit-codes';
import { EXIT } from './exit-codes';

/**
 * Wrong arguments: exit 2, one line. `pointToHelp: false` for mistakes the command's help does
 * not explain (a file that cannot be read).
 */
export class UsageError extends Error {
  readonly pointToHelp: boolean;
  constructor(message: string, options: { pointToHelp?: boolean } = {}) {
    super(message);
    this.name = 'UsageError';
    this.pointToHelp = options.pointToHelp ?? true;
  }
}

/** A failure the command already described in words, with its exit code. */
export class CommandFailure extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode) {
    super(message);
    this.name = 'CommandFailure';
    this.exitCode = exitCode;
  }
}

/**
 * A lookup of one job that the service answered with 404 or 410: the job does not exist, so the
 * operation failed (exit 1). The service itself worked; exit 4 would send people looking for a
 * network problem.
 */
export function jobNotFound(error: unknown, jobId: number, where?: string): unknown {
  if (
    !(error instanceof ServiceError) ||
    error.code !== 'http' ||
    (error.status !== 404 && error.status !== 410)
  )
    return error;
  const said = error.serviceMessage ? `: ${error.serviceMessage}` : '';
  return new CommandFailure(
    `job ${jobId} was not found${where ? ` on ${where}` : ''} (HTTP ${error.status}${said})`,
    EXIT.failed,
  );
}

/** Maps any failure to the documented exit code and one message for people. */
export function classifyError(error: unknown): { exitCode: ExitCode; message: string } {
  const message = redactText(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) return { exitCode: EXIT.usage, message };
  if (error instanceof CommandFailure) return { exitCode: error.exitCode, message };
  if (error instanceof ServiceError) {
    if (error.code === 'auth') return { exitCode: EXIT.auth, message };
    // A submission the service may have acted on: say how to find out before sending it again.
    const said =
      error.outcome === 'unknown'
        ? `${message.replace(/\.$/, '')}. Check the job list (qjob jobs) before submitting again.`
        : message;
    // The connection is set to the other variant: the command, not the service, needs fixing.
    if (error.code === 'variant-mismatch') return { exitCode: EXIT.usage, message: said };
    // Cancelled, or refused before anything was sent: the operation failed, not the service.
    if (error.code === 'aborted' || error.code === 'invalid-request')
      return { exitCode: EXIT.failed, message };
    return { exitCode: EXIT.service, message: said };
  }
  if (error instanceof SessionError) {
    return { exitCode: error.code === 'invalid-input' ? EXIT.usage : EXIT.auth, message };
  }
  if (error instanceof SecretStoreError) return { exitCode: EXIT.auth, message };
  if (error instanceof WaitError) return { exitCode: EXIT.failed, message };
  if (error instanceof ProfileError) {
    return { exitCode: error.code === 'io' ? EXIT.failed : EXIT.usage, message };
  }
  return { exitCode: EXIT.failed, message };
}
