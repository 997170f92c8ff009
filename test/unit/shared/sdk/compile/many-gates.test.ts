import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { payloadDocument } from '../../../../../src/shared/sdk/friendly-print/payload';
import type { VariantId } from '../../../../../src/shared/variants';
import { executeKind } from '../../../../../src/shared/variants';
import { documentToExecutePayload } from '../../../../../src/shared/yaml';

/**
 * The SDK's form aliases one small object per gate (B: the shared empty `_parameters` dict and
 * every Parameter; A: every Parameter back to its gate): a circuit of a few hundred rotations
 * holds hundreds of aliases. Read back (the simulator, a job's payload, qjob convert), it must not
 * pass for an alias bomb, and its Parameters are the SDK's own tags, not misspellings.
 */
function friendly(variant: VariantId, n: number): string {
  const gates = Array.from(
    { length: n },
    (_, i) => `        - !RX {qubit: ${i % 5}, theta: ${(i * 0.01).toFixed(2)}}`,
  ).join('\n');
  return variant === 'B'
    ? `type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 100\n    circuit: !Circuit\n      nqubits: 5\n      gates:\n${gates}\n`
    : `type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit\n      nqubits: 5\n      gates:\n${gates}\n  readout:\n    - !SamplingReadout {nshots: 100}\n`;
}

describe.each(['B', 'A'] as const)('Variant %s: 150 rotations in the SDK form', (variant) => {
  it('compile, and read back without a problem', () => {
    const compiled = compilePayload(variant, friendly(variant, 150));
    expect(compiled.problems).toEqual([]);
    const payload = compiled.payload!;
    const kind = executeKind(variant, payload.type)!;
    const inner = (payload as unknown as Record<string, Record<string, string>>)[
      kind.payloadField
    ]!;
    expect((inner[kind.functionalField]!.match(/\*id\d+/g) ?? []).length).toBeGreaterThan(100);
    const document = payloadDocument(
      kind,
      { sdk: inner[kind.functionalField]! },
      inner.readout ? { sdk: inner.readout } : null,
    );
    const read = documentToExecutePayload(variant, document, {}, { dialect: true });
    expect(read.problems).toEqual([]);
    expect(read.payload).not.toBeNull();
  });
});
