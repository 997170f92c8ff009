import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circuit } from '../../../src/shared/dialect/circuit-model';
import { decodeJobId } from '../../../src/shared/wire';
import { chiSquare, exactProbabilities } from '../../support/exact-circuit';
import { DIGITAL_CASES, readModel, requestOf, variantOf } from '../../support/sdk-digital-corpus';
import type { DigitalCase } from '../../support/sdk-digital-corpus';
import { call, fullDetail, login, parseTaggedYaml, pollUntil, startTestSimulator } from './helpers';

/*
 * The simulator runs every digital request of the corpus, sent as the SDK's client sent it (the
 * exact POST /execute bytes), to physically right results: every sample set is held to the exact
 * distribution of the circuit (the SDK's own gate matrices on a textbook state vector) by a χ²
 * test, and the exact readouts to the values QiliSim gave in cases.md.
 */

type Parsed = Record<string, unknown>;

function circuitOf(c: DigitalCase): {
  circuit: Circuit;
  params: ReturnType<typeof readModel>['params'];
} {
  const { functional, params } = readModel(c);
  if (functional.kind !== 'sampling' && functional.kind !== 'digital')
    throw new Error('not a circuit');
  return { circuit: functional.circuit, params };
}

function expectSamplesFit(c: DigitalCase, samples: Record<string, number>, nshots: number) {
  const { circuit, params } = circuitOf(c);
  expect(Object.values(samples).reduce((s, n) => s + n, 0)).toBe(nshots);
  const fit = chiSquare(samples, exactProbabilities(circuit, params));
  expect(fit.forbidden).toEqual([]);
  expect(fit.statistic).toBeLessThan(fit.limit);
}

describe.each(['B', 'A'] as const)(
  "the simulator runs the corpus' digital requests, Variant %s",
  (variant) => {
    let t: Awaited<ReturnType<typeof startTestSimulator>>;
    let token: string;

    beforeAll(async () => {
      t = await startTestSimulator({ variant });
      token = (await login(t.sim)).accessToken;
    });
    afterAll(async () => {
      await t.cleanup();
      expect(t.problems).toEqual([]);
    });

    async function run(c: DigitalCase): Promise<Parsed> {
      const submitted = await call(t.sim, 'POST', '/execute', {
        token,
        rawBody: requestOf(c).body,
      });
      expect(submitted.status).toBe(200);
      const { id } = decodeJobId(variant, submitted.body);
      const end = await pollUntil(t.sim, token, id, undefined, 60_000);
      const detail = await fullDetail(t.sim, token, id);
      expect([end.status, detail.error ?? null]).toEqual(['completed', null]);
      const field = variant === 'B' ? 'sampling_result' : 'functional_result';
      return parseTaggedYaml(String((detail.result as Parsed)[field])) as Parsed;
    }

    const cases = DIGITAL_CASES.filter((c) => variantOf(c) === variant);
    it.each(cases)('$version $name', async (c) => {
      const result = await run(c);
      if (variant === 'B') {
        expect(result.$tag).toBe('!SamplingResult');
        expectSamplesFit(c, result.samples as Record<string, number>, c.nshots!);
        return;
      }
      expect(result.$tag).toBe('!FunctionalResult');
      const readouts = result.readout_results as Parsed[];
      expect(readouts.map((r) => r.$tag)).toEqual(
        c.readouts!.map((r) =>
          r.startsWith('sampling')
            ? '!SamplingReadoutResult'
            : r.startsWith('expectation')
              ? '!ExpectationReadoutResult'
              : '!StateTomographyReadoutResult',
        ),
      );
      for (const [i, spec] of c.readouts!.entries()) {
        const r = readouts[i]!;
        if (spec.startsWith('sampling'))
          expectSamplesFit(c, r.samples as Record<string, number>, Number(/\d+/.exec(spec)![0]));
      }
      // What QiliSim gave for these in cases.md.
      if (c.name === 'a_gates_rotations') {
        const values = readouts[0]!.expectation_values as number[];
        [0.877583, 0.421875, 0.011786].forEach((v, k) => expect(values[k]).toBeCloseTo(v, 6));
      }
      if (c.name === 'a_bell_all_readouts') {
        expect(readouts[1]!.expectation_values).toEqual([1, 1]);
        const state = readouts[2]!.state as Parsed[];
        expect(
          state
            .map((z) => [z.real, z.imag])
            .flat()
            .map((x) => Number(Number(x).toFixed(6))),
        ).toEqual([0.707107, 0, 0, 0, 0, 0, 0.707107, 0]);
      }
    });
  },
);

describe("the SDK's own draws from b_gates_rotations (b_result_sampling_rotations in cases.md)", () => {
  it('fit our exact distribution of that circuit', () => {
    const c = DIGITAL_CASES.find((x) => x.name === 'b_gates_rotations')!;
    const { circuit, params } = circuitOf(c);
    const counts = {
      '000': 1317,
      '001': 507,
      '010': 47,
      '011': 11,
      '100': 81,
      '101': 33,
      '110': 3,
      '111': 1,
    };
    const fit = chiSquare(counts, exactProbabilities(circuit, params));
    expect(fit.forbidden).toEqual([]);
    expect(fit.statistic).toBeLessThan(fit.limit);
  });
});

describe('a simulator started with sdkOnly', () => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;
  beforeAll(async () => {
    t = await startTestSimulator({ variant: 'B', sdkOnly: true });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => {
    await t.cleanup();
    expect(t.problems).toEqual([]);
  });

  async function submit(body: string) {
    const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody: body });
    expect(submitted.status).toBe(200);
    const { id } = decodeJobId('B', submitted.body);
    await pollUntil(t.sim, token, id);
    return fullDetail(t.sim, token, id);
  }

  it('ends a job in the friendly dialect in error, saying how to convert it', async () => {
    const friendly = JSON.stringify({
      device_code: 'sim.statevector',
      payload: JSON.stringify({
        type: 'sampling',
        sampling_payload: {
          sampling:
            '!Sampling\nnshots: 10\ncircuit: !Circuit\n  nqubits: 1\n  gates: [!H {qubit: 0}]\n',
        },
      }),
      job_type: 'digital',
      meta: {},
    });
    const detail = await submit(friendly);
    expect(detail.status).toBe('error');
    expect(detail.error).toBe(
      "circuit at sampling_payload.sampling.circuit: this is the app's friendly dialect; the service reads the SDK's form",
    );
    expect(detail.error_logs).toContain('qjob convert --to sdk');
  });

  it("runs the SDK's own request", async () => {
    const detail = await submit(requestOf(DIGITAL_CASES.find((c) => c.name === 'b_bell')!).body);
    expect(detail.status).toBe('completed');
  });
});
