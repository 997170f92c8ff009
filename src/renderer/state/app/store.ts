import { createDomainStore } from '../create-store';
import { createAppActions } from './actions';
import { initialAppState } from './initialState';
import type { AppState, Notice } from './initialState';

export const useAppStore = createDomainStore(initialAppState, createAppActions);
export * from './initialState';

export const selectEffectiveTheme = (s: AppState): 'light' | 'dark' =>
  s.themePreference === 'system' ? (s.systemDark ? 'dark' : 'light') : s.themePreference;

export const selectIsWebShell = (s: AppState): boolean => s.info?.shell === 'web';

/** The notices to show while `activeId` is the connection in use: its own and the app's. */
export const noticesFor = (notices: Notice[], activeId: string | null): Notice[] =>
  notices.filter((n) => n.profileId === null || n.profileId === activeId);
