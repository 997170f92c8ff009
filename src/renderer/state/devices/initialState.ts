import type { z } from 'zod';
import type { jobInfoViewSchema } from '../../../shared/ipc/schemas';
import type { Device, DeviceStatus, DeviceType } from '../../../shared/variants';

export type JobInfoView = z.infer<typeof jobInfoViewSchema>;
export type { Device, DeviceStatus, DeviceType };

export interface DeviceFilters {
  /** Empty means every status (likewise for types). */
  statuses: DeviceStatus[];
  types: DeviceType[];
  query: string;
}

export interface DeviceJobs {
  code: string;
  status: 'loading' | 'ready' | 'error';
  jobs: JobInfoView[];
  error: string | null;
  fetchedAt: string | null;
}

export interface DevicesState {
  devices: Device[];
  /** ISO time of the last successful refresh (from the core, timer or on demand). */
  fetchedAt: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  refreshing: boolean;
  error: string | null;
  filters: DeviceFilters;
  selectedCode: string | null;
  deviceJobs: DeviceJobs | null;
  /** Device code -> the status it had before the last update, so a change can be pointed out. */
  changed: Record<string, DeviceStatus>;
}

export const initialDevicesState: DevicesState = {
  devices: [],
  fetchedAt: null,
  status: 'idle',
  refreshing: false,
  error: null,
  filters: { statuses: [], types: [], query: '' },
  selectedCode: null,
  deviceJobs: null,
  changed: {},
};
