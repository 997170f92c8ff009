import type { z } from 'zod';
import type { appInfoSchema } from '../../../shared/ipc/schemas';
import { shell, type Shell, type TransportStatus } from '../../services/qjob';
import type { DetailTab } from '../jobs/initialState';

export type AppInfo = z.infer<typeof appInfoSchema>;
export type ViewName = 'editor' | 'devices' | 'jobs' | 'batches';
export type ThemePreference = 'system' | 'light' | 'dark';
export type DialogName = 'profiles' | 'login' | 'about' | 'openById' | 'shortcuts' | 'logs' | null;

/** A short-lived message for the status area (read out by screen readers through aria-live). */
export interface Notice {
  id: number;
  tone: 'info' | 'ok' | 'warn' | 'err';
  text: string;
  /** The connection it is about (a job's end), shown only while that one is in use; null: any. */
  profileId: string | null;
}

export interface AppState {
  info: AppInfo | null;
  /** Which shell hosts the page, known from the transport before `info` arrives. */
  shell: Shell;
  /** Why start-up failed (no transport, no token), shown instead of the app. */
  fatal: string | null;
  view: ViewName;
  /**
   * The job the Jobs view should show. `seq` grows on every request so asking for the same job
   * twice still reaches the job monitor (it reacts to changes of this object). `tab`: the detail
   * tab to open on; `compareWith`: another job to compare it with at once (the drift chart).
   */
  openJob: { id: number; seq: number; tab?: DetailTab; compareWith?: number } | null;
  themePreference: ThemePreference;
  systemDark: boolean;
  transport: TransportStatus;
  /** Why the server closed the socket last (browser mode), for the status bar. */
  transportDetail: string | null;
  dialog: DialogName;
  /** The profile the profile dialog starts on (null: the active one). */
  dialogProfileId: string | null;
  notices: Notice[];
  /** The notices are being read (their list is open): none expires meanwhile. */
  noticesHeld: boolean;
  /** The desktop window asked to close while tabs have unsaved changes: ask the user. */
  closeRequested: boolean;
}

export const initialAppState: AppState = {
  info: null,
  shell: shell(),
  fatal: null,
  view: 'editor',
  openJob: null,
  themePreference: 'system',
  systemDark: false,
  transport: 'connecting',
  transportDetail: null,
  dialog: null,
  dialogProfileId: null,
  notices: [],
  noticesHeld: false,
  closeRequested: false,
};
