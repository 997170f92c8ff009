import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SdkNode } from '../../../../src/shared/sdk/node';
import { readSdkYaml } from '../../../../src/shared/sdk/yaml';
import { runJob } from '../../../../src/simulator/engine';
import { SIMULATOR, QPU_ANALOG } from './support/devices';
import { fixtureNames, jobFromFixture } from './support/fixtures';
import { expectOk, sdkGraph } from './support/results';

/*
 * The simulator's results carry exactly the tags and keys the SDK itself writes: every class in
 * a result we write must be one the SDK's results (test/fixtures/sdk, qilisdk 0.1.6 for B, main
 * for A) hold, with the very same attribute names. The corpus is the reference, not our builders.
 */

const SDK = join(import.meta.dirname, '../../../fixtures/sdk');

/** Tag → its mapping keys, over every tagged mapping of a graph. */
function skeleton(node: SdkNode, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (node.kind === 'seq') node.items.forEach((n) => skeleton(n, out));
  if (node.kind !== 'map') {
    if (node.tag) out.set(node.tag, out.get(node.tag) ?? new Set());
    return out;
  }
  if (node.tag) {
    const keys = out.get(node.tag) ?? new Set<string>();
    for (const [k] of node.entries) if (k.kind === 'str') keys.add(k.value);
    out.set(node.tag, keys);
  }
  for (const [, v] of node.entries) skeleton(v, out);
  return out;
}

/** What the SDK writes, per tag, over every result of one corpus version. */
function reference(version: string): Map<string, Set<string>> {
  const dir = join(SDK, version, 'results');
  const ref = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const doc = readSdkYaml(readFileSync(join(dir, file), 'utf8'));
    for (const [tag, keys] of skeleton(doc.node!)) {
      const known = ref.get(tag);
      // The SDK writes a class with one set of attributes: the corpus agrees with itself.
      if (known) expect([tag, [...keys].sort()]).toEqual([tag, [...known].sort()]);
      ref.set(tag, keys);
    }
  }
  return ref;
}

const REFERENCE = { A: reference('A-main'), B: reference('B-0.1.6') };

describe("the simulator's results have the SDK's tags and keys", () => {
  it.each(fixtureNames())('%s', async (name) => {
    const device = /rabi|t1/.test(name) ? QPU_ANALOG : SIMULATOR;
    const out = expectOk(await runJob(jobFromFixture(name, device)));
    const ref = REFERENCE[name.startsWith('a-') ? 'A' : 'B'];
    const ours = skeleton(sdkGraph(out.yaml));
    for (const [tag, keys] of ours) {
      expect(ref.has(tag), `${tag} is not a class the SDK's results hold`).toBe(true);
      expect([tag, [...keys].sort()]).toEqual([tag, [...ref.get(tag)!].sort()]);
    }
  });

  it('a Variant A reservoir with state tomography: expectation values and a density matrix', async () => {
    const job = jobFromFixture('a-reservoir.yaml', SIMULATOR);
    const both = `- !ExpectationReadout {observables: ["Z1"], nshots: 0}\n- !StateTomographyReadout {method: exact}\n`;
    const out = expectOk(await runJob({ ...job, readoutYaml: both }));
    const ours = skeleton(sdkGraph(out.yaml));
    expect([...ours.keys()].sort()).toEqual(
      [
        ...skeleton(
          readSdkYaml(readFileSync(join(SDK, 'A-main/results/a_result_reservoir.yaml'), 'utf8'))
            .node!,
        ).keys(),
      ].sort(),
    );
  });
});
