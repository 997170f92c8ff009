import type { FieldIssue } from './http-error';
import { validationError } from './http-error';

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Reads query parameters, collecting every wrong one before failing, so a single 422 names
 * them all (`loc: ['query', name]`).
 */
export class QueryReader {
  private readonly issues: FieldIssue[] = [];

  constructor(private readonly params: URLSearchParams) {}

  /** A boolean flag; absent is `false`. */
  flag(name: string): boolean {
    const raw = this.params.get(name);
    if (raw === null) return false;
    const value = raw.trim().toLowerCase();
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    this.issues.push({
      loc: ['query', name],
      msg: `expected a boolean (true or false), got '${raw}'`,
    });
    return false;
  }

  /** An integer within bounds; absent is `fallback`. */
  integer(name: string, fallback: number, min: number, max: number): number;
  integer(name: string, fallback: undefined, min: number, max: number): number | undefined;
  integer(
    name: string,
    fallback: number | undefined,
    min: number,
    max: number,
  ): number | undefined {
    const raw = this.params.get(name);
    if (raw === null || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.issues.push({
        loc: ['query', name],
        msg: `expected an integer from ${min} to ${max}, got '${raw}'`,
      });
      return fallback;
    }
    return value;
  }

  /** Values from repeated parameters and comma-separated lists, each one of `allowed`. */
  list<T extends string>(name: string, allowed: readonly T[]): T[] {
    const values = this.params
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length) {
      this.issues.push({
        loc: ['query', name],
        msg: `unknown value ${bad.map((b) => `'${b}'`).join(', ')}; allowed: ${allowed.join(', ')}`,
      });
    }
    return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
  }

  text(name: string): string | undefined {
    return this.params.get(name) ?? undefined;
  }

  /** Throws a 422 naming every wrong parameter read so far. */
  done(): void {
    if (this.issues.length) throw validationError(this.issues, 422, 'query');
  }
}

/** A path parameter that must be a positive integer (a job id). */
export function positiveIdParam(value: string | undefined, name: string): number {
  const id = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw validationError(
      [{ loc: ['path', name], msg: `expected a positive integer, got '${value ?? ''}'` }],
      422,
      'path',
    );
  }
  return id;
}
