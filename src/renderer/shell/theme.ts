import { useEffect } from 'react';
import { selectEffectiveTheme, useAppStore } from '../state/app/store';

/** Follows the OS colour scheme and applies the effective theme to <html data-theme>. */
export function useThemeSync(): void {
  const theme = useAppStore(selectEffectiveTheme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => useAppStore.getState().setSystemDark(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
