import type { ExecutePayload } from '../../shared/variants/payload';
import type { VariantId } from '../../shared/variants/declaration';
import { buildExecuteEnvelope } from '../../shared/wire/execute';
import type { ExecuteEnvelope } from '../../shared/wire/execute';
import type { ExecuteOptions, ExecuteOutcome, ServiceClient } from '../client/types';

/**
 * The one door through which a prepared payload (preparePayload) leaves for the service: every
 * submission of the app and of qjob, the editor's, a rerun, a bundle's and a batch member's,
 * comes through here to the client's `execute`, which builds the request body
 * (shared/wire/execute.ts, buildExecuteEnvelope) and sends `POST /execute`. The payload arrives
 * compiled to the SDK's form by the prepare step (prepare-payload.ts), which has the text.
 */
export function sendPayload(
  client: ServiceClient,
  payload: ExecutePayload,
  options: ExecuteOptions,
): Promise<ExecuteOutcome> {
  return client.execute(payload, options);
}

/**
 * The body `sendPayload` would send for `payload`, built by the client's own builder
 * (buildExecuteEnvelope), for a dry run (`qjob submit --dry-run`): nothing is sent.
 */
export function dryRunBody(
  variant: VariantId,
  payload: ExecutePayload,
  options: { deviceCode: string; name?: string | undefined },
): ExecuteEnvelope {
  return buildExecuteEnvelope({
    variant,
    payload,
    deviceCode: options.deviceCode,
    name: options.name,
  });
}
