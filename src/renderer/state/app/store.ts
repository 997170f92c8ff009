import { createDomainStore } from '../create-store';
import { createAppActions, storedThemePreference } from './actions';
import { initialAppState } from './initialState';

export const useAppStore = createDomainStore(
  { ...initialAppState, themePreference: storedThemePreference() },
  createAppActions,
);
export * from './initialState';
export * from './selectors';
