import type { AppState } from './initialState';

export const selectEffectiveTheme = (s: AppState): 'light' | 'dark' =>
  s.themePreference === 'system' ? (s.systemDark ? 'dark' : 'light') : s.themePreference;

export const selectIsWebShell = (s: AppState): boolean => s.info?.shell === 'web';
