import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePayload } from '../../../src/shared/sdk/compile/compile-payload';
import { buildExecuteEnvelope, decodeJobId } from '../../../src/shared/wire';
import type { SdkNode } from '../../../src/shared/sdk/node';
import { sdkGet } from '../../../src/shared/sdk/node';
import { readSdkYaml } from '../../../src/shared/sdk/yaml';
import { requestOf } from '../../support/sdk-digital-corpus';
import type { CorpusCase } from '../../support/sdk-digital-corpus';
import { call, fullDetail, login, pollUntil, startTestSimulator } from './helpers';

/*
 * The simulator, reading only the SDK's form (sdkOnly), runs every reservoir request of the
 * corpus, sent as the SDK's client sent it (the exact POST /execute bytes, 0.2.1's
 * `type: analog_evolution` included), and where cases.md has the SDK's own numbers
 * (a_result_reservoir, QiliSim run by the SDK's reservoir loop) its result holds them.
 */

type Parsed = Record<string, unknown>;

const CASES: CorpusCase[] = (['A-main', 'A-0.2.1.post1'] as const).flatMap((version) =>
  ['a_reservoir', 'a_reservoir_output_encoding'].map((name) => ({ version, name })),
);

/** cases.md's a_result_reservoir: the final expectation values of a_reservoir_output_encoding. */
const SDK_VALUES: Readonly<Record<string, readonly number[]>> = {
  'A-main/a_reservoir_output_encoding': [0.773567, 0.250582, 0.382028],
};

function at(node: SdkNode, key: string): SdkNode {
  const hit = node.kind === 'map' ? sdkGet(node, key) : undefined;
  if (!hit) throw new Error(`no ${key} in ${node.tag ?? 'the mapping'}`);
  return hit;
}

function numbers(node: SdkNode): number[] {
  if (node.kind !== 'seq') throw new Error('expected numbers');
  return node.items.map((n) => (n.kind === 'float' || n.kind === 'int' ? Number(n.value) : NaN));
}

describe("the simulator runs the corpus' reservoir requests", () => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestSimulator({ variant: 'A', sdkOnly: true });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => {
    await t.cleanup();
    expect(t.problems).toEqual([]);
  });

  async function run(rawBody: string): Promise<Parsed> {
    const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody });
    expect(submitted.status).toBe(200);
    const { id } = decodeJobId('A', submitted.body);
    await pollUntil(t.sim, token, id, undefined, 60_000);
    return (await fullDetail(t.sim, token, id)) as Parsed;
  }

  it.each(CASES)('$version $name', async (c) => {
    const { body, payload } = requestOf(c);
    const detail = await run(body);
    expect([detail.status, detail.error ?? null]).toEqual(['completed', null]);
    // 0.2.1's client sends the reservoir as `type: analog_evolution`: run as what it holds, and said.
    const quirk = (payload as { type: string }).type === 'analog_evolution';
    expect(c.version === 'A-0.2.1.post1').toBe(quirk);
    expect(String(detail.logs).includes("says type 'analog_evolution'")).toBe(quirk);

    const read = readSdkYaml(String((detail.result as Parsed).functional_result));
    expect(read.problems).toEqual([]);
    const result = read.node!;
    expect(result.tag).toBe('!FunctionalResult');
    const inputs = c.name === 'a_reservoir' ? 2 : 4;
    const intermediate = at(result, '_intermediate_results');
    expect(intermediate.kind === 'seq' && intermediate.items.length).toBe(inputs - 1);
    const expectation = at(at(result, '_readout_results'), 'expectation_values');
    const values = numbers(at(expectation, '_expectation_values'));
    expect(values).toHaveLength(c.name === 'a_reservoir' ? 1 : 3);
    for (const v of values) expect(Math.abs(v)).toBeLessThanOrEqual(1 + 1e-9);
    // QiliSim steps H(t) at the schedule's dt (0.25 here) and the simulator integrates exactly,
    // over four inputs: 0.9e-3, 2.2e-3 and 2.9e-3 apart (the readouts before the reset, as the
    // SDK's loop takes them; reading after the reset gives values far off).
    SDK_VALUES[`${c.version}/${c.name}`]?.forEach((v, k) =>
      expect(Math.abs(values[k]! - v)).toBeLessThan(5e-3),
    );
  });

  it('our template reservoir.yaml, compiled to the SDK form, runs (the simulator reads the SDK form only)', async () => {
    const text = readFileSync(
      join(import.meta.dirname, '../../../resources/templates/a/reservoir.yaml'),
      'utf8',
    );
    const compiled = compilePayload('A', text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const payload = compiled.payload!;
    const body = JSON.stringify(
      buildExecuteEnvelope({ variant: 'A', payload, deviceCode: 'sim.statevector' }),
    );
    const detail = await run(body);
    expect([detail.status, detail.error ?? null]).toEqual(['completed', null]);
    const read = readSdkYaml(String((detail.result as Parsed).functional_result));
    const result = read.node!;
    const intermediate = at(result, '_intermediate_results');
    expect(intermediate.kind === 'seq' && intermediate.items.length).toBe(3);
    const values = numbers(
      at(at(at(result, '_readout_results'), 'expectation_values'), '_expectation_values'),
    );
    expect(values).toHaveLength(3);
    for (const v of values) expect(Math.abs(v)).toBeLessThanOrEqual(1 + 1e-9);
  });
});
