/**
 * Why a file or the job store could not be written, in words for people, with the system's
 * own code for support: "the disk is full (ENOSPC)". Falls back to the error's message.
 */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  SQLITE_FULL: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  SQLITE_READONLY: 'the disk is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'the disk reported an I/O error',
  SQLITE_IOERR: 'the disk reported an I/O error',
  // SQLite could not give its shared-memory file (-shm) its size: on a full disk, at opening.
  SQLITE_IOERR_SHMSIZE: 'the disk may be full (no room for the store’s shared-memory file)',
  EFBIG: 'the file would exceed the largest size allowed',
};

export function describeStorageFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const reason = REASONS[code] ?? REASONS[code.split('_').slice(0, 2).join('_')];
    if (reason) return `${reason} (${code})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether an error is the job store's SQLite failing to read or write its file. */
export function isSqliteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}
