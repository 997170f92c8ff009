import { useEffect, useRef } from 'react';
import { useAppStore } from '../app/store';
import { selectActiveProfile, selectNeedsLogin, useConnectionStore } from './store';

/**
 * What a "Log in" button does: the built-in simulators need nothing typed (the core holds their
 * per-launch key), so activating the profile again logs in; any other connection opens the form.
 */
export function useStartLogin(): () => void {
  const profile = useConnectionStore(selectActiveProfile);
  const activate = useConnectionStore((s) => s.activate);
  const openDialog = useAppStore((s) => s.openDialog);
  return () => {
    if (profile?.builtin === 'simulator') void activate(profile.id);
    else openDialog('login');
  };
}

/** What a login prompt (ui/components/LoginPrompt) shows and does for the active connection. */
export function useLoginPrompt(): {
  profileName: string | null;
  expired: boolean;
  onLogin: () => void;
} {
  const profile = useConnectionStore(selectActiveProfile);
  const expired = useConnectionStore((s) => s.session?.state === 'expired');
  const onLogin = useStartLogin();
  return { profileName: profile?.name ?? null, expired, onLogin };
}

/**
 * Why the active connection needs a new login, when the service refused the one it had (a kept
 * login it no longer accepts, a renewal it refused); null otherwise, and always for the built-in
 * simulators, which log in again by themselves.
 */
export function useRefusedLoginReason(): string | null {
  const profile = useConnectionStore(selectActiveProfile);
  const session = useConnectionStore((s) => s.session);
  const needsLogin = useConnectionStore(selectNeedsLogin);
  if (!needsLogin || !profile || profile.builtin === 'simulator') return null;
  if (session?.profileId !== profile.id) return null;
  return session.message;
}

/**
 * Opens the login form by itself once for each refusal (it shows the reason), unless another
 * dialog is open; closing it leaves the person alone until the next refusal.
 */
export function useLoginFormOnRefusal(): void {
  const reason = useRefusedLoginReason();
  const profileId = useConnectionStore((s) => s.activeId);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!reason) {
      shown.current = null;
      return;
    }
    const key = `${profileId ?? ''}\n${reason}`;
    if (shown.current === key) return;
    shown.current = key;
    const app = useAppStore.getState();
    if (app.dialog === null) app.openDialog('login');
  }, [reason, profileId]);
}
