import type { SdkScalar } from '../node';
import { BOOL_TAG, FLOAT_TAG, INT_TAG, NULL_TAG, STR_TAG } from './scalar-resolve';

/**
 * Python's `repr(float)`: the shortest digits that read back to the same double (JavaScript finds
 * the same digits), laid out as Python does: positional from 1e-4 up to 1e16 with at least one
 * digit after the point (`0.0001`, `100.0`), scientific outside it with a signed exponent of at
 * least two digits (`1e-05`, `1e+16`, `1.5e+300`). ruamel writes `.nan`, `.inf`, `-.inf`.
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponent = '0'] = x.toExponential().split('e');
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  const e = Number(exponent);
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
    return `${sign}${whole}.${digits.slice(e + 1) || '0'}`;
  }
  const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
  const exp = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return `${sign}${digits[0]}${fraction}e${exp}`;
}

/**
 * The text and the full tag of a scalar as ruamel's representer makes them: `str(int)`,
 * `repr(float)`, `true`/`false`, `null`, a string as it is. A scalar with a tag of its own
 * (`!Domain Real Domain`, `!type x.Y`) keeps that tag.
 */
export function scalarText(node: SdkScalar): { text: string; tag: string } {
  switch (node.kind) {
    case 'str':
      return { text: node.value, tag: node.tag ?? STR_TAG };
    case 'int':
      return { text: node.value.toString(), tag: node.tag ?? INT_TAG };
    case 'float':
      return { text: pythonFloatRepr(node.value), tag: node.tag ?? FLOAT_TAG };
    case 'bool':
      return { text: node.value ? 'true' : 'false', tag: node.tag ?? BOOL_TAG };
    case 'null':
      return { text: 'null', tag: node.tag ?? NULL_TAG };
  }
}
