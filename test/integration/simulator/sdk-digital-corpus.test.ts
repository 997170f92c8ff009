import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circuit } from '../../../src/shared/dialect/circuit-model';
import { decodeJobId } from '../../../src/shared/wire';
import { chiSquare, exactProbabilities } from '../../support/exact-circuit';
import { DIGITAL_CASES, readModel, requestOf, variantOf } from '../../support/sdk-digital-corpus';
import type { DigitalCase } from '../../support/sdk-digital-corpus';
import { call, fullDetail, login, pollUntil, samplesOf, startTestSimulator } from './helpers';
import type { SdkNode } from '../../../src/shared/sdk/node';
import { readSdkYaml } from '../../../src/shared/sdk/yaml';
import { field } from '../../support/sdk-values';

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

function numbers(node: SdkNode): number[] {
  if (node.kind !== 'seq') throw new Error('expected a list of numbers');
  return node.items.map((n) => (n.kind === 'float' || n.kind === 'int' ? Number(n.value) : NaN));
}

/** A `!csr_matrix` column (shape n×1) as dense (real, imag) pairs. */
function denseKet(csr: SdkNode): number[] {
  const data = field(csr, 'data');
  const indptr = numbers(field(csr, 'indptr'));
  const out = new Array<number>(2 * (indptr.length - 1)).fill(0);
  if (data.kind !== 'seq') throw new Error('csr data is not a list');
  for (let row = 0; row + 1 < indptr.length; row++)
    for (let k = indptr[row]!; k < indptr[row + 1]!; k++) {
      const z = data.items[k]!;
      out[2 * row] = Number((field(z, 'real') as { value: number }).value);
      out[2 * row + 1] = Number((field(z, 'imag') as { value: number }).value);
    }
  return out;
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
      return detail.result as Parsed;
    }

    const cases = DIGITAL_CASES.filter((c) => variantOf(c) === variant);
    it.each(cases)('$version $name', async (c) => {
      const result = await run(c);
      if (variant === 'B') {
        expectSamplesFit(c, samplesOf('B', result), c.nshots!);
        return;
      }
      const read = readSdkYaml(String(result.functional_result));
      expect(read.problems).toEqual([]);
      const root = read.node!;
      expect(root.tag).toBe('!FunctionalResult');
      const composite = field(root, '_readout_results');
      expect(composite.tag).toBe('!ReadoutCompositeResults');
      const byTag = new Map(
        composite.kind === 'map'
          ? composite.entries
              .filter(([, v]) => v.kind !== 'null')
              .map(([, v]) => [v.tag, v] as const)
          : [],
      );
      expect([...byTag.keys()].sort()).toEqual(
        [
          ...new Set(
            c.readouts!.map((r) =>
              r.startsWith('sampling')
                ? '!SamplingReadoutResult'
                : r.startsWith('expectation')
                  ? '!ExpectationReadoutResult'
                  : '!StateTomographyReadoutResult',
            ),
          ),
        ].sort(),
      );
      const sampling = c.readouts!.find((r) => r.startsWith('sampling'));
      if (sampling) expectSamplesFit(c, samplesOf('A', result), Number(/\d+/.exec(sampling)![0]));
      // What QiliSim gave for these in cases.md.
      const expectation = byTag.get('!ExpectationReadoutResult');
      if (c.name === 'a_gates_rotations') {
        const values = numbers(field(expectation!, '_expectation_values'));
        [0.877583, 0.421875, 0.011786].forEach((v, k) => expect(values[k]).toBeCloseTo(v, 6));
      }
      if (c.name === 'a_bell_all_readouts') {
        expect(
          numbers(field(expectation!, '_expectation_values')).map((x) => x.toFixed(9)),
        ).toEqual(['1.000000000', '1.000000000']);
        const state = field(byTag.get('!StateTomographyReadoutResult')!, '_state');
        expect(denseKet(field(state, 'data')).map((x) => Number(x.toFixed(6)))).toEqual([
          0.707107, 0, 0, 0, 0, 0, 0.707107, 0,
        ]);
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
