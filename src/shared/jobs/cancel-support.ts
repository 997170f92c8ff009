/**
 * Cancelling a job is not part of the service's documented interface. The built-in simulator
 * offers it (`POST /jobs/{id}/cancel`); a real service's connection has it only when its
 * profile names the endpoint (`paths.cancel`). Everything that offers "Cancel" asks here.
 */
const SIMULATOR_CANCEL_PATH = '/jobs/{id}/cancel';

export interface CancelCapable {
  builtin?: string | undefined;
  paths?: { cancel?: string | undefined } | undefined;
}

/** The cancel endpoint of a connection (`{id}` to be replaced), or null when it has none. */
export function cancelPathOf(profile: CancelCapable): string | null {
  return profile.paths?.cancel ?? (profile.builtin === 'simulator' ? SIMULATOR_CANCEL_PATH : null);
}

/** Why a connection cannot cancel jobs, for whoever offers it (a hover text, the CLI). */
export const NO_CANCEL_REASON =
  "This connection names no cancel endpoint: the service's documented interface has none. If your service offers one, add it to the connection's endpoint overrides (cancel, e.g. /jobs/{id}/cancel).";
