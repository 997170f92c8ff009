import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Suffix of the temporary files a write goes through; a crash can leave one behind. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Replace `path` with `data` so that a crash at any instant leaves either the old file or the
 * new one, never a torn mix: write a temporary sibling, fsync it, rename it over the target,
 * then fsync the directory so the rename itself is durable.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(
    dirname(path),
    `.${basename(path)}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`,
  );
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

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

/** fsync a directory; platforms that cannot (Windows) are skipped, as their rename is durable. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await handle?.close();
  }
}
