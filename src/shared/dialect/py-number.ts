import { isScalar } from 'yaml';
import type { NodeRef } from './node-reader';
import type { PyNum } from './parameter-domain';

/** YAML 1.2's integers (core schema): what Python reads as an `int`. */
const INTEGER = /^[-+]?(?:[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;

/** The text of a scalar as written (its source range), or null. */
function sourceText(ref: NodeRef): string | null {
  const node = ref.node;
  if (!isScalar(node) || !node.range) return null;
  return ref.src.text.slice(node.range[0], node.range[1]).trim();
}

/** A finite number, int or float as written (`1` is an int, `1.0` a float). */
export function readPyNumber(ref: NodeRef, what: string): PyNum {
  const value = ref.number(what);
  if (!Number.isInteger(value)) return { value };
  const text = sourceText(ref);
  if (text === null || !INTEGER.test(text)) return { value };
  if (Number.isSafeInteger(value)) return { value, int: true };
  // An int beyond 2^53 keeps its digits (the SDK's int64 bounds are such ints).
  return { value, int: true, digits: BigInt(text.replace(/^\+/, '')).toString() };
}
