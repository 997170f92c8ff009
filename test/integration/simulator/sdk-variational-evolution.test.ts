import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJobId } from '../../../src/shared/wire';
import { requestOf } from '../../support/sdk-digital-corpus';
import { optimumOf } from '../../support/sdk-variational-corpus';
import { call, fullDetail, login, pollUntil, startTestSimulator } from './helpers';

/*
 * The variational programs over an evolution that qilisdk's own client sent (the corpus'
 * exact POST /execute bodies), run by the simulator reading the SDK's form only, with SciPy's
 * L-BFGS-B as they ask. The cost is ⟨Z0⟩ after evolving |0⟩ under hx(t)·X0 + hz(t)·Z0 for
 * t ∈ [0, 2], hx falling linearly from hx_start to 0 and hz rising from 0 to hz_end: ⟨Z0⟩ = −1
 * is reachable (cases.md: the SDK's own run ends at cost −1, hx_start ≈ π/2, hz_end ≈ 0), and
 * the starting point (1, 1) is far from it.
 */

type Parsed = Record<string, unknown>;

describe.each([
  ['B', 'B-0.1.6', 'b_vp_time_evolution_lbfgsb'],
  ['A', 'A-main', 'a_vp_analog_lbfgsb'],
] as const)('Variant %s: %s %s', (variant, version, name) => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestSimulator({ variant, sdkOnly: true });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => {
    await t.cleanup();
    expect(t.problems).toEqual([]);
  });

  it('runs L-BFGS-B over the schedule’s parameters to the reachable optimum', async () => {
    const rawBody = requestOf({ version, name }).body;
    const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody });
    expect(submitted.status).toBe(200);
    const { id } = decodeJobId(variant, submitted.body);
    await pollUntil(t.sim, token, id, undefined, 120_000);
    const detail = await fullDetail(t.sim, token, id);
    expect(detail.error ?? null).toBeNull();
    const text = String((detail.result as Parsed).variational_program_result);
    const optimum = optimumOf(text);
    expect(optimum.tag).toBe('!VariationalProgramResult');
    expect(optimum.cost).toBeGreaterThanOrEqual(-1 - 1e-9);
    expect(optimum.cost).toBeLessThan(-0.99);
    expect(optimum.parameters).toHaveLength(2);
    // Quasi-Newton steps: SciPy's own run took 7 iterations; within maxiter = 15 here too.
    expect(String(detail.logs)).toMatch(/iteration \d+\/15, cost -1\.000/);
  });
});
