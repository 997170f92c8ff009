/**
 * The SDK's `Domain` of a Parameter (its YAML scalar is the value: `!Domain Real Domain`), and
 * the bounds a parameter gets when none are given (`Domain.min()`, `Domain.max()`): ±1e30 for
 * reals, the int64 range for integers.
 */
export const DOMAIN_NAMES = [
  'Integer Domain',
  'Positive Integer Domain',
  'Real Domain',
  'Binary Domain',
  'Spin Domain',
] as const;
export type DomainName = (typeof DOMAIN_NAMES)[number];

export const isDomainName = (value: unknown): value is DomainName =>
  (DOMAIN_NAMES as readonly unknown[]).includes(value);

/** A number as Python holds it: `int` keeps it apart from a float of the same value. */
export interface PyNum {
  value: number;
  /** Written as an integer (Python int); absent for a float. Ints beyond 2^53 keep their digits. */
  int?: true;
  /** The digits of an int too large for a double (the int64 bounds of integer domains). */
  digits?: string;
}

// 2^63 − 1 and −2^63 (the doubles nearest them are ±2^63; the digits are exact).
const MAX_INT = { value: 2 ** 63, int: true, digits: '9223372036854775807' } as const;
const MIN_INT = { value: -(2 ** 63), int: true, digits: '-9223372036854775808' } as const;

export const DOMAIN_DEFAULT_BOUNDS: Readonly<Record<DomainName, readonly [PyNum, PyNum]>> = {
  'Integer Domain': [MIN_INT, MAX_INT],
  'Positive Integer Domain': [{ value: 0, int: true }, MAX_INT],
  'Real Domain': [{ value: -1e30 }, { value: 1e30 }],
  'Binary Domain': [
    { value: 0, int: true },
    { value: 1, int: true },
  ],
  'Spin Domain': [
    { value: -1, int: true },
    { value: 1, int: true },
  ],
};
