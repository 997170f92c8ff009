import type { SettingsStore } from '../../profiles/settings-store';
import type { NamespaceHandlers } from '../dispatch';

/**
 * What the UI keeps between runs, in the settings file beside the profiles: the theme and the
 * job monitor's view. Kept there rather than in the page, whose storage browser mode loses at
 * every launch (a new port is a new origin).
 */
export function settingsHandlers(settings: SettingsStore): NamespaceHandlers<'settings'> {
  return {
    'settings.get': async () => {
      const { app } = (await settings.load()).settings;
      return { theme: app.theme, monitorView: app.monitorView };
    },
    'settings.update': async (change) => {
      await settings.update((s) => ({
        ...s,
        app: {
          ...s.app,
          ...(change.theme !== undefined ? { theme: change.theme } : {}),
          ...(change.monitorView !== undefined ? { monitorView: change.monitorView } : {}),
        },
      }));
      return null;
    },
  };
}
