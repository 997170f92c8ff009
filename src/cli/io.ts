import type { SecretStore } from '../core/auth/secret-store';
import type { FetchLike } from '../core/client/transport';

/**
 * Everything a command touches outside itself, passed in so the whole CLI runs in-process in
 * tests (the same shape as the simulator and web commands' io: line writers).
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Read whole for `--api-key-stdin` and `validate -`. */
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

export async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Everything from a stream as bytes (text chunks, from tests, are taken as UTF-8). */
export async function readAllBytes(
  stream: AsyncIterable<string | Uint8Array>,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for await (const chunk of stream)
    parts.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
