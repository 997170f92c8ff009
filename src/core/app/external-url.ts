/**
 * Links the app may hand to the system browser: https only, with a host, no credentials in the
 * URL, not absurdly long. Anything else (file:, javascript:, custom protocols that start other
 * programs) is refused.
 */
export function isAllowedExternalUrl(url: string): boolean {
  if (url.length > 2000) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}
