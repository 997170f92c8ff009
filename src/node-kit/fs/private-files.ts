import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything the app writes is its user's alone: folders 0700, files 0600 (payloads, results,
 * logs, tokens). Set explicitly, whatever the umask, and put right on files an earlier version
 * wrote with the defaults (0755 folders, 0644 files).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` owner-only, and makes it and every folder between `from` (one of its parents,
 * default: `dir` itself) and it owner-only even when they already existed.
 */
export async function ensurePrivateDir(dir: string, from: string = dir): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const folder of foldersBetween(from, dir)) await chmod(folder, PRIVATE_DIR_MODE);
}

/** `ensurePrivateDir` for the few places that must stay synchronous (the file logger). */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Takes group and other permissions off `target` and everything under it: folders become 0700,
 * files keep only their owner's bits (0644 → 0600). Symbolic links are neither changed nor
 * followed. A missing target is fine. Resolves with what could not be changed (never throws: a
 * file that cannot be tightened must not stop the app), each as "path: reason".
 */
export async function tightenTree(
  target: string,
  options: { recursive?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const visit = async (at: string): Promise<void> => {
    let stats;
    try {
      stats = await lstat(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(describe(at, error));
      return;
    }
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o777;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : mode & 0o700;
    if (mode !== wanted)
      await chmod(at, wanted).catch((e: unknown) => problems.push(describe(at, e)));
    if (!stats.isDirectory() || options.recursive === false) return;
    let names: string[];
    try {
      names = await readdir(at);
    } catch (error) {
      problems.push(describe(at, error));
      return;
    }
    for (const name of names) await visit(path.join(at, name));
  };
  await visit(target);
  return problems;
}

function describe(at: string, error: unknown): string {
  return `${at}: ${error instanceof Error ? error.message : String(error)}`;
}

/** `from`, then each folder down to `to` (only `to` when `from` is not one of its parents). */
function foldersBetween(from: string, to: string): string[] {
  const relative = path.relative(from, to);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return [to];
  const folders = [from];
  let at = from;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    at = path.join(at, part);
    folders.push(at);
  }
  return folders;
}

/**
 * A SQLite file created owner-only before SQLite opens it (SQLite gives its -wal and -shm files
 * the database's mode). Returns a clean-up for when opening fails: a file this call created is
 * removed with its -wal and -shm while it is still empty, so a full disk leaves no 0-byte store
 * behind; a file that was there before is never touched.
 */
export function createPrivateDatabaseFile(file: string): { discard: () => void } {
  let created = true;
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
  }
  return {
    discard() {
      if (!created) return;
      try {
        if (statSync(file).size !== 0) return;
        for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      } catch {
        // Already gone, or a folder that cannot be written: nothing more to tidy.
      }
    },
  };
}
