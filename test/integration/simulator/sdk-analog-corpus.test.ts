import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvolutionFunctional } from '../../../src/shared/dialect/functionals';
import { compilePayload } from '../../../src/shared/sdk/compile/compile-payload';
import { buildExecuteEnvelope, decodeJobId } from '../../../src/shared/wire';
import { referenceExpectations } from '../../support/exact-evolution';
import { ANALOG_CASES } from '../../support/sdk-analog-corpus';
import type { AnalogCase } from '../../support/sdk-analog-corpus';
import {
  readModel,
  readPayloadModel,
  requestOf,
  variantOf,
} from '../../support/sdk-digital-corpus';
import { call, fullDetail, login, parseTaggedYaml, pollUntil, startTestSimulator } from './helpers';

/*
 * The simulator, reading only the SDK's form (sdkOnly), runs every analog request of the corpus,
 * sent as the SDK's client sent it (the exact POST /execute bytes), to physically right results:
 * each expectation value is held to a dense textbook evolution of the same schedule
 * (test/support/exact-evolution.ts), and where cases.md has the SDK's own numbers, to those. Our
 * templates of these types, compiled to the SDK's form, run the same way.
 */

const TEMPLATES = join(import.meta.dirname, '../../../resources/templates');

type Parsed = Record<string, unknown>;

/** What cases.md says the SDK's exact integration gave (b_result_time_evolution_*). */
const SDK_VALUES: Readonly<Record<string, readonly number[]>> = {
  b_te_linear_one_qubit: [-0.223039, 0.899644],
  b_te_linear_two_qubit: [0.710224, -0.374034, -0.631499, -0.066582],
};

const evolutionOf = (c: AnalogCase) => readModel(c).functional as EvolutionFunctional;

describe.each(['B'] as const)(
  "the simulator runs the corpus' analog requests, Variant %s",
  (variant) => {
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

    async function run(rawBody: string): Promise<{ detail: Parsed; result: Parsed | null }> {
      const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody });
      expect(submitted.status).toBe(200);
      const { id } = decodeJobId(variant, submitted.body);
      await pollUntil(t.sim, token, id, undefined, 60_000);
      const detail = (await fullDetail(t.sim, token, id)) as Parsed;
      const text = (detail.result as Parsed | null)?.time_evolution_result;
      return { detail, result: text ? (parseTaggedYaml(String(text)) as Parsed) : null };
    }

    const cases = ANALOG_CASES.filter(
      (c) => variantOf(c) === variant && c.name !== 'b_te_complex_coefficients',
    );
    it.each(cases)('$version $name', async (c) => {
      const { detail, result } = await run(requestOf(c).body);
      expect([detail.status, detail.error ?? null]).toEqual(['completed', null]);
      expect(result!.$tag).toBe('!TimeEvolutionResult');
      const f = evolutionOf(c);
      const values = result!.final_expected_values as number[];
      const reference = referenceExpectations(f);
      expect(values).toHaveLength(reference.length);
      values.forEach((v, k) => expect(v).toBeCloseTo(reference[k]!, 5));
      SDK_VALUES[c.name]?.forEach((v, k) => expect(values[k]).toBeCloseTo(v, 5));
      if (f.storeIntermediate) {
        const rows = result!.expected_values as number[][];
        expect(rows.map((r) => r[0])).toEqual(f.schedule.grid);
        expect(rows.at(-1)!.slice(1)).toEqual(values);
      }
    });

    it("b_te_complex_coefficients: a non-Hermitian Hamiltonian (the SDK's serialization-only case) ends in error, saying why", async () => {
      const c = ANALOG_CASES.find((x) => x.name === 'b_te_complex_coefficients')!;
      const { detail } = await run(requestOf(c).body);
      expect(detail.status).toBe('error');
      expect(String(detail.error)).toContain(
        'hamiltonian "h" is not Hermitian: its term Z0 Z1 Z2 has the complex coefficient (0.5+0.25j)',
      );
    });

    it('our template time-evolution.yaml, compiled to the SDK form, runs to the reference values', async () => {
      const text = readFileSync(join(TEMPLATES, 'b', 'time-evolution.yaml'), 'utf8');
      const compiled = compilePayload(variant, text);
      expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const payload = compiled.payload!;
      const body = JSON.stringify(
        buildExecuteEnvelope({ variant, payload, deviceCode: 'sim.statevector', name: 'template' }),
      );
      const { detail, result } = await run(body);
      expect([detail.status, detail.error ?? null]).toEqual(['completed', null]);
      const f = readPayloadModel(variant, payload).functional as EvolutionFunctional;
      const values = result!.final_expected_values as number[];
      referenceExpectations(f).forEach((v, k) => expect(values[k]).toBeCloseTo(v, 5));
      // The anneal visibly moves ⟨Z0⟩ away from its start at |−−⟩ (0).
      expect(Math.abs(values[0]!)).toBeGreaterThan(0.1);
    });
  },
);
