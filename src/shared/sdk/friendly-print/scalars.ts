import { pythonFloatRepr } from '../yaml';
import type { PyNum } from '../../dialect/parameter-domain';
import type { Num } from '../../dialect/numbers';

/*
 * Scalars of the friendly dialect written so they read back to the very same values: a float
 * keeps a point or an exponent (Python's repr: `0.0`, `1e+30`, `-0.0`), an int has neither.
 */

export function floatText(x: number): string {
  return pythonFloatRepr(x);
}

export function pyNumText(n: PyNum): string {
  if (n.int) return n.digits ?? String(n.value);
  return floatText(n.value);
}

const PLAIN = /^[A-Za-z_][A-Za-z0-9_ ]*[A-Za-z0-9_]$|^[A-Za-z_]$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** A string as a YAML scalar: plain when it reads back as that string, else double-quoted. */
export function stringText(s: string): string {
  return PLAIN.test(s) && !RESERVED.test(s) ? s : JSON.stringify(s);
}

/** A constant angle or coefficient (a `!Parameter` is printed by its owner). */
export function constText(num: Extract<Num, { kind: 'const' }>): string {
  return num.int ? String(num.value) : floatText(num.value);
}
