import { formatMegabytes, utf8ByteLength } from '../ipc/limits';
import { jsonLimitMessage, jsonLimitPassed } from '../json/shape';
import { BUNDLE_JSON_LIMITS } from '../yaml/limits';
import type { Bundle } from './schema';
import { BUNDLE_FORMAT, BUNDLE_MAX_BYTES, BUNDLE_VERSION, bundleSchema } from './schema';

/** Why a file is not a bundle this app can open, in a sentence that says where. */
export class BundleError extends Error {
  constructor(
    message: string,
    /** Where in the file, as a path (`jobs.0.payload.text`), when it is one field. */
    readonly where: string | null = null,
  ) {
    super(message);
    this.name = 'BundleError';
  }
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * A bundle file's text, checked: its size, depth and number of values first (before anything
 * is parsed: `BUNDLE_JSON_LIMITS`), then JSON, then the format and version, then every field.
 * The first problem is thrown as a BundleError naming the file and the field or place.
 */
export function readBundle(text: string, fileName: string): Bundle {
  const name = fileName || 'the bundle';
  const bytes = utf8ByteLength(text);
  if (bytes > BUNDLE_MAX_BYTES) {
    throw new BundleError(
      `${name} is ${formatMegabytes(bytes)}; a bundle may be up to ${formatMegabytes(BUNDLE_MAX_BYTES)}.`,
    );
  }
  const passed = jsonLimitPassed(text, BUNDLE_JSON_LIMITS);
  if (passed) {
    throw new BundleError(
      `${name} is not opened: it ${jsonLimitMessage(passed)}, more than a bundle holds.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleError(
      `${name} is not a job bundle: it is not JSON (${(error as Error).message}).`,
    );
  }
  const head = (value ?? {}) as { format?: unknown; version?: unknown };
  if (typeof value !== 'object' || value === null || head.format !== BUNDLE_FORMAT) {
    throw new BundleError(
      `${name} is not a job bundle: it has no "format": "${BUNDLE_FORMAT}".`,
      'format',
    );
  }
  if (head.version !== BUNDLE_VERSION) {
    const newer = typeof head.version === 'number' && head.version > BUNDLE_VERSION;
    throw new BundleError(
      newer
        ? `${name} is a version ${head.version} bundle, written by a newer version of the app; this one reads version ${BUNDLE_VERSION}.`
        : `${name} has an unknown bundle version (${JSON.stringify(head.version)}); this app reads version ${BUNDLE_VERSION}.`,
      'version',
    );
  }
  const parsed = bundleSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = pathText(issue.path) || '(top level)';
    const more =
      parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    throw new BundleError(`${name} is damaged at ${where}: ${issue.message}${more}.`, where);
  }
  return parsed.data;
}
