import type { VariantId } from '../../../../shared/variants';

/** What the Payload tab sends its worker; it replies with an `OpenedPayload`. */
export interface OpenInput {
  variant: VariantId;
  /** The job's ExecutePayload as the service returned it. */
  payload: unknown;
}
