import type { Device, VariantId } from '../../shared/variants';
import { CAPABILITIES_PATH, capabilitiesSchema } from '../../shared/jobs/cancel-support';
import { decodeDevices } from '../../shared/wire';
import { zodDecodeError } from './call-kit';
import type { CallKit } from './call-kit';
import { ServiceError } from './errors';
import type { CallOptions, ServiceClient } from './types';

/** What the service offers: its devices, and the capabilities it declares. */
export function serviceCalls<V extends VariantId>({
  config,
  url,
  send,
}: CallKit<V>): Pick<ServiceClient<V>, 'listDevices' | 'capabilities'> {
  const { limits, paths } = config;
  return {
    listDevices(call?: CallOptions): Promise<Device[]> {
      return send(
        {
          operation: 'listing devices',
          method: 'GET',
          url: url(paths.devices),
          auth: 'session',
          idempotent: true,
          limitBytes: limits.devices,
          limitLabel: 'a device list',
        },
        call,
        (json) => decodeDevices(json),
      );
    },

    async capabilities(call?: CallOptions): Promise<{ cancel: string | null }> {
      const operation = "reading the service's capabilities";
      try {
        return await send(
          {
            operation,
            method: 'GET',
            url: url(CAPABILITIES_PATH),
            auth: 'none',
            idempotent: true,
            limitBytes: limits.token,
            limitLabel: 'a list of capabilities',
          },
          call,
          (json) => {
            const parsed = capabilitiesSchema.safeParse(json);
            if (!parsed.success) throw zodDecodeError(operation, parsed.error);
            return { cancel: parsed.data.cancel?.path ?? null };
          },
        );
      } catch (error) {
        // The documented interface has no such endpoint: a service without it offers nothing.
        if (
          error instanceof ServiceError &&
          error.code === 'http' &&
          [404, 405].includes(error.status ?? 0)
        )
          return { cancel: null };
        throw error;
      }
    },
  };
}
