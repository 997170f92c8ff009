import { executeKind } from '../../variants/declaration';
import type { VariantId } from '../../variants/declaration';
import type { ExecutePayload } from '../../variants/payload';
import { payloadToYaml } from '../../yaml/payload-to-yaml';
import { decompilePayload } from './decompile-payload';
import type { KeptPart } from './decompile-payload';
import { wireStrings } from './wire-document';

/**
 * Payloads whose YAML strings add up to more than this stay in the SDK's form when opened:
 * decompiling reads, prints, compiles again and compares the whole payload, and it grows faster
 * than the payload (measured: 0.19 MB, a 400-gate Variant B circuit, about 3 s; 0.94 MB over a
 * minute), long enough to stall the process that runs it.
 */
export const DECOMPILE_MAX_CHARS = 120_000;

/** A job's payload as the service returned it, opened for people. */
export interface OpenedPayload {
  /**
   * The payload document to show and to edit: the friendly form where it could be verified,
   * parts named in `kept` inline in the SDK's form (the editor's readers take both).
   */
  text: string;
  /** Every part kept in the SDK's form, with why; empty when all of it is friendly. */
  kept: KeptPart[];
}

/**
 * A job's payload in the SDK's form, as the service returned it (no local record of the text
 * that was submitted), opened as the friendly document where that can be verified
 * (`decompilePayload`), else as the SDK's form inline, with the reason named. The one place
 * that turns a service payload into an editable document: the Payload tab, "Open in editor"
 * and "Run again" all use it.
 */
export function openServicePayload(variant: VariantId, payload: unknown): OpenedPayload {
  const type = String((payload as { type?: unknown } | null)?.type ?? '');
  const asWire = (path: string, reason: string): OpenedPayload => ({
    text: payloadToYaml(payload),
    kept: [{ path, reason }],
  });
  const kind = executeKind(variant, type);
  if (!kind)
    return asWire(
      'type',
      `'${type}' is not an execute type of Variant ${variant}, so its objects cannot be read`,
    );
  const size = wireStrings(payload).reduce((n, w) => n + w.text.length, 0);
  if (size > DECOMPILE_MAX_CHARS)
    return asWire(
      kind.payloadField,
      `it is too large to convert here (${size.toLocaleString('en-US')} characters of YAML; ` +
        `the limit is ${DECOMPILE_MAX_CHARS.toLocaleString('en-US')})`,
    );
  try {
    const { text, kept } = decompilePayload(variant, payload as ExecutePayload);
    return { text, kept };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return asWire(kind.payloadField, `the conversion to the friendly form failed: ${message}`);
  }
}
