import { createDomainStore } from '../create-store';
import { createDevicesActions } from './actions';
import { initialDevicesState } from './initialState';
import type { Device, DevicesState } from './initialState';

export const useDevicesStore = createDomainStore(initialDevicesState, createDevicesActions);
export * from './initialState';

export const selectFilteredDevices = (s: DevicesState): Device[] => {
  const { statuses, types, query } = s.filters;
  const q = query.trim().toLowerCase();
  return s.devices.filter(
    (d) =>
      (statuses.length === 0 || statuses.includes(d.status)) &&
      (types.length === 0 || types.includes(d.type)) &&
      (q === '' ||
        d.name.toLowerCase().includes(q) ||
        d.code.toLowerCase().includes(q) ||
        d.description.toLowerCase().includes(q)),
  );
};

export const selectSelectedDevice = (s: DevicesState): Device | null =>
  s.devices.find((d) => d.code === s.selectedCode) ?? null;

export const selectHasFilters = (s: DevicesState): boolean =>
  s.filters.statuses.length > 0 || s.filters.types.length > 0 || s.filters.query.trim() !== '';
