import { SessionError } from '../core/auth/errors';
import { SecretStoreError } from '../core/auth/secret-store';
import { ServiceError } from '../core/client/errors';
import { WaitError } from '../core/jobs/wait';
import { ProfileError } from '../core/profiles/errors';
import { redactText } from '../core/logging/redact';
import type { ExitCode } from './exit-codes';
import { EXIT } from './exit-codes';

/** Wrong arguments: exit 2, with the command's usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
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

/** Maps any failure to the documented exit code and one message for people. */
export function classifyError(error: unknown): { exitCode: ExitCode; message: string } {
  const message = redactText(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) return { exitCode: EXIT.usage, message };
  if (error instanceof CommandFailure) return { exitCode: error.exitCode, message };
  if (error instanceof ServiceError) {
    if (error.code === 'auth') return { exitCode: EXIT.auth, message };
    if (error.code === 'aborted') return { exitCode: EXIT.failed, message };
    if (error.outcome === 'unknown') {
      return {
        exitCode: EXIT.service,
        message: `${message.replace(/\.$/, '')}. Check the job list (qjob jobs) before submitting again.`,
      };
    }
    return { exitCode: EXIT.service, message };
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
