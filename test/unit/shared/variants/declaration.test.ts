import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../../../src/shared/dialect/declaration';
import { DialectError } from '../../../../src/shared/dialect/dialect-error';
import { parseJob } from '../../../../src/shared/dialect/job-model';
import { handleForExecuteType } from '../../../../src/shared/handles';
import { VARIANT_IDS, VARIANTS } from '../../../../src/shared/variants';
import type { ExecuteKind, VariantId } from '../../../../src/shared/variants';

/*
 * The variant declaration is the one place an execute type is declared; the compiler checks
 * that every table over the declared types has its entries. These check the rest at run time:
 * that the facts the tables are built from agree with each other.
 */

const kindsOf = (variant: VariantId): readonly ExecuteKind[] => VARIANTS[variant].executeKinds;

const cases = VARIANT_IDS.flatMap((variant) =>
  kindsOf(variant).map((kind) => ({ variant, type: kind.executeType, kind })),
);

/** What the simulator's validating step says of the payload, in full. */
function parseError(variant: VariantId, executeType: string, functionalYaml: string): string {
  try {
    parseJob({
      variant,
      executeType,
      functionalYaml,
      pathPrefix: `${executeType}_payload.${executeType}`,
      device: { code: 'sim', type: 'simulator', nqubits: 8 },
      limits: {},
    });
  } catch (error) {
    if (!(error instanceof DialectError)) throw error;
    return error.toErrorLogs();
  }
  throw new Error(`${executeType}: the payload was accepted`);
}

describe('the variant declaration and what is built from it', () => {
  it.each(cases)('$variant $type: every tag it declares has its object in the dialect', (c) => {
    const objects = dialectOf(c.variant).objects;
    for (const tag of c.kind.functionalTags) expect(objects.has(tag), tag).toBe(true);
  });

  it.each(VARIANT_IDS)('Variant %s: the readouts the dialect offers are the declared ones', (v) => {
    const declared = VARIANTS[v].readouts.map((r: { tag: string }) => r.tag);
    expect(dialectOf(v).readoutTags).toEqual(declared);
    for (const tag of declared) expect(dialectOf(v).objects.has(tag), tag).toBe(true);
  });

  it.each(cases)('$variant $type: several functional tags pair with their result tags', (c) => {
    const { functionalTags, resultTags } = c.kind;
    if (functionalTags.length < 2) return;
    expect(resultTags).toEqual(functionalTags.map((t) => `${t}Result`));
  });

  it.each(VARIANT_IDS)('Variant %s: its result fields are those of its execute types', (v) => {
    const fields = new Set(kindsOf(v).map((k) => k.resultField));
    expect(new Set(VARIANTS[v].resultFields)).toEqual(fields);
  });

  it.each(cases)('$variant $type: is read as a type, asking for its declared tags', (c) => {
    const message = parseError(c.variant, c.type, '!NotAFunctional {}\n');
    expect(message).not.toMatch(/not an execute type/);
    for (const tag of c.kind.functionalTags) expect(message).toContain(tag);
  });

  it.each(cases)('$variant $type: has a handle for its result field', (c) => {
    const handle = handleForExecuteType(c.variant, c.type, 7);
    expect(handle.resultField).toBe(c.kind.resultField);
    expect(handle.accepts).toContain(c.type);
  });

  it('refuses a type no variant declares, and names of Object.prototype', () => {
    for (const variant of VARIANT_IDS) {
      for (const type of ['ramsey_experiment', 'constructor', 'toString']) {
        expect(parseError(variant, type, '!Sampling {}\n')).toMatch(/not an execute type/);
        expect(() => handleForExecuteType(variant, type, 1)).toThrow(RangeError);
      }
    }
  });
});
