import { encodeDevices } from '../../../shared/wire';
import type { DeviceRegistry } from '../../devices/device-registry';
import type { Route } from '../router';

/** `GET /devices` → `{items: [Device, ...]}`, statuses as of now in simulated time. */
export function deviceRoutes(devices: DeviceRegistry): Route[] {
  return [
    {
      method: 'GET',
      path: '/devices',
      auth: 'access',
      handle: () => ({ status: 200, body: encodeDevices(devices.list()) }),
    },
  ];
}
