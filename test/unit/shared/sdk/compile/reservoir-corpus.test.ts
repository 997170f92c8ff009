import { describe, expect, it } from 'vitest';
import type { QuantumReservoir } from '../../../../../src/shared/dialect/reservoir';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { readSdkYaml, sameSdkTree } from '../../../../../src/shared/sdk/yaml';
import { sdkReservoirTypeFix } from '../../../../../src/shared/wire/sdk-reservoir-type';
import { decodePayloadField } from '../../../../../src/shared/wire';
import type { ExecutePayload } from '../../../../../src/shared/variants';
import {
  documentOf,
  readPayloadModel,
  requestOf,
  stringsOf,
} from '../../../../support/sdk-digital-corpus';
import type { CorpusCase } from '../../../../support/sdk-digital-corpus';

/*
 * The corpus' reservoirs against the SDK's own bytes: each reads (main's and 0.2.1's, whose
 * client sends `type: analog_evolution`) into the model cases.md describes; the SDK-form
 * document and the friendly text of the same reservoir compile to main's very strings.
 */

const CASES: CorpusCase[] = (['A-main', 'A-0.2.1.post1'] as const).flatMap((version) =>
  ['a_reservoir', 'a_reservoir_output_encoding'].map((name) => ({ version, name })),
);

/** The friendly text of each case, as cases.md describes it. */
const FRIENDLY: Readonly<Record<string, string>> = {
  a_reservoir: `type: quantum_reservoir
quantum_reservoir_payload:
  quantum_reservoir: !QuantumReservoir
    initial_state: "00"
    layers:
      - !ReservoirLayer
        input_encoding: !Circuit
          nqubits: 2
          gates:
            - !RY {qubit: 0, theta: !Parameter {name: u, value: 0.0}}
        evolution_dynamics: !Schedule
          T: 2.0
          dt: 0.5
          hamiltonians: {ising: "Z0 Z1", field: "X0 + X1"}
          coefficients:
            ising: [[0.0, 1.0], [2.0, 1.0]]
            field: [[0.0, 0.6], [2.0, 0.6]]
        qubits_to_reset: [0]
    inputs: [{u: 0.3}, {u: 1.2}]
  readout: !ExpectationReadout {observables: ["Z1"], nshots: 0}
`,
  a_reservoir_output_encoding: `type: quantum_reservoir
quantum_reservoir_payload:
  quantum_reservoir: !QuantumReservoir
    initial_state: zero
    layers:
      - !ReservoirLayer
        input_encoding: !Circuit
          nqubits: 3
          gates:
            - !RY {qubit: 0, theta: !Parameter {name: u, value: 0.0}}
            - !RZ {qubit: 1, phi: !Parameter {name: v, value: 0.0}}
        evolution_dynamics: !Schedule
          T: 1.5
          dt: 0.25
          hamiltonians: {ising: "Z0 Z1 + Z1 Z2 + 0.7 Z0 Z2", field: "X0 + X1 + X2"}
          coefficients:
            ising: [[0.0, 1.0], [1.5, 1.0]]
            field: [[0.0, 0.6], [1.5, 0.2]]
        output_encoding: !Circuit
          nqubits: 3
          gates:
            - !RX {qubit: 2, theta: 0.35}
        qubits_to_reset: [0, 1]
    inputs: [{u: 0.3, v: -0.2}, {u: 1.2, v: 0.4}, {u: 2.5, v: 1.0}, {u: 0.7, v: -1.3}]
  readout:
    - !ExpectationReadout {observables: ["Z1", "Z2", "Z1 Z2"], nshots: 0}
    - !StateTomographyReadout {method: exact}
`,
};

function expectMainBytes(c: CorpusCase, payload: ExecutePayload | null) {
  const want = stringsOf(requestOf({ ...c, version: 'A-main' }).payload);
  const got = stringsOf(payload!);
  for (const field of Object.keys(want)) {
    expect(sameSdkTree(readSdkYaml(got[field]!).node!, readSdkYaml(want[field]!).node!)).toBeNull();
    expect(got[field]).toBe(want[field]);
  }
}

describe.each(CASES)('$version $name', (c) => {
  it('reads from the SDK form into the model cases.md describes', () => {
    const payload = sdkReservoirTypeFix('A', requestOf(c).payload).value as ExecutePayload;
    const { functional, params } = readPayloadModel('A', payload);
    const r = functional as QuantumReservoir;
    expect(r.kind).toBe('reservoir');
    const two = c.name === 'a_reservoir';
    expect(r.nqubits).toBe(two ? 2 : 3);
    expect(r.layers).toHaveLength(1);
    const [layer] = r.layers;
    expect(layer!.reset).toEqual(two ? [0] : [0, 1]);
    expect(layer!.encoding!.gates.map((g) => g.name)).toEqual(two ? ['RY'] : ['RY', 'RZ']);
    expect(layer!.output?.gates.map((g) => [g.name, g.angles])).toEqual(
      two ? undefined : [['RX', [{ kind: 'const', value: 0.35 }]]],
    );
    expect(layer!.dynamics!.terms.map((t) => t.label).sort()).toEqual(['field', 'ising']);
    expect(r.inputs.map((i) => Object.fromEntries(i))).toEqual(
      two
        ? [{ u: 0.3 }, { u: 1.2 }]
        : [
            { u: 0.3, v: -0.2 },
            { u: 1.2, v: 0.4 },
            { u: 2.5, v: 1.0 },
            { u: 0.7, v: -1.3 },
          ],
    );
    // The ReservoirInputs are parameters that are never trained.
    expect(params.get('u')?.trainable).toBe(false);
    // ket(0, …) as 0.2.x's QTensor holds it (complex128), or main's InitialState.ZERO.
    expect(r.initial?.kind).toBe(c.version === 'A-main' && !two ? 'named' : 'amplitudes');
  });

  it.runIf(c.version === 'A-main')(
    "the SDK-form document compiles to the SDK's own graph and its very bytes",
    () => {
      const compiled = compilePayload('A', documentOf(c));
      expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expectMainBytes(c, compiled.payload);
    },
  );

  it.runIf(c.version === 'A-main')(
    "the friendly text of the same reservoir compiles to the SDK's very bytes",
    () => {
      const compiled = compilePayload('A', FRIENDLY[c.name]!);
      expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expectMainBytes(c, compiled.payload);
    },
  );

  it("decompiles to the friendly form, which compiles back to the same bytes (0.2.1: kept, as its bytes are not main's)", () => {
    const payload = sdkReservoirTypeFix('A', requestOf(c).payload).value as ExecutePayload;
    const decompiled = decompilePayload('A', payload);
    if (c.version === 'A-0.2.1.post1') {
      // We write main's form; 0.2.1's schedule lacks _extrapolate: kept whole, with why.
      expect(decompiled.kept.map((k) => k.path)).toEqual([
        'quantum_reservoir_payload.quantum_reservoir',
      ]);
      expect(decompiled.kept[0]!.reason).toContain('_extrapolate');
      return;
    }
    expect(decompiled.kept).toEqual([]);
    expect(decompiled.text).toContain('!QuantumReservoir');
    expect(decompiled.text).not.toMatch(/\b_[a-z]+:/);
    const compiled = compilePayload('A', decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});

describe('reservoirs the SDK form cannot hold, and 0.2.1 fetched from the service', () => {
  it('a friendly reservoir of two layers is refused by compile, saying why', () => {
    const text = FRIENDLY.a_reservoir!.replace(
      '    inputs:',
      '      - !ReservoirLayer\n        output_encoding: !Circuit {nqubits: 2, gates: [!X {qubit: 1}]}\n    inputs:',
    );
    const compiled = compilePayload('A', text);
    expect(compiled.payload).toBeNull();
    expect(compiled.problems.map((p) => p.message).join('\n')).toContain(
      "the reservoir has 2 layers; qilisdk 0.2.x's QuantumReservoir repeats one ReservoirLayer per input",
    );
  });

  it('a 0.2.1 reservoir fetched from the service (type analog_evolution) decodes as the reservoir it is, and decompiles', () => {
    const raw = JSON.parse(requestOf({ version: 'A-0.2.1.post1', name: 'a_reservoir' }).body) as {
      payload: string;
    };
    const payload = decodePayloadField('A', raw.payload);
    expect(payload.type).toBe('quantum_reservoir');
    const decompiled = decompilePayload('A', payload);
    expect(decompiled.text).toContain('quantum_reservoir_payload:');
  });
});
