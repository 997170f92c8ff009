import { describe, expect, it } from 'vitest';
import { runJob, validateJob } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';
import { expectOk, parseResult } from './support/results';
import type { Parsed } from './support/results';

/*
 * Where a Variant A variational program's cost is read from, as qilisdk 0.2.x's cost functions
 * read it (ObservableCostFunction.compute_cost): the final state when a state tomography readout
 * gives one, else the samples, whatever the order of the readouts; an expectation readout alone
 * is the SDK's ValueError, so the dialect refuses it before anything runs. The simulator used to
 * read the cost "the way the first readout reads the state": an expectation readout first gave
 * an exact cost the real service never computes, a sampling readout before a tomography one a
 * noisy cost where the service's is exact.
 */

/** ⟨Z⟩ of RY(θ)|0⟩ = cos θ, minimum −1 at θ = π; `readouts` as YAML list items. */
const ry = (readouts: string[], observable = 'Z0') =>
  makeJob({
    variant: 'A',
    executeType: 'variational_program',
    functionalYaml:
      '!VariationalProgram\nfunctional: !DigitalPropagation\n  circuit: !Circuit\n    nqubits: 1\n    gates:\n      - !RY {qubit: 0, theta: !Parameter {name: theta, value: 0.3}}\n' +
      `cost: {observable: "${observable}"}\noptimizer: !Optimizer {method: Nelder-Mead, max_iterations: 200}\n`,
    readoutYaml: readouts.map((r) => `- ${r}\n`).join(''),
  });

const SAMPLES = '!SamplingReadout {nshots: 200}';
const STATE = '!StateTomographyReadout {method: exact}';
const EXPECTATION = '!ExpectationReadout {observables: ["Z0"], nshots: 0}';

const optimalCost = (yaml: string) =>
  (parseResult(yaml).optimizer_result as Parsed).optimal_cost as number;

describe('the cost of a Variant A variational program', () => {
  it('is read exactly from the state when a tomography readout gives one, even after a sampling one', async () => {
    // cos θ + sin θ: its minimum −√2 lies between basis states, where samples cannot reach it.
    const out = expectOk(await runJob(ry([SAMPLES, STATE], 'Z0 + X0')));
    expect(optimalCost(out.yaml)).toBeCloseTo(-Math.SQRT2, 6);
  });

  it('is a mean over samples when there is no tomography readout, even after an expectation one', async () => {
    const out = expectOk(await runJob(ry([EXPECTATION, SAMPLES])));
    const opt = parseResult(out.yaml).optimizer_result as Parsed;
    const costs = (opt.intermediate_results as Array<{ cost: number }>).map((e) => e.cost);
    expect(costs.length).toBeGreaterThan(3);
    // (n0 − n1)/200 for 200 shots: every cost is a multiple of 0.01; exact ones (cos θ) are not.
    for (const c of costs) expect(Math.abs(c * 100 - Math.round(c * 100))).toBeLessThan(1e-9);
    expect(optimalCost(out.yaml)).toBeLessThan(-0.9);
  });

  it('cannot be read from an expectation readout alone: refused with what to add', () => {
    const verdict = validateJob(ry([EXPECTATION]));
    expect(verdict).toMatchObject({ ok: false });
    const error = (verdict as { error: string }).error;
    expect(error).toContain(
      "a variational program's cost is read from the final state (a !StateTomographyReadout) or from samples (a !SamplingReadout), and these readouts give neither",
    );
  });

  it('may hold X factors when read from the state, not when read from samples', () => {
    expect(validateJob(ry([SAMPLES, STATE], 'X0'))).toBeNull();
    const fromSamples = validateJob(ry([SAMPLES], 'X0')) as { error?: string };
    expect(fromSamples.error).toContain(
      'has X or Y factors, but the !SamplingReadout (no state tomography) yields computational-basis samples',
    );
  });
});
