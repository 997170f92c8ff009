import { REDACTED, redactText } from '../logging/redact';

/**
 * Secret-named keys written as `key: value` (YAML, Python reprs, many log formats). The shared
 * redactor covers `key=value`, JSON and bearer credentials; a support ticket also carries
 * free-form service logs, so this adds the colon form and URL user-info on top of it.
 */
const COLON_FORM =
  /(\b(?:access[-_]?token|refresh[-_]?token|api[-_]?key|apikey|client[-_]?secret|password|secret|token|assertion)\b['"]?\s*:\s*)(['"]?)(?!\[redacted\])[^\s'",}]+\2/gi;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(?::[^/\s@]*)?@/gi;

export function redactForTicket(text: string): string {
  return redactText(text)
    .replace(COLON_FORM, `$1$2${REDACTED}$2`)
    .replace(URL_USERINFO, `$1${REDACTED}@`);
}
