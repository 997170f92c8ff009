import { createDomainStore } from '../create-store';
import { createConnectionActions } from './actions';
import { initialConnectionState } from './initialState';

export const useConnectionStore = createDomainStore(
  initialConnectionState,
  createConnectionActions,
);
export * from './initialState';
export * from './selectors';
