import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { isVariantId } from '../shared/variants';
import type { VariantId } from '../shared/variants';
import { UsageError } from './errors';
import { quoted } from '../shared/text/quote';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes (after or before the command name). */
const GLOBAL_OPTIONS = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  variant: { type: 'string' },
  audience: { type: 'string' },
  json: { type: 'boolean' },
  'no-keychain': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

export const GLOBAL_HELP = `Connection (every command that talks to the service):
  --profile NAME       a connection profile from the settings file; simulator-a and
                       simulator-b are the built-in offline simulators (Variant A, B)
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

/** The values of the options `O` declares, typed by each option's kind. */
export type OptionValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string;
};

export interface Parsed<O extends OptionSpec> {
  globals: GlobalValues;
  values: OptionValues<O>;
  positionals: string[];
}

/**
 * node:util parseArgs, strict, with every mistake (unknown option, missing value) a UsageError.
 * Commands that take their own arguments (simulator, web) use it alone; the others through
 * `parseCommandArgs`.
 */
export function parseOptions<O extends OptionSpec>(
  argv: string[],
  options: O,
  allowPositionals: boolean,
): { values: OptionValues<O>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals, strict: true });
    return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
}

/** parseOptions with the global options merged in. */
function parseCommandArgs<O extends OptionSpec>(argv: string[], options: O): Parsed<O> {
  const parsed = parseOptions(argv, { ...GLOBAL_OPTIONS, ...options }, true);
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
  return { globals, values: values as OptionValues<O>, positionals: parsed.positionals };
}

/** The arguments of a command, or 'help' for --help: the `parse` of runCommand. */
export function commandArgs<O extends OptionSpec>(argv: string[], options: O): Parsed<O> | 'help' {
  const parsed = parseCommandArgs(argv, options);
  return parsed.globals.help ? 'help' : parsed;
}

/** Global options that take a value, so the dispatcher can skip them when finding the command. */
export const GLOBAL_VALUE_OPTIONS = new Set(
  Object.entries(GLOBAL_OPTIONS)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
);

/** What a numeric option accepts. */
export interface NumberRule {
  integer?: boolean;
  /** The smallest value allowed, or with `minExclusive` the bound values must lie above. */
  min?: number;
  minExclusive?: boolean;
  max?: number;
  /** What the number counts, for the message ("a number of seconds"). */
  unit?: string;
}

/** A numeric option checked against its rule; undefined when absent, a UsageError when wrong. */
export function requireNumber(
  name: string,
  raw: string | undefined,
  rule: NumberRule,
): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  const fits =
    raw.trim() !== '' &&
    Number.isFinite(n) &&
    (!rule.integer || Number.isSafeInteger(n)) &&
    (rule.min === undefined || (rule.minExclusive ? n > rule.min : n >= rule.min)) &&
    (rule.max === undefined || n <= rule.max);
  if (!fits) throw new UsageError(`${name} must be ${describeRule(rule)}, got ${quoted(raw, "'")}`);
  return n;
}

function describeRule(rule: NumberRule): string {
  const kind = rule.integer ? 'an integer' : `a number${rule.unit ? ` of ${rule.unit}` : ''}`;
  const { min, max } = rule;
  if (min !== undefined && max !== undefined && !rule.minExclusive)
    return `${kind} from ${min} to ${max}`;
  const bounds: string[] = [];
  if (min !== undefined) bounds.push(rule.minExclusive ? `above ${min}` : `of at least ${min}`);
  if (max !== undefined) bounds.push(`at most ${max}`);
  return bounds.length > 0 ? `${kind} ${bounds.join(' and ')}` : kind;
}

export function requireInt(name: string, raw: string | undefined, min: number): number | undefined {
  return requireNumber(name, raw, { integer: true, min });
}

export function requireSeconds(
  name: string,
  raw: string | undefined,
  min = 0.05,
): number | undefined {
  return requireNumber(name, raw, { min, unit: 'seconds' });
}

/** A data-model variant, in either case; a UsageError names the two there are. */
export function requireVariant(name: string, raw: string | undefined): VariantId | undefined {
  if (raw === undefined) return undefined;
  const upper = raw.toUpperCase();
  if (!isVariantId(upper)) throw new UsageError(`${name} must be A or B, got ${quoted(raw, "'")}`);
  return upper;
}

/** A text option that, when given, must say something (a folder, a user name). */
export function requireNonEmpty(name: string, raw: string | undefined): string | undefined {
  if (raw === '') throw new UsageError(`${name} must not be empty`);
  return raw;
}

export function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}; got ${quoted(raw, "'")}`);
  }
  return raw as T;
}

export function onePositional(positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`missing ${what}`);
  if (positionals.length > 1)
    throw new UsageError(`unexpected argument ${quoted(positionals[1]!, "'")}`);
  return positionals[0] as string;
}

export function noPositionals(positionals: string[]): void {
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument ${quoted(positionals[0]!, "'")}`);
}
