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
