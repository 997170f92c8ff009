import { z } from 'zod';
import { deviceStatusSchema, deviceTypeSchema } from './enums';
import type { DeviceStatus, DeviceType } from './enums';

/** Device (spec §2.3). Responses may carry more fields (an integer `id` is expected): kept. */
export interface Device {
  code: string;
  nqubits: number;
  name: string;
  description: string;
  type: DeviceType;
  status: DeviceStatus;
  id?: number | undefined;
  [extra: string]: unknown;
}

export const deviceSchema: z.ZodType<Device> = z.looseObject({
  code: z.string().min(1),
  nqubits: z.number().int().nonnegative(),
  name: z.string(),
  description: z.string(),
  type: deviceTypeSchema,
  status: deviceStatusSchema,
  id: z.number().int().optional(),
});
