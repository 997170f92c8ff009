import { z } from 'zod';

/**
 * Cancelling a job is not part of the service's documented interface. The built-in simulator
 * offers it (`POST /jobs/{id}/cancel`); a real service's connection has it only when its
 * profile names the endpoint (`paths.cancel`). Everything that offers "Cancel" asks here.
 */
export const SIMULATOR_CANCEL_PATH = '/jobs/{id}/cancel';

/**
 * Where a service says what it offers beyond the documented interface (a SIMULATOR EXTENSION:
 * the simulator answers it, a service without it answers 404 and offers nothing more):
 * `GET <base>/capabilities` → `{"cancel": {"method": "POST", "path": "/jobs/{id}/cancel"}}`.
 */
export const CAPABILITIES_PATH = '/capabilities';

export const capabilitiesSchema = z.looseObject({
  cancel: z
    .looseObject({
      method: z.literal('POST'),
      path: z
        .string()
        .max(500)
        .startsWith('/')
        .refine((p) => p.includes('{id}'), { message: "the cancel path must contain '{id}'" }),
    })
    .nullable()
    .optional(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

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
  "This connection names no cancel endpoint: the service's documented interface has none. If your service has one, add it to the connection's endpoint overrides (cancel, e.g. /jobs/{id}/cancel).";
