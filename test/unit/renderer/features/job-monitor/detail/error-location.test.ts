import { describe, expect, it } from 'vitest';
import { validateJob } from '../../../../../../src/simulator/engine';
import { documentToExecutePayload } from '../../../../../../src/shared/yaml';
import { payloadToYaml } from '../../../../../../src/shared/yaml/payload-to-yaml';
import {
  documentPosition,
  errorLocations,
} from '../../../../../../src/renderer/features/job-monitor/detail/error-location';
import { makeJob } from '../../../../simulator/engine/support/devices';

/** A payload as a person writes it: a header, and the circuit's bad CNOT on line 12. */
const DOCUMENT = `# title: Bell pair
# device: sim.statevector
# description: two qubits, entangled
type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 0}
`;

/** What the simulator says of the job, from the functional object's own text as it was sent. */
function errorLogsOf(document: string) {
  const payload = documentToExecutePayload('B', document).payload as unknown as {
    sampling_payload: { sampling: string };
  };
  const outcome = validateJob(makeJob({ functionalYaml: payload.sampling_payload.sampling }));
  if (!outcome || outcome.ok) throw new Error('the simulator accepted it');
  return { payload, errorLogs: outcome.errorLogs };
}

describe('a failed job’s error location, in the document the person wrote (issue 25)', () => {
  it('maps the line and column of the functional YAML onto the payload document', () => {
    const { payload, errorLogs } = errorLogsOf(DOCUMENT);
    const [at] = errorLocations(errorLogs);
    expect(at).toEqual({
      line: 7,
      column: 7,
      label: 'functional YAML',
      path: 'sampling_payload.sampling',
    });
    // Line 12, at the `!CNOT` of `        - !CNOT {control: 0, target: 0}`.
    const position = documentPosition(DOCUMENT, at!, payload.sampling_payload.sampling);
    expect(position).toEqual({ line: 12, column: 11 });
    expect(DOCUMENT.split('\n')[11]!.slice(position!.column - 1)).toMatch(/^!CNOT/);
  });

  it('maps it onto the document the Payload tab shows when the one written here is not known', () => {
    const { payload, errorLogs } = errorLogsOf(DOCUMENT);
    const shown = payloadToYaml(payload);
    const position = documentPosition(shown, errorLocations(errorLogs)[0]!);
    expect(position).toEqual({ line: 9, column: 11 });
    expect(shown.split('\n')[8]).toBe('        - !CNOT {control: 0, target: 0}');
  });

  it('says nothing when the document does not hold the text the service read', () => {
    const { errorLogs } = errorLogsOf(DOCUMENT);
    const at = errorLocations(errorLogs)[0]!;
    expect(documentPosition(DOCUMENT.replace('nshots: 100', 'nshots: 5'), at, 'other')).toBeNull();
    expect(documentPosition('type: sampling\n', at)).toBeNull();
    expect(errorLocations('error: something else\n')).toEqual([]);
  });
});
