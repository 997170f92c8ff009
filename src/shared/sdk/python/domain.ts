import type { PyNumber } from './values';

/** The SDK's `Domain` enum values (its YAML scalar is the value: `!Domain Real Domain`). */
export const DOMAIN_NAMES = [
  'Integer Domain',
  'Positive Integer Domain',
  'Real Domain',
  'Binary Domain',
  'Spin Domain',
] as const;
export type DomainName = (typeof DOMAIN_NAMES)[number];

const MAX_INT = 9223372036854775807n;
const MIN_INT = -9223372036854775808n;

/** `Domain.min()` and `Domain.max()`: the bounds a variable gets when none are given. */
export const DOMAIN_BOUNDS: Readonly<Record<DomainName, readonly [PyNumber, PyNumber]>> = {
  'Integer Domain': [MIN_INT, MAX_INT],
  'Positive Integer Domain': [0n, MAX_INT],
  'Real Domain': [-1e30, 1e30],
  'Binary Domain': [0n, 1n],
  'Spin Domain': [-1n, 1n],
};
