import { open, readFile, rm } from 'node:fs/promises';
import { ensurePrivateDir } from '../../node-kit/fs/private-files';
import { processIsAlive } from '../../node-kit/process/alive';
import { join } from 'node:path';

const LOCK = 'simulator.lock';
/** Folders this process holds, so a second simulator in the same process is refused too. */
const held = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the data folder ${dir} is in use by another simulator (process ${pid}); stop it or pass another --data`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * One simulator per data folder: two writing the same job files would overwrite each other's
 * jobs. A lock left by a process that no longer exists (a crash) is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await ensurePrivateDir(dir);
  const path = join(dir, LOCK);
  if (held.has(path)) throw new DataDirInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      held.add(path);
      return async () => {
        held.delete(path);
        await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirInUseError(dir, owner);
      }
      await rm(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock the data folder ${dir}`);
}
