import { createDomainStore } from '../create-store';
import { createSubmitActions } from './actions';
import { initialSubmitState } from './initialState';

export const useSubmitStore = createDomainStore(initialSubmitState, createSubmitActions);
export * from './initialState';
export * from './selectors';
