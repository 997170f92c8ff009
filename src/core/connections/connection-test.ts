import type { z } from 'zod';
import type { connectionTestSchema } from '../../shared/ipc/schemas';
import { isServiceError } from '../client/errors';
import { createServiceClient } from '../client/service-client';
import type { RequestAuthorizer } from '../client/authorizer';
import type { FetchLike } from '../client/transport';
import type { ServiceClient } from '../client/types';
import { probeVariant } from '../client/variant-probe';
import { clientOptionsForProfile } from '../profiles/connection';
import type { Profile } from '../profiles/schema';

type ConnectionTest = z.output<typeof connectionTestSchema>;
type Step = ConnectionTest['steps'][number];

const TEST_TIMEOUT_MS = 10_000;

/**
 * "Test connection" for a profile that may not be saved yet: can the base URL be reached, does it
 * answer like the service (the devices list, which needs a login: a 401 still proves the URL
 * right), and, when this profile is the active, logged-in one, how many devices it shows and
 * whether the service speaks the variant the form says (asked with that session's login).
 */
export async function testConnection(
  profile: Profile,
  fetch: FetchLike,
  session: RequestAuthorizer | null,
): Promise<ConnectionTest> {
  const steps: Step[] = [];
  let bare: ServiceClient;
  try {
    bare = createServiceClient({
      ...clientOptionsForProfile(profile, { fetch }),
      timeoutMs: Math.min(profile.timeoutMs ?? TEST_TIMEOUT_MS, TEST_TIMEOUT_MS),
      retry: { retries: 0 },
      switchVariantHint: (v) => `Set the variant of this connection to ${v} and save.`,
    });
  } catch (error) {
    const detail = (error as Error).message;
    return { ok: false, summary: detail, steps: [{ step: 'Base URL', ok: false, detail }] };
  }
  const devicesPath = bare.config.paths.devices;

  try {
    const devices = await bare.listDevices();
    steps.push({
      step: `GET ${devicesPath}`,
      ok: true,
      detail: `HTTP 200: ${devices.length} devices (no login needed)`,
    });
    return { ok: true, summary: `Reached ${bare.baseUrl}: ${devices.length} devices.`, steps };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const answered = error.status === 401 || error.status === 403;
    steps.push({
      step: `GET ${devicesPath}`,
      ok: answered,
      detail: answered
        ? `HTTP ${error.status}: the service answered and asks for a login`
        : error.message,
    });
    if (!answered) {
      const hint =
        error.status === 404
          ? ' Check the base URL (it ends in the API version, e.g. /api/v1) and the devices path.'
          : '';
      return { ok: false, summary: `${error.message}.${hint}`, steps };
    }
  }

  if (!session) {
    return {
      ok: true,
      summary: `Reached ${bare.baseUrl}; log in to see its devices and check its variant.`,
      steps,
    };
  }
  const loggedIn = bare.withSession(session);
  let devices;
  try {
    devices = await loggedIn.listDevices();
    steps.push({
      step: `GET ${devicesPath} (logged in)`,
      ok: true,
      detail: `HTTP 200: ${devices.length} devices`,
    });
  } catch (error) {
    const detail = (error as Error).message;
    steps.push({ step: `GET ${devicesPath} (logged in)`, ok: false, detail });
    return { ok: false, summary: detail, steps };
  }
  const variant = await probeVariant(loggedIn);
  const matches = variant.outcome !== 'mismatch';
  steps.push({ step: `Variant ${profile.variant}`, ok: matches, detail: variant.message });
  if (!matches) return { ok: false, summary: variant.message, steps };
  return { ok: true, summary: `Reached ${bare.baseUrl}: ${devices.length} devices.`, steps };
}
