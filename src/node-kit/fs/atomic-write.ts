import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Suffix of the temporary files a write goes through. Only a crash (never a failed write, which
 * removes its own) can leave one behind; the simulator's job store sweeps them up on start, and
 * the app its data folder (`removeStaleTempFiles`).
 */
export const TEMP_SUFFIX = '.tmp';

/** `.<file name>.<pid>.<8 hex digits>.tmp`: how a write names its temporary file, and nothing else. */
const OUR_TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A temporary file untouched this long is no write in progress: a write takes seconds. */
export const STALE_TEMP_MS = 10 * 60 * 1000;

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

/**
 * Removes from `dir` (not its subfolders) the temporary files of writes a crash interrupted (a
 * draft save of tens of MB, say): only files named as `writeFileAtomic` names them, only ones
 * untouched for `olderThanMs`, and never one whose writer, the process named in it, still runs.
 * Returns the names removed; a file that cannot be removed is left, silently (it is retried at
 * the next start).
 */
export async function removeStaleTempFiles(
  dir: string,
  { olderThanMs = STALE_TEMP_MS, now = Date.now() }: { olderThanMs?: number; now?: number } = {},
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = OUR_TEMP_FILE.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    const file = join(dir, name);
    try {
      const stats = await lstat(file);
      if (!stats.isFile() || now - stats.mtimeMs < olderThanMs) continue;
      await rm(file);
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

/** Whether a process of this id runs (one of another user counts: it cannot be signalled). */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
