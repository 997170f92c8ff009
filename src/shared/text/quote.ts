/*
 * What a message quotes of someone else's text (a key of a document, a value the service sent,
 * an argument) is cut: an 8 MB key must not make an 8 MB warning, in the editor's problem list,
 * on a terminal or in a log. Every message that quotes such text goes through here.
 */

/** The most characters of a quoted text a message shows. */
export const QUOTED_MAX_CHARS = 80;

/**
 * `text` cut to `max` characters, an ellipsis at the cut, never in the middle of a surrogate
 * pair; as it is when it fits.
 */
export function clipped(text: string, max = QUOTED_MAX_CHARS): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * `text` in quotes for a message: `"calib"`, or for a long one its start and its length:
 * `"kkkk…" (8,000,000 characters)`.
 */
export function quoted(text: string, mark: '"' | "'" = '"', max = QUOTED_MAX_CHARS): string {
  if (text.length <= max) return `${mark}${text}${mark}`;
  return `${mark}${clipped(text, max)}${mark} (${text.length.toLocaleString('en')} characters)`;
}
