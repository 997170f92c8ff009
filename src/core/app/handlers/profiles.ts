import { deleteProfile, upsertProfile } from '../../profiles/profiles';
import type { SettingsStore } from '../../profiles/settings-store';
import type { ConnectionManager } from '../connection-manager';
import { testConnection } from '../../connections/connection-test';
import type { NamespaceHandlers } from '../dispatch';
import { DEFAULT_PROFILE_ID } from '../../profiles/builtin';
import type { FetchLike } from '../../client/transport';
import { profileFromView } from '../views';

export function profileHandlers(deps: {
  settings: SettingsStore;
  connections: ConnectionManager;
  fetch: FetchLike;
}): NamespaceHandlers<'profiles'> {
  const { settings, connections } = deps;
  return {
    'profiles.list': async () => {
      const loaded = await settings.load();
      return {
        profiles: loaded.settings.profiles.map((p) => connections.profileView(p)),
        activeId: connections.active?.profile.id ?? null,
      };
    },

    'profiles.save': async (view) => {
      const profile = profileFromView(view);
      await settings.update((s) => upsertProfile(s, profile));
      // The active profile's connection is rebuilt with the new settings; its login is kept.
      if (connections.active?.profile.id === profile.id) await connections.activate(profile.id);
      return connections.profileView(profile);
    },

    'profiles.delete': async ({ id }) => {
      await settings.update((s) => deleteProfile(s, id));
      if (connections.active?.profile.id === id) await connections.activate(DEFAULT_PROFILE_ID);
      return null;
    },

    'profiles.activate': ({ id }) => connections.activate(id),

    'profiles.testConnection': async (view) => {
      const profile = await connections.resolve(profileFromView(view));
      const active = connections.active;
      // The login goes only to the address it was made for: a base URL changed in the form is
      // tested without it.
      const session =
        active &&
        active.profile.id === profile.id &&
        active.profile.baseUrl === profile.baseUrl &&
        active.isLoggedIn
          ? active
          : null;
      return testConnection(profile, deps.fetch, session?.session ?? null);
    },
  };
}
