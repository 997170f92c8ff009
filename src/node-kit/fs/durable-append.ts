import { open } from 'node:fs/promises';

/**
 * Append `text` and fsync it: a log line the client has seen survives a crash. Appends never
 * rewrite what is already there, so a crash can at worst cut the last line short.
 */
export async function appendFileDurable(path: string, text: string): Promise<void> {
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.appendFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
