/**
 * Browser mode's per-launch token arrives in the URL fragment (`#token=<hex>`), which browsers
 * never send to the server. It is moved into sessionStorage and removed from the address bar (so
 * it is not shown, bookmarked or shared by accident). It opens one connection: the server answers
 * it with a session token, kept in the same place (`keepSessionToken`), so a reload of this tab
 * still works.
 */
const STORAGE_KEY = 'qjob.launchToken';

export function takeLaunchToken(
  loc: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location,
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  replaceUrl: (url: string) => void = (url) => window.history.replaceState(null, '', url),
): string | null {
  const fragment = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    storage.setItem(STORAGE_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    replaceUrl(`${loc.pathname}${loc.search}${rest ? `#${rest}` : ''}`);
    return fromUrl;
  }
  return storage.getItem(STORAGE_KEY);
}

/** The session token the server gave this tab, in place of the used-up launch token. */
export function keepSessionToken(
  token: string,
  storage: Pick<Storage, 'setItem'> = window.sessionStorage,
): void {
  storage.setItem(STORAGE_KEY, token);
}

const PROPOSAL_KEY = 'qjob.sessionProposal';

/**
 * The session token this tab proposes along with its launch token, made and kept before the tab
 * first connects: if the tab is reloaded before the server's answer arrives (the launch token
 * already used up), the proposal the server registered still lets it in.
 */
export function sessionProposal(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const kept = storage.getItem(PROPOSAL_KEY);
  if (kept && /^[0-9a-f]{64}$/.test(kept)) return kept;
  const made = Array.from(random(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
  storage.setItem(PROPOSAL_KEY, made);
  return made;
}
