import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirSync } from '../../node-kit/fs/private-files';
import type { LogFields, LogLevel, Logger } from './logger';
import { formatRecord, levelRank } from './logger';

export interface FileLoggerOptions {
  /** Folder of the log files; created when missing. */
  dir: string;
  /** Name of the current file; rotated files get `.1`, `.2`, ... (1 is the newest). */
  fileName?: string;
  /** Rotate when the current file would grow past this size. */
  maxBytes?: number;
  /** How many files to keep in all, the current one included. */
  maxFiles?: number;
  level?: LogLevel;
  now?: () => Date;
}

export interface FileLogger extends Logger {
  /** Path of the current log file (shown in "app info" and used by "open log folder"). */
  readonly file: string;
}

/**
 * A size-rotated log file. Writes are synchronous on purpose: a log is most needed right
 * before a crash, and the volume of a desktop app's log is small.
 * A failing disk must never take the app down, so write errors are counted, not thrown.
 */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const fileName = options.fileName ?? 'qjob.log';
  const maxBytes = Math.max(1024, options.maxBytes ?? 1_000_000);
  const maxFiles = Math.max(1, options.maxFiles ?? 5);
  const min = levelRank(options.level ?? 'info');
  const now = options.now ?? (() => new Date());
  const file = path.join(options.dir, fileName);
  let size: number | null = null;

  const currentSize = (): number => {
    if (size === null) {
      try {
        size = fs.statSync(file).size;
      } catch {
        size = 0;
      }
    }
    return size;
  };

  const rotate = (): void => {
    // Oldest first so each rename lands on a free name.
    for (let i = maxFiles - 1; i >= 1; i--) {
      const from = i === 1 ? file : `${file}.${i - 1}`;
      const to = `${file}.${i}`;
      try {
        if (fs.existsSync(from)) fs.renameSync(from, to);
      } catch {
        /* a rotation that fails keeps appending to the current file */
      }
    }
    if (maxFiles === 1) fs.rmSync(file, { force: true });
    size = 0;
  };

  const emit = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (levelRank(level) < min) return;
    const line = formatRecord(level, message, fields, now()) + '\n';
    const bytes = Buffer.byteLength(line);
    try {
      ensurePrivateDirSync(options.dir);
      if (currentSize() > 0 && currentSize() + bytes > maxBytes) rotate();
      fs.appendFileSync(file, line, { mode: 0o600 });
      size = currentSize() + bytes;
    } catch {
      size = null;
    }
  };

  return {
    file,
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
  };
}
