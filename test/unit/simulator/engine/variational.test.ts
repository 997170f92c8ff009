import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import type { EngineProgress } from '../../../../src/simulator/engine';
import { SIMULATOR, makeJob } from './support/devices';
import { jobFromFixture } from './support/fixtures';
import { expectOk, parseResult } from './support/results';
import type { Parsed } from './support/results';

/** ⟨Z⟩ of RY(θ)|0⟩ = cos θ: minimum −1 at θ = π. */
function ryProgram(method: string, variant: 'A' | 'B'): ReturnType<typeof makeJob> {
  const circuit =
    '  circuit: !Circuit\n    nqubits: 1\n    gates:\n      - !RY {qubit: 0, theta: !Parameter {name: theta, value: 0.3}}\n';
  const functional =
    variant === 'A'
      ? `functional: !DigitalPropagation\n${circuit}`
      : 'functional: !TimeEvolution\n  schedule: !Schedule {T: 1, dt: 1, hamiltonians: {h: "Y0"}, coefficients: {h: [[0, !Parameter {name: theta, value: 0.3}], [1, !Parameter {name: theta, value: 0.3}]]}}\n  observables: ["Z0"]\n  initial_state: "0"\n';
  return makeJob({
    variant,
    executeType: 'variational_program',
    functionalYaml: `!VariationalProgram\n${functional}cost: {observable: "Z0"}\noptimizer: !Optimizer {method: ${method}, max_iterations: 200}\n`,
    readoutYaml:
      variant === 'A'
        ? '- !ExpectationReadout {observables: ["Z0"], nshots: 0}\n- !StateTomographyReadout {method: exact}\n'
        : undefined,
  });
}

function optimum(r: Parsed): {
  cost: number;
  /** In the order of the program's trainable parameters (the SDK keeps no names). */
  params: number[];
  trace: Array<{ cost: number }>;
} {
  const opt = r.optimizer_result as Parsed;
  expect(opt.$tag).toBe('!OptimizerResult');
  return {
    cost: opt.optimal_cost as number,
    params: opt.optimal_parameters as number[],
    trace: opt.intermediate_results as Array<{ cost: number }>,
  };
}

describe('variational programs reach known minima', () => {
  it.each(['Nelder-Mead', 'COBYLA'])(
    '%s: ⟨Z⟩ of RY(θ)|0⟩ → −1 at θ = π (Variant A, exact readout)',
    async (method) => {
      const out = expectOk(await runJob(ryProgram(method, 'A')));
      expect(out.resultField).toBe('variational_program_result');
      const r = parseResult(out.yaml);
      expect(r.$tag).toBe('!VariationalProgramResult');
      const o = optimum(r);
      expect(o.cost).toBeCloseTo(-1, 8);
      const theta = o.params[0]!;
      expect(Math.abs(Math.cos(theta) + 1)).toBeLessThan(1e-8);
      expect(o.trace.length).toBeGreaterThan(3);
      const inner = r.result as Parsed;
      expect(inner.$tag).toBe('!FunctionalResult');
      const composite = inner.readout_results as Record<string, Parsed>;
      const values = (composite.expectation_values!.expectation_values as number[])[0]!;
      expect(values).toBeCloseTo(-1, 8);
    },
  );

  it.each(['Nelder-Mead', 'COBYLA'])(
    '%s: the same through a !TimeEvolution (Variant B, parameter in a schedule)',
    async (method) => {
      // exp(−i θ Y) rotates by 2θ: ⟨Z⟩ = cos 2θ, minimum at θ = π/2.
      const r = parseResult(expectOk(await runJob(ryProgram(method, 'B'))).yaml);
      const o = optimum(r);
      expect(o.cost).toBeCloseTo(-1, 7);
      expect((r.result as Parsed).$tag).toBe('!TimeEvolutionResult');
    },
  );

  it('QAOA on a triangle from samples (COBYLA, Variant B fixture) approaches the MaxCut value −1', async () => {
    const progress: EngineProgress[] = [];
    const out = expectOk(
      await runJob(jobFromFixture('b-variational-qaoa.yaml', SIMULATOR), (p) => progress.push(p)),
    );
    const r = parseResult(out.yaml);
    const o = optimum(r);
    // One QAOA layer on a triangle reaches ⟨C⟩ ≈ −1 (the cut value); shot noise of 2000 shots ~0.03.
    expect(o.cost).toBeLessThan(-0.9);
    const inner = r.result as Parsed;
    expect(inner.$tag).toBe('!SamplingResult');
    expect(progress.some((p) => /^iteration \d+\/60, cost /.test(p.message))).toBe(true);
    expect(progress.every((p, i) => i === 0 || p.fraction >= progress[i - 1]!.fraction)).toBe(true);
  });

  it('SPSA on samples gets near the minimum', async () => {
    const yaml =
      '!VariationalProgram\nfunctional: !Sampling\n  nshots: 1000\n  circuit: !Circuit\n    nqubits: 1\n    gates:\n      - !RY {qubit: 0, theta: !Parameter {name: t, value: 0.5}}\ncost: {observable: "Z0"}\noptimizer: !Optimizer {method: SPSA, max_iterations: 80}\n';
    const r = parseResult(
      expectOk(await runJob(makeJob({ executeType: 'variational_program', functionalYaml: yaml })))
        .yaml,
    );
    expect(optimum(r).cost).toBeLessThan(-0.95);
  });

  it('Variant A QAOA fixture (Nelder–Mead, exact expectation) reaches −1', async () => {
    const r = parseResult(
      expectOk(await runJob(jobFromFixture('a-variational-qaoa.yaml', SIMULATOR))).yaml,
    );
    expect(optimum(r).cost).toBeCloseTo(-1, 4);
  });
});
