import { describe, expect, it } from 'vitest';
import { cobyla } from '../../../../src/simulator/engine/optim/cobyla';
import { lbfgs } from '../../../../src/simulator/engine/optim/lbfgs';
import { nelderMead } from '../../../../src/simulator/engine/optim/nelder-mead';
import type { Objective } from '../../../../src/simulator/engine/optim/optimizer-types';
import { spsa } from '../../../../src/simulator/engine/optim/spsa';
import { Rng } from '../../../../src/simulator/engine/physics/random';

const quadratic: Objective = async ([x = 0, y = 0]) =>
  (x - 1.5) ** 2 + 3 * (y + 0.5) ** 2 + 0.5 * (x - 1.5) * (y + 0.5) - 2;
const rosenbrock: Objective = async ([x = 0, y = 0]) => (1 - x) ** 2 + 100 * (y - x * x) ** 2;

describe('optimisers on analytic functions', () => {
  it('Nelder–Mead finds the minimum of a tilted quadratic and of Rosenbrock', async () => {
    const q = await nelderMead(quadratic, [0, 0], { maxIterations: 400 });
    expect(q.cost).toBeCloseTo(-2, 8);
    expect(q.x[0]).toBeCloseTo(1.5, 4);
    expect(q.x[1]).toBeCloseTo(-0.5, 4);
    expect(q.stop).toBe('converged');
    const r = await nelderMead(rosenbrock, [-1.2, 1], { maxIterations: 1000 });
    expect(r.x[0]).toBeCloseTo(1, 3);
    expect(r.x[1]).toBeCloseTo(1, 3);
  });

  it('COBYLA finds the minimum of a tilted quadratic and of Rosenbrock', async () => {
    const q = await cobyla(quadratic, [0, 0], { maxIterations: 500 });
    expect(q.cost).toBeCloseTo(-2, 8);
    expect(q.x[0]).toBeCloseTo(1.5, 4);
    expect(q.stop).toBe('converged');
    // Powell's COBYLA never enlarges ρ, so it crawls along Rosenbrock's curved valley (about
    // 16k evaluations from the classic start); it must still get there and stop on ρ_end.
    const r = await cobyla(rosenbrock, [-1.2, 1], { maxIterations: 40000 });
    expect(r.stop).toBe('converged');
    expect(r.x[0]).toBeCloseTo(1, 2);
    expect(r.x[1]).toBeCloseTo(1, 2);
  });

  it('COBYLA works in higher dimension (a 6-D ellipsoid) and respects its evaluation budget', async () => {
    const f: Objective = async (x) => x.reduce((s, v, i) => s + (i + 1) * (v - i / 3) ** 2, 0);
    const r = await cobyla(f, [0, 0, 0, 0, 0, 0], { maxIterations: 3000 });
    r.x.forEach((v, i) => expect(v).toBeCloseTo(i / 3, 3));
    const capped = await cobyla(f, [0, 0, 0, 0, 0, 0], { maxIterations: 20 });
    expect(capped.evaluations).toBeLessThanOrEqual(20);
    expect(capped.trace).toHaveLength(capped.evaluations);
  });

  it('L-BFGS finds the minimum of a tilted quadratic and of Rosenbrock, stopping on its own', async () => {
    const q = await lbfgs(quadratic, [0, 0], { maxIterations: 100 });
    expect(q.cost).toBeCloseTo(-2, 8);
    expect(q.x[0]).toBeCloseTo(1.5, 4);
    expect(q.x[1]).toBeCloseTo(-0.5, 4);
    expect(q.stop).toMatch(/^converged/);
    // A quadratic in two variables takes a handful of quasi-Newton steps, not hundreds.
    expect(q.trace.length).toBeLessThan(15);
    const r = await lbfgs(rosenbrock, [-1.2, 1], { maxIterations: 200 });
    expect(r.x[0]).toBeCloseTo(1, 3);
    expect(r.x[1]).toBeCloseTo(1, 3);
    expect(r.stop).toMatch(/^converged/);
  });

  it('L-BFGS stops at maxiter and counts the gradient’s evaluations (one per parameter)', async () => {
    const f: Objective = async (x) => x.reduce((s, v, i) => s + (i + 1) * (v - i / 3) ** 2, 0);
    const r = await lbfgs(f, [0, 0, 0, 0, 0, 0], { maxIterations: 2 });
    expect(r.stop).toBe('max_iterations');
    expect(r.trace).toHaveLength(2);
    // f(x0) and its gradient (7), then per iteration at least one step and a gradient (7).
    expect(r.evaluations).toBeGreaterThanOrEqual(21);
    const full = await lbfgs(f, [0, 0, 0, 0, 0, 0], { maxIterations: 100 });
    full.x.forEach((v, i) => expect(v).toBeCloseTo(i / 3, 4));
  });

  it('SPSA gets close under noise and is reproducible for a seed', async () => {
    const noise = new Rng(1);
    const noisy: Objective = async (x) => (await quadratic(x)) + 0.01 * noise.normal();
    const a = await spsa(noisy, [0, 0], new Rng(9), { maxIterations: 300 });
    expect(a.cost).toBeLessThan(-1.95);
    const deterministic = async (seed: number): Promise<number[]> =>
      (await spsa(quadratic, [0, 0], new Rng(seed), { maxIterations: 50 })).x;
    expect(await deterministic(4)).toEqual(await deterministic(4));
  });

  it('traces record the best point after each iteration (monotone cost)', async () => {
    const r = await nelderMead(quadratic, [3, 3], { maxIterations: 40 });
    for (let i = 1; i < r.trace.length; i++)
      expect(r.trace[i]!.cost).toBeLessThanOrEqual(r.trace[i - 1]!.cost);
  });
});
