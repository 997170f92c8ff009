import { createDomainStore } from '../create-store';
import { createDevicesActions } from './actions';
import { initialDevicesState } from './initialState';

export const useDevicesStore = createDomainStore(initialDevicesState, createDevicesActions);
export * from './initialState';
export * from './selectors';
