import type { VariantId } from '../../shared/variants/declaration';
import { redactText } from '../logging/redact';

export const SERVICE_ERROR_CODES = [
  'network',
  'timeout',
  'http',
  'decode',
  'auth',
  'aborted',
  /** Refused here, before anything was sent: the call's own input is wrong (a bad job id). */
  'invalid-request',
  /** The answer was larger than the client reads for that kind of answer. */
  'too-large',
  /** The service redirected the call somewhere the client does not send it. */
  'redirect',
  /** The service speaks the other data-model variant than the connection is set to. */
  'variant-mismatch',
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/**
 * Whether a request that failed may have been acted on by the service. Only matters for calls
 * that are not safe to repeat (`POST /execute`): 'unknown' means "check the job list before
 * submitting again".
 */
export type DeliveryOutcome = 'not-sent' | 'rejected' | 'unknown';

export interface ServiceErrorInit {
  code: ServiceErrorCode;
  /** What was being done, in words ("listing jobs"). */
  operation: string;
  /** The finished sentence for people; built from the other fields when omitted. */
  message?: string;
  status?: number | null;
  serviceMessage?: string | null;
  serviceCode?: string | null;
  /** A technical detail for network, time-out and decode errors ("connection reset (ECONNRESET)"). */
  detail?: string | null;
  /** For decode errors: the field that did not fit (a dotted path). */
  field?: string | null;
  outcome?: DeliveryOutcome;
  /** Seconds the service asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number | null;
  /** For `variant-mismatch`: the variant the answers point to, the one set, and why. */
  variant?: VariantMismatch | null;
  cause?: unknown;
}

export interface VariantMismatch {
  /** The variant the service's answers point to. */
  detected: VariantId;
  /** The variant the connection is set to. */
  configured: VariantId;
  /** The evidence, in words ("job 12 carries jobType, which only Variant B records have"). */
  evidence: string;
}

/**
 * Every failure of a service call, typed by `code`. The message says what was being done,
 * the HTTP status and the service's own message and code, and never carries a secret: it is
 * redacted on construction because these messages end up in logs, the UI and tickets.
 */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly operation: string;
  readonly status: number | null;
  readonly serviceMessage: string | null;
  readonly serviceCode: string | null;
  readonly field: string | null;
  readonly outcome: DeliveryOutcome;
  readonly retryAfterMs: number | null;
  readonly variant: VariantMismatch | null;

  constructor(init: ServiceErrorInit) {
    const message = init.message ?? describe(init);
    super(redactText(message), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ServiceError';
    this.code = init.code;
    this.operation = init.operation;
    this.status = init.status ?? null;
    this.serviceMessage = init.serviceMessage == null ? null : redactText(init.serviceMessage);
    this.serviceCode = init.serviceCode ?? null;
    this.field = init.field ?? null;
    this.outcome = init.outcome ?? 'rejected';
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.variant = init.variant ?? null;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describe(init: ServiceErrorInit): string {
  const what = capitalise(init.operation);
  const service =
    init.serviceMessage != null
      ? `: ${init.serviceMessage}${init.serviceCode ? ` (${init.serviceCode})` : ''}`
      : '';
  const detail = init.detail ? ` (${init.detail})` : '';
  switch (init.code) {
    case 'http':
    case 'auth':
      return init.status != null
        ? `${what} failed: HTTP ${init.status}${service}`
        : `${what} failed${service}`;
    case 'timeout':
      return `${what} failed: the service did not answer in time${detail}`;
    case 'aborted':
      return `${what} was cancelled`;
    case 'invalid-request':
      return `${what} was not attempted${detail}: nothing was sent`;
    case 'network':
      return `${what} failed: the service could not be reached${detail}`;
    case 'decode':
      return `${what} failed: the service's answer does not fit the expected format${
        init.field ? ` at '${init.field}'` : ''
      }${detail}`;
    case 'too-large':
      return `${what} failed: the answer is too large${detail}`;
    case 'redirect':
      return `${what} failed: the service redirected it${detail}`;
    case 'variant-mismatch':
      return init.variant
        ? `The service seems to speak Variant ${init.variant.detected} (${init.variant.evidence}); this connection is set to Variant ${init.variant.configured}`
        : `${what} failed: the service speaks another data-model variant${detail}`;
  }
}
