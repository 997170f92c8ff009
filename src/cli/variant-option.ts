import type { VariantId } from '../shared/variants';
import type { GlobalValues } from './args';
import { requireVariant } from './args';
import { UsageError } from './errors';
import type { CliIo } from './io';

/**
 * The variant an offline command (validate, convert) works in: `--variant`, else the
 * connection's. The connection's code (service client, keychain, settings) is loaded only when
 * no `--variant` was given: it was most of an offline command's start-up.
 */
export async function variantFor(globals: GlobalValues, io: CliIo): Promise<VariantId> {
  const given = requireVariant('--variant', globals.variant);
  if (given) return given;
  try {
    const { resolveConnection } = await import('./connection');
    return (await resolveConnection(globals, io)).profile.variant;
  } catch {
    throw new UsageError('which variant? pass --variant A|B (or a connection: --profile NAME)');
  }
}
