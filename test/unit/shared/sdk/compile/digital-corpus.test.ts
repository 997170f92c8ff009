import { describe, expect, it } from 'vitest';
import type { Circuit, Gate } from '../../../../../src/shared/dialect/circuit-model';
import type { Num, ParamTable } from '../../../../../src/shared/dialect/numbers';
import type { Readout } from '../../../../../src/shared/dialect/readouts';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { observableText } from '../../../../../src/shared/sdk/friendly-print/observables';
import { readSdkYaml, sameSdkTree } from '../../../../../src/shared/sdk/yaml';
import {
  DIGITAL_CASES,
  documentOf,
  readModel,
  requestOf,
  stringsOf,
  variantOf,
} from '../../../../support/sdk-digital-corpus';

/*
 * Every corpus case of the digital slice, against the SDK's own bytes: its SDK form reads into
 * the model cases.md describes; the model compiles to the SDK's graph and to its very string;
 * decompiled, its friendly form compiles back to the same bytes, with exactly the expected
 * parts kept in the SDK's form.
 */

function numText(num: Num, params: ParamTable): string {
  if (num.kind === 'const') return String(num.value);
  const d = params.get(num.name)!;
  const bounds = d.bounds ? `[${d.bounds[0].value},${d.bounds[1].value}]` : '';
  return `${num.name}=${d.value.value}${bounds}`;
}

function gateSignature(g: Gate, params: ParamTable): string {
  const controls = g.controls ? `C[${g.controls.join(',')}]` : '';
  const modifier =
    g.modifier === 'adjoint' ? 'Adjoint ' : g.modifier === 'exponential' ? 'Exponential ' : '';
  const args = [...g.qubits.map(String), ...g.angles.map((a) => numText(a, params))];
  return `${modifier}${controls}${g.name}(${args.join(',')})`;
}

function circuitSignature(c: Circuit, params: ParamTable): string {
  const from = c.ansatz?.generated ?? 0;
  const out: string[] = [];
  for (let i = from; i <= c.gates.length; i++) {
    for (const m of c.measurements ?? []) if (m.at === i) out.push(`M(${m.qubits.join(',')})`);
    if (i < c.gates.length) out.push(gateSignature(c.gates[i]!, params));
  }
  return out.join(' ');
}

function readoutSignature(r: Readout): string {
  switch (r.kind) {
    case 'sampling':
      return `sampling(${r.nshots}${r.expandSamples ? '' : ',expand=false'})`;
    case 'expectation':
      return `expectation([${r.observables.map((o) => observableText(o)).join(',')}],${r.nshots})`;
    case 'tomography':
      return 'tomography';
  }
}

describe.each(DIGITAL_CASES)('$version $name', (c) => {
  const variant = variantOf(c);

  it('reads from the SDK form into the model cases.md describes', () => {
    const { functional, readouts, params } = readModel(c);
    const circuit =
      functional.kind === 'sampling' || functional.kind === 'digital' ? functional.circuit : null;
    expect(circuit).not.toBeNull();
    expect(circuitSignature(circuit!, params)).toBe(c.circuit);
    if (c.nshots !== undefined)
      expect(functional.kind === 'sampling' && functional.nshots).toBe(c.nshots);
    if (c.readouts) expect((readouts ?? []).map(readoutSignature)).toEqual(c.readouts);
    if (c.ansatz) {
      const a = circuit!.ansatz!;
      const connectivity = Array.isArray(a.connectivity)
        ? JSON.stringify(a.connectivity)
        : a.connectivity;
      expect(
        `HardwareEfficientAnsatz(nqubits=${circuit!.nqubits},layers=${a.layers},connectivity=${
          connectivity === '[[0,1],[1,2],[2,0]]' ? 'circular' : connectivity
        },structure=${a.structure},${a.oneQubitGate},${a.twoQubitGate})`,
      ).toBe(c.ansatz);
      // interposed: per layer and qubit, one U3 then every entangler (3 edges): 2·3·(1 + 3).
      expect(a.generated).toBe(24);
    }
    expect(!!circuit!.island).toBe(c.islands.length > 0);
  });

  it("compiles the model to the SDK's own graph and its very bytes", () => {
    const { payload } = requestOf(c);
    const compiled = compilePayload(variant, documentOf(c));
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const want = stringsOf(payload);
    const got = stringsOf(compiled.payload!);
    for (const field of Object.keys(want)) {
      expect(
        sameSdkTree(readSdkYaml(got[field]!).node!, readSdkYaml(want[field]!).node!),
      ).toBeNull();
      expect(got[field]).toBe(want[field]);
    }
  });

  it('decompiles to the friendly form, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variant, payload);
    expect(decompiled.kept.map((k) => k.path)).toEqual(c.islands);
    // The friendly form: no private SDK key outside the islands.
    if (c.islands.length === 0) expect(decompiled.text).not.toMatch(/\b_[a-z]+:/);
    const compiled = compilePayload(variant, decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});

describe('islands', () => {
  it("keep the SDK's QAOA circuit as it was, inline in the friendly form, and pass it through", () => {
    const c = DIGITAL_CASES.find((x) => x.name === 'a_qaoa_ansatz')!;
    const { payload } = requestOf(c);
    const decompiled = decompilePayload('A', payload);
    expect(decompiled.kept).toEqual([
      {
        path: 'digital_propagation_payload.digital_propagation.circuit',
        reason:
          "the SDK's QAOA class, which the friendly form has no construct for; angles given as Terms of Parameters (_parameter_transforms)",
      },
    ]);
    // The functional object and its readout are friendly; only the circuit is the SDK's text.
    expect(decompiled.text).toContain(
      'digital_propagation: !DigitalPropagation\n    circuit: !QAOA\n',
    );
    expect(decompiled.text).toContain(
      '- !ExpectationReadout {observables: ["Z0 Z1 + Z1 Z2 - 0.5 Z0"], nshots: 0}',
    );
    expect(decompiled.text).toContain('_hash_cache: -7088666521304530699');
  });
});
