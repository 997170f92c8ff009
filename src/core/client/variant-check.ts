import type { VariantId, VariantSample } from '../../shared/variants';
import { detectVariant } from '../../shared/variants';
import { ServiceError } from './errors';

/** How the surface in use switches a connection's variant ("Run it again with --variant B."). */
export type SwitchVariantHint = (detected: VariantId) => string;

export const DEFAULT_SWITCH_HINT: SwitchVariantHint = (detected) =>
  `Switch the connection to Variant ${detected}.`;

/**
 * The variant-mismatch error for an answer, or null. An answer that did not decode (`failed`)
 * is explained by any clue for the other variant; one that decoded must carry a decisive clue,
 * so a service that merely adds a field never locks anyone out.
 */
export function variantMismatch(
  configured: VariantId,
  baseUrl: string,
  operation: string,
  samples: VariantSample[],
  failed: boolean,
  hint: SwitchVariantHint,
  cause?: unknown,
): ServiceError | null {
  const verdict = detectVariant(...samples);
  if (!verdict.variant || verdict.variant === configured) return null;
  if (!failed && !verdict.decisive) return null;
  const detected = verdict.variant;
  return new ServiceError({
    code: 'variant-mismatch',
    operation,
    message:
      `The service at ${baseUrl} seems to speak Variant ${detected} (${verdict.evidence}); ` +
      `this connection is set to Variant ${configured}. ${hint(detected)}`,
    variant: { detected, configured, evidence: verdict.evidence },
    cause,
  });
}
