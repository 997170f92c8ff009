import { call } from '../../services/qjob';
import { restoreView } from '../jobs/store';
import { useAppStore } from './store';

/**
 * What the settings file kept for the UI (the theme, the job monitor's view), read once at
 * start; changes are written back from then on. Without an answer (no core yet, a settings
 * file that cannot be read) the defaults apply for this session and nothing is written.
 */
export async function loadPreferences(): Promise<void> {
  const app = useAppStore.getState();
  const kept = await call('settings.get', {});
  app.setThemePreference(kept.theme, false);
  restoreView(kept.monitorView, (message) => useAppStore.getState().notify('warn', message));
}
