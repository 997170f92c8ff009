import type { ScalarTag } from 'yaml';
import { Composer, Scalar } from 'yaml';
import { fastScalar } from './fast-nodes';

/*
 * Plain scalars read as YAML 1.2's core schema reads them, for the plain reader
 * (`plain-compose.ts`): the same value, format and trailing zeros the `yaml` package's composer
 * gives them, without its `Scalar` constructor.
 */

/** For a core tag's `resolve` on its own sample scalar, which it reads without error. */
function refuse(): never {
  throw new Error('yaml: a core-schema scalar did not resolve');
}

let coreTags: readonly ScalarTag[] | undefined;
/**
 * The core schema's one tag whose `resolve` builds a node itself (plain decimals such as
 * `0.50`, which keep their trailing zeros as `minFractionDigits`): its node is made here
 * instead, the same way, without the `Scalar` constructor (see fast-nodes.ts).
 */
let decimalTag: ScalarTag | undefined;

function loadCoreTags(): readonly ScalarTag[] {
  if (!coreTags) {
    const [doc] = Array.from(new Composer().compose([], true, 0));
    coreTags = (doc?.schema.tags ?? []).filter((t): t is ScalarTag => !('collection' in t));
    decimalTag = coreTags.find(
      (t) =>
        t.default === true &&
        t.test?.test('1.50') &&
        !t.format &&
        t.resolve('1.50', refuse, {}) instanceof Scalar,
    );
  }
  return coreTags;
}

/** A plain decimal as the core schema's decimal tag reads it. */
function decimalScalar(source: string): Scalar {
  const scalar = fastScalar(parseFloat(source));
  const dot = source.indexOf('.');
  if (dot !== -1 && source[source.length - 1] === '0')
    scalar.minFractionDigits = source.length - dot - 1;
  return scalar;
}

/**
 * YAML 1.2 core schema resolution of a plain scalar, exactly as the composer does it; a tag's
 * error goes to `onError`.
 */
export function resolvePlain(source: string, onError: () => never): Scalar {
  let tag: ScalarTag | undefined;
  for (const t of loadCoreTags()) {
    if (t.default === true && t.test?.test(source)) {
      tag = t;
      break;
    }
  }
  let scalar: Scalar;
  if (tag !== undefined && tag === decimalTag) scalar = decimalScalar(source);
  else {
    const value: unknown = tag ? tag.resolve(source, onError, { intAsBigInt: false }) : source;
    scalar = value instanceof Scalar ? value : fastScalar(value);
  }
  scalar.source = source;
  scalar.type = Scalar.PLAIN;
  if (tag?.format) scalar.format = tag.format;
  return scalar;
}
