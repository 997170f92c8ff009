import type { z } from 'zod';
import type {
  connectionEventSchema,
  connectionTestSchema,
  ProfileView,
  SessionState,
} from '../../../shared/ipc/schemas';

export type ConnectionEvent = z.infer<typeof connectionEventSchema>;
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
export type { ProfileView, SessionState };

export interface ConnectionState {
  profiles: ProfileView[];
  activeId: string | null;
  /** 'loading' until the first profiles.list and session.get answered. */
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  session: SessionState | null;
  /** The last connection event for the active profile (reconnecting, offline, back online). */
  link: ConnectionEvent | null;
  /** The profile being switched to, while `profiles.activate` runs. */
  switchingTo: string | null;
  switchError: string | null;
  loginError: string | null;
  loginBusy: boolean;
}

export const initialConnectionState: ConnectionState = {
  profiles: [],
  activeId: null,
  status: 'loading',
  loadError: null,
  session: null,
  link: null,
  switchingTo: null,
  switchError: null,
  loginError: null,
  loginBusy: false,
};
