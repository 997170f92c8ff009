import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import { QPU_DIGITAL, makeJob } from './support/devices';
import { jobFromFixture } from './support/fixtures';
import { SIMULATOR } from './support/devices';
import { complexOf, expectOk, parseResult } from './support/results';

function ghzYaml(n: number, nshots: number): string {
  const gates = [
    '    - !H {qubit: 0}',
    ...Array.from({ length: n - 1 }, (_, q) => `    - !CNOT {control: ${q}, target: ${q + 1}}`),
  ];
  return `!Sampling\nnshots: ${nshots}\ncircuit: !Circuit\n  nqubits: ${n}\n  gates:\n${gates.join('\n')}\n`;
}

describe('sampling a state vector', () => {
  it('GHZ on 10 qubits: only 0…0 and 1…1, about half each (10k shots)', async () => {
    const out = expectOk(await runJob(jobFromFixture('b-sampling-ghz.yaml', SIMULATOR, 3)));
    expect(out.resultField).toBe('sampling_result');
    const r = parseResult(out.yaml);
    expect(r.$tag).toBe('!SamplingResult');
    expect(r.nshots).toBe(10000);
    expect(r.nqubits).toBe(10);
    const samples = r.samples as Record<string, number>;
    expect(Object.keys(samples).sort()).toEqual(['0000000000', '1111111111']);
    // Binomial(10000, 1/2): σ = 50; 5σ is a bound a correct sampler essentially never breaks.
    expect(Math.abs(samples['0000000000']! - 5000)).toBeLessThan(250);
    expect(samples['0000000000']! + samples['1111111111']!).toBe(10000);
  });

  it('a single-qubit RY sweep matches cos²(θ/2) exactly (tomography) and within shot noise (samples)', async () => {
    for (const theta of [0, 0.3, Math.PI / 3, Math.PI / 2, 2, 2.8, Math.PI]) {
      const expected0 = Math.cos(theta / 2) ** 2;
      const exact = parseResult(
        expectOk(
          await runJob(
            makeJob({
              variant: 'A',
              executeType: 'digital_propagation',
              functionalYaml: `!DigitalPropagation\ncircuit: !Circuit\n  nqubits: 1\n  gates:\n    - !RY {qubit: 0, theta: ${theta}}\n`,
              readoutYaml:
                '- !StateTomographyReadout {method: exact}\n- !ExpectationReadout {observables: ["Z0"], nshots: 0}\n',
            }),
          ),
        ).yaml,
      );
      const composite = exact.readout_results as Record<string, Record<string, unknown>>;
      const [tomo, expectation] = [composite.state_tomography, composite.expectation_values];
      const amps = (tomo!.state as unknown[]).map(complexOf);
      expect(amps[0]!.re ** 2 + amps[0]!.im ** 2).toBeCloseTo(expected0, 14);
      expect(amps[1]!.re ** 2 + amps[1]!.im ** 2).toBeCloseTo(1 - expected0, 14);
      expect((expectation!.expectation_values as number[])[0]).toBeCloseTo(Math.cos(theta), 14);

      const nshots = 20000;
      const sampled = parseResult(
        expectOk(
          await runJob(
            makeJob({
              functionalYaml: `!Sampling\nnshots: ${nshots}\ncircuit: !Circuit\n  nqubits: 1\n  gates:\n    - !RY {qubit: 0, theta: ${theta}}\n`,
              seed: Math.round(theta * 1000),
            }),
          ),
        ).yaml,
      );
      const zeros = (sampled.samples as Record<string, number>)['0'] ?? 0;
      const sigma = Math.sqrt(nshots * expected0 * (1 - expected0));
      expect(Math.abs(zeros - nshots * expected0)).toBeLessThanOrEqual(5 * sigma + 1e-9);
    }
  });

  it('is deterministic for a seed and varies with it', async () => {
    const yaml = ghzYaml(3, 1000).replace('- !H {qubit: 0}', '- !RY {qubit: 0, theta: 1.1}');
    const a = await runJob(makeJob({ functionalYaml: yaml, seed: 123 }));
    const b = await runJob(makeJob({ functionalYaml: yaml, seed: 123 }));
    const c = await runJob(makeJob({ functionalYaml: yaml, seed: 124 }));
    expect(expectOk(a).yaml).toBe(expectOk(b).yaml);
    expect(expectOk(c).yaml).not.toBe(expectOk(a).yaml);
  });

  it('a noisy qpu flips each measured bit with the qubit readout error; the simulator never does', async () => {
    const yaml =
      '!Sampling\nnshots: 20000\ncircuit: !Circuit\n  nqubits: 2\n  gates:\n    - !X {qubit: 0}\n';
    const noisy = parseResult(
      expectOk(await runJob(makeJob({ functionalYaml: yaml, device: QPU_DIGITAL }))).yaml,
    );
    const s = noisy.samples as Record<string, number>;
    const e = QPU_DIGITAL.qubits[0]!.readoutError;
    const flipped0 = ((s['00'] ?? 0) + (s['01'] ?? 0)) / 20000;
    const flipped1 = ((s['11'] ?? 0) + (s['01'] ?? 0)) / 20000;
    const sigma = Math.sqrt((e * (1 - e)) / 20000);
    expect(Math.abs(flipped0 - e)).toBeLessThan(5 * sigma);
    expect(Math.abs(flipped1 - e)).toBeLessThan(5 * sigma);
    const exact = parseResult(expectOk(await runJob(makeJob({ functionalYaml: yaml }))).yaml);
    expect(exact.samples).toEqual({ '10': 20000 });
  });

  it('samples a 20-qubit GHZ state quickly', async () => {
    const t0 = performance.now();
    const r = parseResult(
      expectOk(await runJob(makeJob({ functionalYaml: ghzYaml(20, 100000) }))).yaml,
    );
    const samples = r.samples as Record<string, number>;
    expect(Object.keys(samples).sort()).toEqual(['0'.repeat(20), '1'.repeat(20)]);
    expect(performance.now() - t0).toBeLessThan(15000);
  });
});
