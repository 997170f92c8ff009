import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes (after or before the command name). */
export const GLOBAL_OPTIONS = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  variant: { type: 'string' },
  audience: { type: 'string' },
  json: { type: 'boolean' },
  'no-keychain': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

export const GLOBAL_HELP = `Connection (every command that talks to the service):
  --profile NAME       a connection profile from the settings file
  --base-url URL       the service's base URL (ending in the API version, e.g. .../api/v1)
  --variant A|B        the data-model variant of that service (with --base-url)
  --audience TEXT      the login assertion's audience (with --base-url; default: the base URL)
  --no-keychain        keep the login in a plain owner-only file instead of the OS keychain
Output:
  --json               print the models as JSON (snake_case fields, ISO 8601 dates)
  -h, --help           help for the command`;

export interface GlobalValues {
  profile?: string | undefined;
  baseUrl?: string | undefined;
  variant?: string | undefined;
  audience?: string | undefined;
  json: boolean;
  noKeychain: boolean;
  help: boolean;
}

export interface Parsed<O extends OptionSpec> {
  globals: GlobalValues;
  values: { [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string };
  positionals: string[];
}

/** node:util parseArgs with the global options merged in; any mistake is a UsageError. */
export function parseCommandArgs<O extends OptionSpec>(argv: string[], options: O): Parsed<O> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const globals: GlobalValues = {
    profile: str('profile'),
    baseUrl: str('base-url'),
    variant: str('variant'),
    audience: str('audience'),
    json: v.json === true,
    noKeychain: v['no-keychain'] === true,
    help: v.help === true,
  };
  const values: Record<string, string | boolean | undefined> = {};
  for (const key of Object.keys(options)) values[key] = v[key];
  return { globals, values: values as Parsed<O>['values'], positionals: parsed.positionals };
}

/** Global options that take a value, so the dispatcher can skip them when finding the command. */
export const GLOBAL_VALUE_OPTIONS = new Set(
  Object.entries(GLOBAL_OPTIONS)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
);

export function requireInt(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${name} must be an integer of at least ${min}, got '${raw}'`);
  }
  return n;
}

export function requireSeconds(
  name: string,
  raw: string | undefined,
  min = 0.05,
): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min) {
    throw new UsageError(`${name} must be a number of seconds of at least ${min}, got '${raw}'`);
  }
  return n;
}

export function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}; got '${raw}'`);
  }
  return raw as T;
}

export function onePositional(positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`missing ${what}`);
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  return positionals[0] as string;
}

export function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
}
