/** A running job's progress as its own log states it. */
export interface LogProgress {
  /** 0..1. */
  fraction: number;
  /** What the line says is going on ("iteration 12/60"); empty when it says nothing more. */
  message: string;
}

/**
 * `progress 42%` or `progress 42%: what is going on`, at the end of a log line (after its
 * timestamp). The simulator writes such lines (docs/simulator.md); a service that does too is
 * read the same way, one that does not simply has none.
 */
const LINE = /(?:^|\s)progress (\d{1,3}(?:\.\d+)?) ?%(?::\s*(.*))?$/;
/** Only the end of a long log is read: the last progress line is near it or not there at all. */
const TAIL_CHARS = 64 * 1024;

/** The last progress line of a log, or null when it has none (in its last 64 KiB). */
export function readLogProgress(logs: string | null | undefined): LogProgress | null {
  if (!logs) return null;
  const tail = logs.length > TAIL_CHARS ? logs.slice(-TAIL_CHARS) : logs;
  const lines = tail.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = LINE.exec(lines[i]!.trimEnd());
    if (!match) continue;
    const percent = Number(match[1]);
    if (!(percent >= 0 && percent <= 100)) continue;
    return { fraction: percent / 100, message: (match[2] ?? '').trim() };
  }
  return null;
}
