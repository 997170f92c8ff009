import { pythonFloatRepr } from '../yaml';
import type { Num } from '../../dialect/numbers';
import { NotYetInPython } from './not-yet';

/** A string as a Python literal (double-quoted; JSON's escapes are Python's for these). */
export function pyStringLiteral(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A constant angle as Python reads it back to the same value (`0.5`, `1e+30`, `3`). */
export function pyNumLiteral(num: Num, where: string): string {
  if (num.kind !== 'const')
    throw new NotYetInPython(`the symbolic parameter ${num.name} (${where})`);
  if (num.int) return String(num.value);
  if (!Number.isFinite(num.value)) throw new NotYetInPython(`the value ${num.value} (${where})`);
  return pythonFloatRepr(num.value);
}
