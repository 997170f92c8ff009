import { executeKind } from '../../variants/declaration';
import type { VariantId } from '../../variants/declaration';
import type { ExecutePayload } from '../../variants/payload';
import { sdkReservoirTypeFix } from '../../wire/sdk-reservoir-type';
import { payloadToYaml } from '../../yaml/payload-to-yaml';
import { decompilePayload } from './decompile-payload';
import type { KeptPart } from './decompile-payload';
import { wireStrings } from './wire-document';

/**
 * Payloads whose YAML strings add up to more than this stay in the SDK's form when opened:
 * decompiling reads, prints, compiles again and compares the whole payload, in the process that
 * asked (a worker of the page, but also the app's core for Run again). Its cost grows with the
 * payload (bench/decompile.bench.ts); measured on a 2-core machine: a 400-gate Variant B
 * circuit, 0.27 MB, 0.6 s once warm, 1.8 s in a fresh process. Past this a wait of seconds
 * buys little: the SDK form opens as it is, and is still checked and runnable.
 */
export const DECOMPILE_MAX_CHARS = 300_000;

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
export function openServicePayload(variant: VariantId, served: unknown): OpenedPayload {
  // A reservoir as qilisdk 0.2.0/0.2.1 send it (typed analog_evolution) is the reservoir it
  // holds, here as in the decoders of POST /execute and of a job's detail.
  const payload = sdkReservoirTypeFix(variant, served).value;
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
