import type { DriftQuantity } from '../../../shared/drift';
import type { CallOutput } from '../../../shared/ipc/contract';
import type { SetState } from '../create-store';
import { call, on } from '../../services/qjob';
import { describeError } from '../../services/errors';
import type { Device, DeviceFilters, DevicesState, DeviceStatus } from './initialState';

export interface DevicesActions {
  /** First load (shows skeletons) or a refresh on demand (keeps the list, spins the button). */
  load(refresh?: boolean): Promise<void>;
  /** A `devices.updated` push from the core's refresh timer. */
  apply(view: { devices: Device[]; fetchedAt: string }): void;
  reset(): void;
  setFilters(patch: Partial<DeviceFilters>): void;
  select(code: string | null): void;
  loadJobs(device: Device): Promise<void>;
  /** Re-read the selected device's jobs (a job changed status). */
  refreshJobs(): void;
  /** A device's notices and maintenance windows over the last `days` days. */
  readHistory(code: string, days: number): Promise<CallOutput<'deviceHistory.list'>>;
  /** A device's calibration drift for one quantity (and qubit, where it has one). */
  readDrift(
    deviceId: number,
    quantity: DriftQuantity,
    qubit: number | undefined,
  ): Promise<CallOutput<'drift.series'>>;
  /**
   * Applies the core's `devices.updated` pushes, and re-reads the selected device's jobs once
   * after a burst of status changes, until the returned function is called.
   */
  watch(): () => void;
  /** Calls `listener` each time a job completes (it may be a new calibration run); returns the stop. */
  onJobCompleted(listener: () => void): () => void;
}

function statusChanges(before: Device[], after: Device[]): Record<string, DeviceStatus> {
  const old = new Map(before.map((d) => [d.code, d.status]));
  const changed: Record<string, DeviceStatus> = {};
  for (const d of after) {
    const was = old.get(d.code);
    if (was && was !== d.status) changed[d.code] = was;
  }
  return changed;
}

/** A burst of status changes (a batch of jobs finishing) becomes one re-read of the list. */
const REFRESH_JOBS_AFTER_MS = 1000;

export const createDevicesActions = (
  set: SetState<DevicesState>,
  get: () => DevicesState & DevicesActions,
): DevicesActions => {
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  return {
    async load(refresh = false) {
      const first = get().devices.length === 0;
      set(first ? { status: 'loading', error: null } : { refreshing: true, error: null });
      try {
        get().apply(await call('devices.list', { refresh }));
      } catch (error) {
        set({
          status: first ? 'error' : 'ready',
          error: describeError(error, 'load devices').detail,
        });
      } finally {
        set({ refreshing: false });
      }
    },
    apply(view) {
      set((s) => ({
        devices: view.devices,
        fetchedAt: view.fetchedAt,
        status: 'ready',
        error: null,
        changed: s.devices.length ? statusChanges(s.devices, view.devices) : {},
      }));
    },
    reset() {
      set({ devices: [], fetchedAt: null, status: 'idle', deviceJobs: null, changed: {} });
    },
    setFilters(patch) {
      set((s) => ({ filters: { ...s.filters, ...patch } }));
    },
    select(code) {
      set({ selectedCode: code });
      const device = get().devices.find((d) => d.code === code);
      if (device) void get().loadJobs(device);
      else set({ deviceJobs: null });
    },
    refreshJobs() {
      const device = get().devices.find((d) => d.code === get().deviceJobs?.code);
      if (device) void get().loadJobs(device);
    },
    async loadJobs(device) {
      const code = device.code;
      // A refresh of the list on screen keeps it visible; a new device starts from skeletons.
      const current = get().deviceJobs;
      if (current?.code !== code || current.status !== 'ready') {
        set({ deviceJobs: { code, status: 'loading', jobs: [], error: null, fetchedAt: null } });
      }
      try {
        // A device without an integer id cannot be matched to jobs (their device_id is an integer).
        const input = device.id === undefined ? {} : { deviceId: device.id };
        const list = await call('jobs.list', input);
        const jobs = list.jobs
          .filter((j) => device.id !== undefined && j.device_id === device.id)
          .sort((a, b) => b.id - a.id);
        if (get().deviceJobs?.code !== code) return;
        set({
          deviceJobs: { code, status: 'ready', jobs, error: null, fetchedAt: list.fetchedAt },
        });
      } catch (error) {
        if (get().deviceJobs?.code !== code) return;
        const detail = describeError(error, 'load this device’s jobs').detail;
        set({ deviceJobs: { code, status: 'error', jobs: [], error: detail, fetchedAt: null } });
      }
    },
    readHistory(code, days) {
      return call('deviceHistory.list', { code, days });
    },
    readDrift(deviceId, quantity, qubit) {
      return call('drift.series', { deviceId, quantity, qubit });
    },
    onJobCompleted(listener) {
      return on('jobs.status', (e) => e.to === 'completed' && listener());
    },
    watch() {
      const stops = [
        on('devices.updated', (v) => get().apply(v)),
        on('jobs.status', () => {
          if (refreshTimer) return;
          refreshTimer = setTimeout(() => {
            refreshTimer = null;
            get().refreshJobs();
          }, REFRESH_JOBS_AFTER_MS);
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
};
