import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { readModel, requestOf, stringsOf, variantOf } from '../../../../support/sdk-digital-corpus';
import { expectCompilesToTheSdkBytes } from '../../../../support/sdk-corpus-compile';
import { VARIATIONAL_CASES } from '../../../../support/sdk-variational-corpus';

/*
 * Every variational case of the corpus this slice reads, against the SDK's own bytes: read into
 * the model cases.md describes (optimizer, cost function, store flag), compiled to the SDK's
 * graph and very strings, decompiled to a friendly form (the cost function kept in the SDK's
 * form: an island) that compiles back to the same bytes; a program with parameter constraints,
 * which the friendly form cannot hold, stays whole in the SDK's form and passes through exactly.
 */

describe.each(VARIATIONAL_CASES)('$version $name', (c) => {
  const variant = variantOf(c);

  it('reads from the SDK form into the model cases.md describes', () => {
    const { functional } = readModel(c);
    if (functional.kind !== 'variational') throw new Error(functional.kind);
    expect(functional.optimizer.method).toBe(c.method);
    expect(functional.optimizer.options.map(([k, n]) => `${k}=${n.value}`)).toEqual(c.options);
    expect(functional.optimizer.tol?.value ?? null).toBe(c.tol);
    expect(functional.storeIntermediateResults).toBe(c.store);
    const cf = functional.costFunction!;
    expect(cf.kind).toBe(c.cost.kind);
    if (cf.kind === 'observable' && c.cost.kind === 'observable') {
      const o = cf.observable;
      if (o.kind !== 'qtensor') throw new Error(o.kind);
      expect(Array.from({ length: o.size }, (_, i) => o.re[i * o.size + i])).toEqual(
        c.cost.diagonal,
      );
      expect(o.re.reduce((s, x, k) => s + (k % (o.size + 1) === 0 ? 0 : Math.abs(x)), 0)).toBe(0);
    }
    // The code stays opaque text inside the island: Variant B's only.
    expect(cf.island.text.includes('!lambda')).toBe(variant === 'B');
  });

  it("compiles the model to the SDK's own graph and its very bytes", () => {
    expectCompilesToTheSdkBytes(c);
  });

  it('decompiles to the friendly form, the cost function kept, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variant, payload);
    expect(decompiled.kept.map((k) => k.path)).toEqual(c.islands);
    if (c.atMost) {
      // Parameter constraints: the program stays in the SDK's form, saying why, and passes on as it is.
      expect(decompiled.kept[0]!.reason).toContain('parameter constraints');
      const compiled = compilePayload(variant, decompiled.text);
      expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
      return;
    }
    // Only the cost function keeps private keys.
    const [before, after] = decompiled.text.split(/\n {4}cost: /);
    expect(before).not.toMatch(/\b_[a-z]+:/);
    expect(after!.split(/\n {4}optimizer: /)[1]).not.toMatch(/\b_[a-z]+:/);
    expect(decompiled.text).toContain(
      `optimizer: !Optimizer\n      method: ${c.method === 'Nelder-Mead' ? '"Nelder-Mead"' : c.method}\n`,
    );
    const compiled = compilePayload(variant, decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});

const FRIENDLY = (variant: 'A' | 'B') => `type: variational_program
variational_program_payload:
  variational_program: !VariationalProgram
    functional: ${variant === 'A' ? '!DigitalPropagation' : '!Sampling'}
      circuit: !Circuit
        nqubits: 2
        gates:
          - !RY {qubit: 0, theta: !Parameter {name: theta0, value: 0.3}}
          - !RY {qubit: 1, theta: !Parameter {name: theta1, value: -0.4}}
          - !CNOT {control: 0, target: 1}
          - !RZ {qubit: 1, phi: 0.2}
          - !M {qubits: [0, 1]}${variant === 'B' ? '\n      nshots: 500' : ''}
    cost:
      observable: "Z0 Z1 + 0.5 Z0"
    optimizer: !Optimizer
      method: COBYLA
      max_iterations: 20
      options: {rhobeg: 0.5}
      tol: 0.0001
${variant === 'A' ? '  readout:\n    - !SamplingReadout {nshots: 500}\n' : ''}`;

describe('a variational program written in the friendly form', () => {
  it("compiles for Variant A to the SDK's bytes: the cost's Hamiltonian as QTensor(to_matrix())", () => {
    const compiled = compilePayload('A', FRIENDLY('A'));
    expect(compiled.problems).toEqual([]);
    // The same program the SDK built from Z(0)*Z(1) + 0.5*Z(0) in a_vp_digital_cobyla.
    expect(stringsOf(compiled.payload!)).toEqual(
      stringsOf(requestOf({ version: 'A-main', name: 'a_vp_digital_cobyla' }).payload),
    );
  });

  it('is refused for Variant B, saying why: 0.1.x cost functions carry Python code', () => {
    const compiled = compilePayload('B', FRIENDLY('B'));
    expect(compiled.payload).toBeNull();
    expect(compiled.problems.map((p) => p.message).join('\n')).toContain(
      'qilisdk 0.1.x cannot receive this cost: every 0.1.x cost function carries `_handlers`, pickled Python code',
    );
  });

  it("compiles for Variant B with the SDK's own cost function pasted under cost: (an island)", () => {
    const sdk = decompilePayload(
      'B',
      requestOf({ version: 'B-0.1.6', name: 'b_vp_sampling_cobyla' }).payload,
    ).text;
    const island = /\n {4}cost: (!!python[\s\S]*?)\n {4}optimizer:/.exec(sdk)![1]!;
    const text = FRIENDLY('B').replace(
      'cost:\n      observable: "Z0 Z1 + 0.5 Z0"',
      `cost: ${island}`,
    );
    const compiled = compilePayload('B', text);
    expect(compiled.problems).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(
      stringsOf(requestOf({ version: 'B-0.1.6', name: 'b_vp_sampling_cobyla' }).payload),
    );
  });

  it("refuses SPSA, which the SDK's SciPyOptimizer does not have", () => {
    const compiled = compilePayload('A', FRIENDLY('A').replace('method: COBYLA', 'method: SPSA'));
    expect(compiled.payload).toBeNull();
    expect(compiled.problems.map((p) => p.message).join('\n')).toContain('SPSA is the simulator');
  });
});
