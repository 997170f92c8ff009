import { describe, expect, it } from 'vitest';
import { CATALOGUE, dryRun } from '../../../src/simulator';
import { DEFAULT_ENGINE_LIMITS, validateJob } from '../../../src/simulator/engine';
import type { ExecutePayload } from '../../../src/shared/variants';

/**
 * The simulator's dry run holds a payload to a job's limits: what a job would be refused, a dry
 * run is refused, in the same words (the `validating` step's), and a body `POST /execute` would
 * not take is not taken either. It runs on an engine thread (test/unit/core/batches/dry-run.test.ts).
 */

const DEVICE = 'sim.statevector';

function sampling(qubits: number, gates = '[!H {qubit: 0}]'): string {
  return `!Sampling\nnshots: 10\ncircuit: !Circuit {nqubits: ${qubits}, gates: ${gates}}\n`;
}

const payload = (functional: string): ExecutePayload =>
  ({ type: 'sampling', sampling_payload: { sampling: functional } }) as ExecutePayload;

describe("the simulator's dry run", () => {
  it('runs a payload within the limits to its result', async () => {
    const outcome = await dryRun('B', payload(sampling(2)), DEVICE);
    expect(outcome).toMatchObject({ deviceCode: DEVICE, error: null });
    expect(outcome.resultYaml).toMatch(/!SamplingResult/);
  }, 60_000);

  it('refuses a circuit wider than a job may be, in the words of a job’s validating step', async () => {
    const functional = sampling(DEFAULT_ENGINE_LIMITS.maxQubits + 1);
    const spec = CATALOGUE.find((d) => d.code === DEVICE)!;
    const asJob = validateJob({
      variant: 'B',
      executeType: 'sampling',
      functionalYaml: functional,
      pathPrefix: 'sampling_payload.sampling',
      device: spec.physical,
      seed: 1,
      limits: DEFAULT_ENGINE_LIMITS,
    });
    expect(asJob?.ok).toBe(false);
    const outcome = await dryRun('B', payload(functional), DEVICE);
    expect(outcome).toEqual({
      deviceCode: DEVICE,
      resultYaml: null,
      error: asJob?.ok === false ? asJob.error : 'a job of it would be refused',
    });
  }, 60_000);

  it('refuses a payload larger than the body of a job’s request may be', async () => {
    const gates = `[${'!H {qubit: 0}, '.repeat(1_200_000)}!H {qubit: 0}]`;
    const outcome = await dryRun('B', payload(sampling(1, gates)), DEVICE);
    expect(outcome.resultYaml).toBeNull();
    expect(outcome.error).toMatch(
      /^the payload is \d+ bytes, over the 16777216 bytes a job's request may carry$/,
    );
  }, 60_000);
});
