import { redactText, redactValue } from './redact';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

/** The one logging surface of core, main and the CLI. Every sink redacts secrets. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export function levelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/**
 * One log record as a single line of JSON, already redacted. JSON lines keep multi-line
 * service messages on one line and stay machine-readable for support staff.
 */
export function formatRecord(
  level: LogLevel,
  message: string,
  fields: LogFields | undefined,
  at: Date,
): string {
  const record: Record<string, unknown> = {
    at: at.toISOString(),
    level,
    message: redactText(message),
  };
  if (fields && Object.keys(fields).length > 0) record.fields = redactValue(fields);
  return JSON.stringify(record);
}

/** A logger that drops everything: the default where no sink was given. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
