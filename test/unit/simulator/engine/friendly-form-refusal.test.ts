import { describe, expect, it } from 'vitest';
import { validateJob } from '../../../../src/simulator/engine/run/run-job';
import { payloadEngineJob } from '../../../../src/simulator/jobs/engine-job';
import { CATALOGUE } from '../../../../src/simulator';
import { resolveOptions } from '../../../../src/simulator/options';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/*
 * The simulator reads the SDK's form only (sdkOnly, as the service): a friendly payload is
 * refused. When that payload also fails as the friendly form (it could not be compiled because
 * of it, and went as written), that error is what the person has to fix: it is added.
 */

const document = (gate: string) => `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - ${gate}
`;

function validate(text: string, sdkOnly: boolean) {
  const { payload } = documentToExecutePayload('B', text);
  const limits = resolveOptions({}).engineLimits;
  const job = payloadEngineJob('B', 'sampling', payload!, CATALOGUE[0]!, 1, limits, { sdkOnly });
  return validateJob(job!);
}

describe('a friendly payload on an SDK-only simulator', () => {
  it('is refused, and what fails in it as the friendly form comes first in the error logs', () => {
    const outcome = validate(document('!CNOT {control: 0, target: 0}'), true);
    expect(outcome?.ok).toBe(false);
    if (outcome?.ok !== false) return;
    expect(outcome.error).toMatch(
      /this is the app's friendly dialect; the service reads the SDK's form; read as the friendly dialect it fails too: gate !CNOT at .*: control equals target$/,
    );
    expect(outcome.errorLogs).toMatch(/^error: gate !CNOT .*control equals target\n/);
    expect(outcome.errorLogs).toMatch(/expected: two different qubits/);
    expect(outcome.errorLogs).toMatch(/It was sent in the app's friendly dialect/);
  });

  it('is refused alone when it would read as the friendly form', () => {
    const outcome = validate(document('!CNOT {control: 0, target: 1}'), true);
    expect(outcome?.ok).toBe(false);
    if (outcome?.ok !== false) return;
    expect(outcome.error).toMatch(/the service reads the SDK's form$/);
    expect(outcome.errorLogs).not.toMatch(/fails too/);
  });

  it('reads as before when the simulator takes the friendly form', () => {
    expect(validate(document('!CNOT {control: 0, target: 1}'), false)).toBeNull();
    const outcome = validate(document('!CNOT {control: 0, target: 0}'), false);
    expect(outcome?.ok === false && outcome.error).toMatch(/^gate !CNOT .*control equals target$/);
  });
});
