import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Replaces a file so that a reader (or a crash) sees the old content or the new one, never a
 * half-written file: write a temporary file beside it, fsync it, rename it over the target,
 * then fsync the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(
  file: string,
  data: string,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const handle = await fs.open(tmp, 'w', options.mode ?? 0o600);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; there the rename is as durable as it gets.
  if (process.platform === 'win32') return;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    /* best effort: some file systems refuse fsync on folders */
  } finally {
    await handle?.close();
  }
}
