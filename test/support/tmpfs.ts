import { execFileSync } from 'node:child_process';
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small tmpfs, for tests that need a real full disk (ENOSPC from the kernel, not from a stub).
 * Mounting needs root: where it is not allowed, `mountTmpfs` returns null and the test is skipped
 * (each such test names the test that covers the same behaviour at a seam everywhere).
 */
export interface Tmpfs {
  dir: string;
  /** Fills the file system, then frees `pagesLeft` pages of 4 KiB; returns the filler's path. */
  fill(pagesLeft?: number): string;
  unmount(): void;
}

export function mountTmpfs(pages: number): Tmpfs | null {
  const dir = mkdtempSync(join(tmpdir(), 'qjob-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `nr_blocks=${pages},mode=0700`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    fill(pagesLeft = 0) {
      const filler = join(dir, `filler-${Date.now()}`);
      const fd = openSync(filler, 'w');
      const page = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, page);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      ftruncateSync(fd, Math.max(0, fstatSync(fd).size - pagesLeft * 4096));
      closeSync(fd);
      return filler;
    },
    unmount() {
      execFileSync('umount', ['--lazy', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
