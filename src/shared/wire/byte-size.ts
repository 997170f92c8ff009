const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A byte count for people: "812 bytes", "64 KB", "1.5 MB" (binary units: 1 MB = 1024 KB, as the
 * limits are set). One decimal below 10 of a unit, none above.
 */
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${n} bytes`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
