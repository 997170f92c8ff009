import type { SetState } from '../create-store';
import { call, on, onTransport } from '../../services/qjob';
import { describeError } from '../../services/errors';
import type { AppState, DialogName, Notice, ThemePreference, ViewName } from './initialState';
import type { TransportStatus } from '../../services/qjob';
import type { DetailTab } from '../jobs/initialState';

let noticeSeq = 0;
/** Long enough to read a sentence twice; the list beside the notice keeps them for longer. */
const NOTICE_MS = 6000;

export interface AppActions {
  loadInfo(): Promise<void>;
  setFatal(message: string): void;
  showView(view: ViewName): void;
  /**
   * Show a job in the Jobs view (the submit result's link, a device's job list, a notification):
   * records the request in `openJob` for the job monitor and switches to the Jobs view. With
   * `tab`, on that tab of its detail; with `compareWith`, compared with that job at once.
   */
  requestJob(id: number, options?: { tab?: DetailTab; compareWith?: number }): void;
  /** Changes the theme and, unless `keep` is false (read from the settings), keeps it there. */
  setThemePreference(pref: ThemePreference, keep?: boolean): void;
  setSystemDark(dark: boolean): void;
  /** The socket's status and, when the server closed it, why (browser mode). */
  setTransport(status: TransportStatus, detail?: string | null): void;
  openDialog(dialog: DialogName, profileId?: string | null): void;
  /** A short notice; one about a connection's data names it (`profileId`) so it stays there. */
  notify(tone: Notice['tone'], text: string, profileId?: string | null): void;
  dismissNotice(id: number): void;
  /** While the person reads the notices (their list is open), none expires. */
  holdNotices(held: boolean): void;
  /** Answer the desktop window's close request (unsaved-changes guard). */
  answerClose(proceed: boolean): Promise<void>;
  /**
   * Follows the transport's status (browser mode's socket) until the returned function is
   * called; `onReopen` runs when the link comes back, since events sent meanwhile were lost.
   * Throws when there is no transport at all (no token): the caller shows it as fatal.
   */
  watchTransport(onReopen: () => void): () => void;
  /** Calls `listener` when the desktop window asks to close; returns the stop. */
  onCloseRequested(listener: () => void): () => void;
}

export const createAppActions = (set: SetState<AppState>, get: () => AppState): AppActions => {
  const actions: AppActions = {
    async loadInfo() {
      const info = await call('app.info', {});
      set({ info });
    },
    setFatal(message) {
      set({ fatal: message });
    },
    showView(view) {
      set({ view });
    },
    requestJob(id, options = {}) {
      const seq = (get().openJob?.seq ?? 0) + 1;
      set({ view: 'jobs', openJob: { id, seq, ...options } });
    },
    setThemePreference(pref, keep = true) {
      set({ themePreference: pref });
      if (!keep) return;
      // Kept in the settings file, so browser mode (a new origin at every launch) keeps it too.
      call('settings.update', { theme: pref }).catch((error: unknown) =>
        actions.notify(
          'warn',
          `The theme applies to this session only: ${describeError(error, 'keep the theme').detail}`,
        ),
      );
    },
    setSystemDark(dark) {
      set({ systemDark: dark });
    },
    setTransport(status, detail = null) {
      set({ transport: status, transportDetail: detail });
    },
    openDialog(dialog, profileId = null) {
      set({ dialog, dialogProfileId: profileId });
    },
    notify(tone, text, profileId = null) {
      const id = ++noticeSeq;
      set((s) => ({ notices: [...s.notices.slice(-3), { id, tone, text, profileId }] }));
      const expire = () => {
        if (!get().notices.some((n) => n.id === id)) return;
        if (get().noticesHeld) setTimeout(expire, NOTICE_MS);
        else dismiss(set, id);
      };
      setTimeout(expire, NOTICE_MS);
    },
    dismissNotice(id) {
      dismiss(set, id);
    },
    holdNotices(held) {
      if (get().noticesHeld !== held) set({ noticesHeld: held });
    },
    async answerClose(proceed) {
      set({ closeRequested: false });
      await call('app.respondToClose', { proceed });
    },
    watchTransport(onReopen) {
      return onTransport((status, detail) => {
        const was = get().transport;
        actions.setTransport(status, detail);
        // The server will not let this tab in again: nothing here can work, say what to do.
        if (status === 'refused') actions.setFatal(detail ?? 'No access.');
        // The server closed the socket for a reason (a message it refused): say it once.
        else if (status === 'closed' && detail) actions.notify('warn', `${detail} Reconnecting…`);
        if (was === 'closed' && status === 'open') onReopen();
      });
    },
    onCloseRequested(listener) {
      return on('app.closeRequested', () => listener());
    },
  };
  return actions;
};

function dismiss(set: SetState<AppState>, id: number): void {
  set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}
