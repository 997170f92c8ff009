import type { SecretStore } from '../core/auth/secret-store';
import type { FetchLike } from '../core/client/transport';
import { readStreamUpTo } from '../node-kit/fs/read-limited';
import { UsageError } from './errors';

/**
 * Everything a command touches outside itself, passed in so the whole CLI runs in-process in
 * tests (the same shape as the simulator and web commands' io: line writers).
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Read for `--api-key-stdin` and `validate -`, up to a limit each. */
  stdin?: AsyncIterable<string | Uint8Array> & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Relative file arguments are resolved against this. */
  cwd: string;
  /** Node's fetch unless given. */
  fetch?: FetchLike;
  /** A secret store to use instead of the keychain (tests, embedding). */
  secretStore?: SecretStore;
  /** Aborted on Ctrl-C: long waits stop cleanly. */
  signal?: AbortSignal;
  /** Whether stdout is a terminal (progress and tables may be friendlier). */
  isTTY?: boolean;
  /**
   * Set by `bin/qjob.js`: the process is this command's alone, so a server command may lower
   * the priority of the process's other threads (never when embedded, e.g. in tests).
   */
  ownsProcess?: boolean;
}

/** The most `readAll` takes from standard input: an API key, a line of text. */
export const TEXT_STDIN_MAX_BYTES = 64 * 1024;

/**
 * A short text from standard input (an API key), read up to `maxBytes`: past it the reading
 * stops and the command is refused, so `yes | qjob login --api-key-stdin` cannot fill memory.
 */
export async function readAll(
  stream: AsyncIterable<string | Uint8Array>,
  maxBytes = TEXT_STDIN_MAX_BYTES,
): Promise<string> {
  const read = await readStreamUpTo(stream, maxBytes);
  if (read.tooLarge) {
    throw new UsageError(
      `standard input is larger than the limit: more than ${maxBytes} bytes arrived, and the limit is ${maxBytes} bytes; pipe in the key alone`,
      { pointToHelp: false },
    );
  }
  return new TextDecoder().decode(read.bytes);
}
