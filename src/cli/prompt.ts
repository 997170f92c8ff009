import { UsageError } from './errors';

/** A required text from options or environment; a usage error that says where it may come from. */
export function requireOrUsage(value: string | undefined, message: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(message);
  return value;
}
