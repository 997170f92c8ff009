import type { Device } from '../variants/device';
import { deviceSchema } from '../variants/device';
import { listItems, validated } from './job-info';

/** `GET /devices`: `{items: [Device, ...]}` (a bare array is taken too). Unknown fields are kept. */
export function decodeDevices(body: unknown): Device[] {
  return listItems(body).map((item, i) => validated(deviceSchema, item, `items[${i}]`, item));
}

export function encodeDevices(devices: readonly Device[]): { items: Device[] } {
  return { items: devices.map((d) => ({ ...d })) };
}
