import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Suffix of the temporary files a write goes through. Only a crash (never a failed write, which
 * removes its own) can leave one behind; the simulator's job store sweeps them up on start.
 */
export const TEMP_SUFFIX = '.tmp';

export interface AtomicWriteOptions {
  /** Permissions of a newly created file; owner-only unless the caller says otherwise. */
  mode?: number;
}

/**
 * Replaces `file` with `data` so that a reader, or a crash at any instant, sees the old content
 * or the new one, never a torn mix: write a temporary sibling, fsync it, rename it over the
 * target, then fsync the folder so the rename itself survives a power cut. A write that fails
 * (disk full, I/O error) removes its temporary file and leaves the target as it was.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(
    dir,
    `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`,
  );
  const handle = await open(temp, 'w', options.mode ?? 0o600);
  let handleOpen = true;
  try {
    await handle.writeFile(data);
    await handle.sync();
    handleOpen = false;
    await handle.close();
    await rename(temp, file);
  } catch (error) {
    if (handleOpen) await handle.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

/**
 * fsync a folder. Platforms and file systems that cannot (Windows refuses to open a folder for
 * it) are skipped: there the rename is as durable as it gets. Any other failure is real and
 * thrown.
 */
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
