import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import {
  DECOMPILE_MAX_CHARS,
  openServicePayload,
} from '../../../../../src/shared/sdk/decompile/open-service-payload';
import { wireDocument } from '../../../../../src/shared/sdk/decompile/wire-document';
import type { VariantId } from '../../../../../src/shared/variants';
import { payloadToYaml } from '../../../../../src/shared/yaml/payload-to-yaml';

/*
 * A job's payload as the service returns it (the SDK's form: here the corpus's own requests,
 * as the official client sent them) opened for people: the friendly document cases.md
 * describes, which compiles back to the SDK's very strings; the wire form shows those strings
 * exactly; what cannot be friendly stays in the SDK's form, named.
 */

const SDK = path.join(import.meta.dirname, '../../../../fixtures/sdk');

function request(version: string, name: string): Record<string, Record<string, string> | string> {
  const body = JSON.parse(
    readFileSync(path.join(SDK, version, 'requests', `${name}.json`), 'utf8'),
  ) as { payload: string };
  return JSON.parse(body.payload) as Record<string, Record<string, string> | string>;
}

const CASES: Array<{
  variant: VariantId;
  version: string;
  name: string;
  field: string;
  friendly: string;
}> = [
  {
    variant: 'B',
    version: 'B-0.1.6',
    name: 'b_bell',
    field: 'sampling_payload',
    // cases.md: Circuit(2): H(0), CNOT(0,1), M(0,1); Sampling(nshots=500).
    friendly: [
      'type: sampling',
      'sampling_payload:',
      '  sampling: !Sampling',
      '    circuit: !Circuit',
      '      nqubits: 2',
      '      gates:',
      '        - !H {qubit: 0}',
      '        - !CNOT {control: 0, target: 1}',
      '        - !M {qubits: [0, 1]}',
      '    nshots: 500',
      '',
    ].join('\n'),
  },
  {
    variant: 'A',
    version: 'A-main',
    name: 'a_bell_all_readouts',
    field: 'digital_propagation_payload',
    // cases.md: Circuit(2): H(0), CNOT(0,1); sampling(500) + expectation([Z0*Z1, X0*X1], 1000)
    // + state_tomography(method='exact').
    friendly: [
      'type: digital_propagation',
      'digital_propagation_payload:',
      '  digital_propagation: !DigitalPropagation',
      '    circuit: !Circuit',
      '      nqubits: 2',
      '      gates:',
      '        - !H {qubit: 0}',
      '        - !CNOT {control: 0, target: 1}',
      '  readout:',
      '    - !SamplingReadout {nshots: 500}',
      '    - !ExpectationReadout {observables: ["Z0 Z1", "X0 X1"], nshots: 1000}',
      '    - !StateTomographyReadout {method: exact}',
      '',
    ].join('\n'),
  },
];

describe.each(CASES)('a job of $version whose payload is $name', (c) => {
  const payload = request(c.version, c.name);
  const strings = payload[c.field] as Record<string, string>;

  it('opens in the friendly form, nothing kept in the SDK form', () => {
    const opened = openServicePayload(c.variant, payload);
    expect(opened.kept).toEqual([]);
    expect(opened.text).toBe(c.friendly);
  });

  it('compiles back from the friendly form to the SDK client’s very strings', () => {
    const compiled = compilePayload(c.variant, openServicePayload(c.variant, payload).text);
    expect(compiled.payload).not.toBeNull();
    expect((compiled.payload as Record<string, unknown>)[c.field]).toEqual(strings);
  });

  it('shows on the wire each YAML string exactly as the service holds it', () => {
    const parts = Object.entries(strings).map(([key, text]) => {
      expect(text.endsWith('\n')).toBe(true);
      return `# ${c.field}.${key}\n${text}`;
    });
    expect(wireDocument(payload)).toBe(`# type: ${String(payload.type)}\n${parts.join('---\n')}`);
    for (const text of Object.values(strings)) expect(wireDocument(payload)).toContain(text);
  });
});

describe('a service payload that cannot be friendly', () => {
  it('keeps the SDK’s QAOA circuit inline in the SDK form, named with why', () => {
    const opened = openServicePayload('A', request('A-main', 'a_qaoa_ansatz'));
    expect(opened.kept).toEqual([
      {
        path: 'digital_propagation_payload.digital_propagation.circuit',
        reason: expect.stringContaining('QAOA') as string,
      },
    ]);
    expect(opened.text).toMatch(/^ {4}circuit: !QAOA$/m);
    expect(opened.text).toMatch(/^ {2}readout:\n {4}- !SamplingReadout \{nshots: 1000\}$/m);
  });

  it('stays in the SDK form when too large to convert, and says so', () => {
    const payload = request('B-0.1.6', 'b_bell');
    const inner = payload.sampling_payload as Record<string, string>;
    // A comment is part of the YAML string, not of the objects: only the size changes.
    inner.sampling += `# ${'x'.repeat(DECOMPILE_MAX_CHARS)}\n`;
    const opened = openServicePayload('B', payload);
    expect(opened.text).toBe(payloadToYaml(payload));
    expect(opened.kept).toEqual([
      {
        path: 'sampling_payload',
        reason: expect.stringMatching(
          /^it is too large to convert here \([\d,]+ characters/,
        ) as string,
      },
    ]);
  });

  it('stays as it came when its type is not one of the variant', () => {
    const payload = request('B-0.1.6', 'b_bell');
    const opened = openServicePayload('A', payload);
    expect(opened.text).toBe(payloadToYaml(payload));
    expect(opened.kept).toEqual([
      {
        path: 'type',
        reason: "'sampling' is not an execute type of Variant A, so its objects cannot be read",
      },
    ]);
  });
});
