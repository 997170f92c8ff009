/*
 * The Unicode characters that change the order text is shown in without being seen: the
 * embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069, the characters of
 * "Trojan Source"). One of them in a job name turns "report\u202Efdp.exe" into what reads as
 * "reportexe.pdf". Text from a file or the service shows each of them as its code instead, the
 * same way in the app and in `qjob`, so what is read is what is there.
 */

/** The characters, as the body of a regular expression's character class. */
export const BIDI_CONTROL_RANGES = '\\u202a-\\u202e\\u2066-\\u2069';

const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_RANGES}]`, 'g');
const ANY_BIDI_CONTROL = new RegExp(`[${BIDI_CONTROL_RANGES}]`);

/** How one is shown: `\u{202e}`, as `qjob` prints it. */
export function bidiControlCode(c: string): string {
  return `\\u{${c.charCodeAt(0).toString(16)}}`;
}

/** `text` with every direction control shown as its code; any other text as it is. */
export function showBidiControls(text: string): string {
  return ANY_BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, bidiControlCode) : text;
}
