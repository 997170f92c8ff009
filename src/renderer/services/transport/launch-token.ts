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
