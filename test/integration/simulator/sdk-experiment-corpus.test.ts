import { readFileSync } from 'node:fs';
import { parseResultTree } from '../../../src/shared/results/parse-result';
import { readExperimentData } from '../../../src/shared/results/experiment-data';
import type { ExperimentData } from '../../../src/shared/results/experiment-data';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitRabi, fitT1, projectS21 } from '../../../src/shared/analysis';
import { compilePayload } from '../../../src/shared/sdk/compile/compile-payload';
import { decodeJobId } from '../../../src/shared/wire';
import { CATALOGUE } from '../../../src/simulator/devices/catalogue';
import { requestOf, variantOf } from '../../support/sdk-digital-corpus';
import { EXPERIMENT_CASES, linspace } from '../../support/sdk-experiment-corpus';
import { call, envelope, fullDetail, login, pollUntil, startTestSimulator } from './helpers';

/*
 * The simulator, reading the SDK's form only, runs every experiment request of the corpus as the
 * SDK's client sent it (the exact POST /execute bytes), and our templates compiled to the SDK's
 * form: the Rabi fit finds the device qubit's π pulse, the T1 fit its T1.
 */

type Parsed = Record<string, unknown>;

/** An experiment result as the viewers read it (the SDK's shape: data N×2 of I and Q, dims). */
interface ReadResult {
  tag: string | undefined;
  data: ExperimentData;
}
const VEGA = CATALOGUE.find((d) => d.code === 'qpu.analog.vega')!;
const TEMPLATES = join(import.meta.dirname, '../../../resources/templates');

function iqOf(r: ReadResult): Array<{ re: number; im: number }> {
  return Array.from(r.data.s21.re, (re: number, i: number) => ({ re, im: r.data.s21.im[i]! }));
}

function signalOf(r: ReadResult): { sweep: number[]; signal: number[] } {
  return { sweep: Array.from(r.data.x), signal: projectS21(iqOf(r)) };
}

/**
 * Physically right: the Rabi fit finds the device qubit's π pulse within 3 %; a T1 sweep (the
 * corpus' waits cover only 0.4 T1 of qubit 1, too little for a fit) follows e^(−t/T1): each point,
 * projected between the qubit's ground and excited IQ points, lies within 0.1 of it (the averaged
 * noise is about 0.02).
 */
function expectPhysical(kind: 'rabi' | 't1', qubit: number, r: ReadResult) {
  const q = VEGA.physical.qubits[qubit]!;
  const { sweep, signal } = signalOf(r);
  if (kind === 'rabi') {
    const piPulse = 500 / q.rabiRateMHz;
    expect(Math.abs(fitRabi(sweep, signal).piPulseNs - piPulse) / piPulse).toBeLessThan(0.03);
    return;
  }
  const population = projectS21(iqOf(r), { ground: q.ground, excited: q.excited });
  const t1 = q.t1Us * 1000;
  const worst = Math.max(...sweep.map((t, i) => Math.abs(population[i]! - Math.exp(-t / t1))));
  expect(worst).toBeLessThan(0.1);
  if (sweep[sweep.length - 1]! > 3 * t1)
    expect(Math.abs(fitT1(sweep, signal).t1Ns - t1) / t1).toBeLessThan(0.15);
}

/** Variant B's execute type of a request body (`rabi_experiment`, `t1_experiment`). */
function kindOf(rawBody: string): string {
  const { payload } = JSON.parse(rawBody) as { payload: string };
  return (JSON.parse(payload) as { type: string }).type;
}

describe.each(['B', 'A'] as const)('experiments in the SDK form, Variant %s', (variant) => {
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

  async function run(rawBody: string, kind: 'rabi' | 't1'): Promise<ReadResult> {
    const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody });
    expect(submitted.status).toBe(200);
    const { id } = decodeJobId(variant, submitted.body);
    const end = await pollUntil(t.sim, token, id, undefined, 60_000);
    const detail = await fullDetail(t.sim, token, id);
    expect([end.status, detail.error ?? null]).toEqual(['completed', null]);
    const field = variant === 'B' ? `${kindOf(rawBody)}_result` : 'experiment_result';
    const tree = parseResultTree(String((detail.result as Parsed)[field]));
    return {
      tag: 'tag' in tree ? (tree.tag ?? undefined) : undefined,
      data: readExperimentData(tree, field, kind),
    };
  }

  it.each(EXPERIMENT_CASES.filter((c) => variantOf(c) === variant))(
    'the corpus request $version $name',
    async (c) => {
      const r = await run(requestOf(c).body, c.kind);
      expect(r.tag).toBe(c.kind === 'rabi' ? '!RabiExperimentResult' : '!T1ExperimentResult');
      expect(signalOf(r).sweep).toEqual(linspace(c.sweep));
      if (variant === 'A') expect([r.data.qubit, r.data.averages]).toEqual([c.qubit, c.averages]);
      expectPhysical(c.kind, c.qubit, r);
    },
  );

  it.each(['rabi', 't1'] as const)('our %s template, compiled to the SDK form', async (kind) => {
    const text = readFileSync(join(TEMPLATES, variant.toLowerCase(), `${kind}.yaml`), 'utf8');
    const compiled = compilePayload(variant, text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const strings = Object.values(compiled.payload!).find((v) => v && typeof v === 'object');
    expect(Object.values(strings as Record<string, string>)[0]).toMatch(/^!\w+Experiment\n_/);
    const body = JSON.stringify(
      envelope(compiled.payload as Record<string, unknown>, 'qpu.analog.vega', {
        job_type: 'pulse',
      }),
    );
    expectPhysical(kind, 0, await run(body, kind));
  });
});
