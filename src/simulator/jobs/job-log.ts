/** One timestamped log line, as a job's `logs` shows it: `2026-11-22T11:25:28.123Z message`. */
export function logLine(message: string, at: Date = new Date()): string {
  return `${at.toISOString()} ${message.replace(/\r?\n/g, ' ')}\n`;
}

/** Seconds, to a sensible precision, for "finished in …" lines. */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s < 10 ? s.toFixed(2) : s.toFixed(1);
}
