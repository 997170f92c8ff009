/** Characters and words the plain readers (`plain-compose.ts`, `compact-items.ts`) look for. */

export const NL = 10;
export const SPACE = 32;

export const isIdentStart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
export const isIdent = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57);

/** Keys that YAML's core schema reads as something other than a string. */
export const NON_STRING_KEYS: ReadonlySet<string> = new Set([
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
]);

/** The character of `text` at `at`, a line break past its end. */
export function codeAt(text: string, at: number): number {
  return at < text.length ? text.charCodeAt(at) : NL;
}

/** The offset of the first character at or after `at` that is not a space. */
export function skipSpaces(text: string, at: number): number {
  while (text.charCodeAt(at) === SPACE) at++;
  return at;
}
