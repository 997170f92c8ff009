import { describe, expect, it } from 'vitest';
import { validateJob } from '../../../../src/simulator/engine/run/run-job';
import { makeJob } from '../../simulator/engine/support/devices';
import { DIGITAL_CASES, requestOf, stringsOf } from '../../../support/sdk-digital-corpus';

const FRIENDLY_BELL = `!Sampling
nshots: 100
circuit: !Circuit
  nqubits: 2
  gates:
    - !H {qubit: 0}
    - !CNOT {control: 0, target: 1}
`;

function sdkJob(name: string) {
  const c = DIGITAL_CASES.find((x) => x.name === name)!;
  const { payload } = requestOf(c);
  const strings = stringsOf(payload);
  const type = payload.type;
  return makeJob({
    variant: c.version.startsWith('B') ? 'B' : 'A',
    executeType: type,
    functionalYaml: strings[type]!,
    readoutYaml: strings.readout,
  });
}

describe("SDK-only reading (the simulator's sdkOnly switch)", () => {
  it('refuses the friendly dialect, saying how to convert it', () => {
    const job = { ...makeJob({ functionalYaml: FRIENDLY_BELL }), sdkOnly: true };
    const outcome = validateJob(job);
    expect(outcome?.ok).toBe(false);
    expect(outcome && !outcome.ok && outcome.error).toBe(
      "circuit at sampling_payload.sampling.circuit: this is the app's friendly dialect; the service reads the SDK's form",
    );
    expect(outcome && !outcome.ok && outcome.errorLogs).toContain(
      'convert it (`qjob convert --to sdk`) or submit it through the app or `qjob submit`, which compile it',
    );
  });

  it('refuses a friendly Variant A functional object and a friendly readout', () => {
    const job = {
      ...makeJob({
        variant: 'A',
        executeType: 'digital_propagation',
        functionalYaml:
          '!DigitalPropagation\ncircuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n',
        readoutYaml: '!SamplingReadout {nshots: 10}\n',
      }),
      sdkOnly: true,
    };
    const outcome = validateJob(job);
    expect(outcome && !outcome.ok && outcome.error).toContain(
      "type digital_propagation at digital_propagation_payload.digital_propagation: this is the app's friendly dialect",
    );
    // The SDK's functional object with a readout still in the friendly dialect.
    const mixed = {
      ...sdkJob('a_bell_all_readouts'),
      readoutYaml: '!SamplingReadout {nshots: 10}\n',
      sdkOnly: true,
    };
    const refused = validateJob(mixed);
    expect(refused && !refused.ok && refused.error).toContain(
      "readout at digital_propagation_payload.readout: this is the app's friendly dialect",
    );
  });

  it("reads the SDK's own form", () => {
    expect(validateJob({ ...sdkJob('b_bell'), sdkOnly: true })).toBeNull();
    expect(validateJob({ ...sdkJob('a_bell_all_readouts'), sdkOnly: true })).toBeNull();
  });

  it('is off by default: the friendly dialect still runs', () => {
    expect(validateJob(makeJob({ functionalYaml: FRIENDLY_BELL }))).toBeNull();
  });
});
