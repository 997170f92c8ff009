import type { SetState } from '../create-store';
import { call, on } from '../../services/qjob';
import { describeError, errorCode } from '../../services/errors';
import type {
  ConnectionEvent,
  ConnectionState,
  ConnectionTest,
  ProfileView,
  SessionState,
} from './initialState';

export interface ConnectionActions {
  load(): Promise<void>;
  activate(id: string): Promise<void>;
  /** Create or update; returns the saved profile so a form can follow its id. */
  saveProfile(profile: ProfileView): Promise<ProfileView>;
  deleteProfile(id: string): Promise<void>;
  testConnection(profile: ProfileView): Promise<ConnectionTest>;
  login(user: string, apiKey: string): Promise<boolean>;
  logout(): Promise<void>;
  applySession(session: SessionState): void;
  applyLink(event: ConnectionEvent): void;
  clearLoginError(): void;
  /** Applies the core's session and link events until the returned function is called. */
  watch(): () => void;
}

export const createConnectionActions = (
  set: SetState<ConnectionState>,
  get: () => ConnectionState & ConnectionActions,
): ConnectionActions => ({
  async load() {
    try {
      const [list, session, link] = await Promise.all([
        call('profiles.list', {}),
        call('session.get', {}),
        // After a reload the events that said "offline" are gone: ask for the state itself.
        call('connection.get', {}),
      ]);
      set({
        profiles: list.profiles,
        activeId: list.activeId,
        session,
        link: link && link.profileId === list.activeId ? link : null,
        status: 'ready',
        loadError: null,
      });
      // First start: no profile chosen yet. The simulator needs no account, so start there.
      if (!list.activeId) {
        const first = list.profiles.find((p) => p.builtin === 'simulator') ?? list.profiles[0];
        if (first) await get().activate(first.id);
      }
    } catch (error) {
      set({ status: 'error', loadError: describeError(error, 'load the connections').detail });
    }
  },
  async activate(id) {
    set({ switchingTo: id, switchError: null, loginError: null });
    try {
      const session = await call('profiles.activate', { id });
      set({ activeId: id, session, link: null });
    } catch (error) {
      set({ switchError: describeError(error, 'switch the connection').detail });
    } finally {
      set({ switchingTo: null });
    }
  },
  async saveProfile(profile) {
    const saved = await call('profiles.save', profile);
    set((s) => {
      const exists = s.profiles.some((p) => p.id === saved.id);
      return {
        profiles: exists
          ? s.profiles.map((p) => (p.id === saved.id ? saved : p))
          : [...s.profiles, saved],
      };
    });
    return saved;
  },
  async deleteProfile(id) {
    await call('profiles.delete', { id });
    set((s) => ({ profiles: s.profiles.filter((p) => p.id !== id) }));
  },
  testConnection(profile) {
    return call('profiles.testConnection', profile);
  },
  async login(user, apiKey) {
    set({ loginBusy: true, loginError: null });
    try {
      const session = await call('session.login', { user, apiKey });
      set({ session });
      if (session.state !== 'active') {
        set({ loginError: session.message ?? 'The service did not accept the login.' });
        return false;
      }
      return true;
    } catch (error) {
      // A refused login is the common case: say it plainly before the technical detail.
      const refused = errorCode(error) === 'service.auth';
      const { detail } = describeError(error, 'log in');
      set({
        loginError: refused
          ? `The service did not accept this user name and API key. Check both and try again. (${error instanceof Error ? error.message : ''})`
          : detail,
      });
      return false;
    } finally {
      set({ loginBusy: false });
    }
  },
  async logout() {
    const session = await call('session.logout', {});
    set({ session });
  },
  applySession(session) {
    set({ session, activeId: session.profileId ?? get().activeId });
  },
  applyLink(event) {
    if (event.profileId === get().activeId) set({ link: event });
  },
  clearLoginError() {
    set({ loginError: null });
  },
  watch() {
    const stops = [
      on('session.changed', (s) => get().applySession(s)),
      on('connection.changed', (e) => get().applyLink(e)),
    ];
    return () => stops.forEach((stop) => stop());
  },
});
