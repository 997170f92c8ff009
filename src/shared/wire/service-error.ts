import { isPlainObject } from '../json/plain-object';

/** What a failed call's body says, for "what was being done, the HTTP status, the message (code)". */
export interface ServiceErrorInfo {
  message: string;
  code?: string;
}

const MESSAGE_KEYS = ['message', 'detail', 'error', 'error_description', 'title'] as const;
const CODE_KEYS = ['code', 'error_code', 'errorCode'] as const;
const MAX_TEXT = 500;

function truncate(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** FastAPI/pydantic `detail: [{loc: ['body', 'payload'], msg: '...'}]` → `body.payload: ...`. */
function renderDetailItem(item: unknown): string {
  if (typeof item === 'string') return item;
  if (!isPlainObject(item)) return JSON.stringify(item);
  const msg = typeof item.msg === 'string' ? item.msg : (messageOf(item) ?? JSON.stringify(item));
  const loc = Array.isArray(item.loc) ? item.loc.map(String).join('.') : '';
  return loc ? `${loc}: ${msg}` : msg;
}

function render(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) {
    const parts = value.map(renderDetailItem).filter((s) => s.trim() !== '');
    return parts.length ? parts.join('; ') : undefined;
  }
  if (isPlainObject(value)) return messageOf(value);
  return undefined;
}

function messageOf(body: Record<string, unknown>): string | undefined {
  // OAuth style: {error: 'invalid_grant', error_description: 'the words'}: prefer the words.
  if (typeof body.error === 'string' && typeof body.error_description === 'string') {
    return render(body.error_description) ?? render(body.error);
  }
  for (const key of MESSAGE_KEYS) {
    const text = render(body[key]);
    if (text) return text;
  }
  return undefined;
}

function codeOf(body: Record<string, unknown>): string | undefined {
  for (const key of CODE_KEYS) {
    const v = body[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  if (typeof body.error === 'string' && typeof body.error_description === 'string')
    return body.error;
  // {error: {message, code}}: the code may sit inside.
  return isPlainObject(body.error) ? codeOf(body.error) : undefined;
}

/** An HTML error page (a proxy's 502) → its title, or its text without tags. */
function htmlText(text: string): string | undefined {
  if (!/^\s*(<!doctype html|<html|<head|<body)/i.test(text)) return undefined;
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.trim();
  if (title) return title;
  return text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The human message (and code) of a failed call's body: JSON keys `message`, `detail` (also a
 * FastAPI list), `error`, `error_description`, `title`, and `code` / `error_code` / `errorCode`.
 * A body that is not JSON gives its text (truncated); an empty body says so.
 */
export function parseServiceError(status: number, bodyText: string): ServiceErrorInfo {
  const text = bodyText.trim();
  if (!text) return { message: 'empty response body' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { message: truncate(htmlText(text) || text) };
  }
  if (typeof body === 'string' && body.trim()) return { message: truncate(body.trim()) };
  if (isPlainObject(body)) {
    const message = messageOf(body);
    const code = codeOf(body);
    const info: ServiceErrorInfo = { message: truncate(message ?? text) };
    if (code !== undefined) info.code = code;
    return info;
  }
  if (Array.isArray(body)) {
    const message = render(body);
    if (message) return { message: truncate(message) };
  }
  return { message: truncate(text || `HTTP ${status}`) };
}
