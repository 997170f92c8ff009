import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_HINTS } from '../../../../../src/renderer/state/results/models';
import { hintsFromPayload } from '../../../../../src/renderer/features/result-viewers/model/hints';

const SDK = join(import.meta.dirname, '../../../../fixtures/sdk');

describe('names from the payload', () => {
  it('reads the observables of a Variant B time evolution', () => {
    const payload = {
      type: 'time_evolution',
      time_evolution_payload: {
        time_evolution:
          '!TimeEvolution\nschedule: !Schedule {T: 2, dt: 0.5, hamiltonians: {h: "X0 + X1"}, coefficients: {h: [[0, 1], [2, 1]]}}\n' +
          'observables: ["Z0", "0.5 Z0 Z1 + X1", [{coefficient: 2, paulis: "X0"}, {coefficient: -1, paulis: "Y1"}]]\nnshots: 0\ninitial_state: "00"\n',
      },
    };
    expect(hintsFromPayload('B', 'time_evolution', payload)).toEqual({
      observables: ['Z0', '0.5 Z0 Z1 + X1', '2.0 X0 - Y1'],
      readouts: [],
      duration: 2,
      intermediate: 'step',
      inputs: null,
    });
  });

  it('looks through a variational program to its functional', () => {
    const payload = {
      type: 'variational_program',
      variational_program_payload: {
        variational_program:
          '!VariationalProgram\nfunctional: !TimeEvolution\n  schedule: !Schedule {T: 1, dt: 0.5, hamiltonians: {h: X0}, coefficients: {h: [[0, !Parameter {name: a, value: 1}], [1, 1]]}}\n' +
          '  observables: [Z0]\n  initial_state: "0"\n  nshots: 0\ncost: {observable: Z0}\noptimizer: !Optimizer {method: COBYLA, max_iterations: 3}\n',
      },
    };
    expect(hintsFromPayload('B', 'variational_program', payload).observables).toEqual(['Z0']);
  });

  it('reads Variant A readouts: one or a list, with their shots and observables', () => {
    const list = {
      type: 'digital_propagation',
      digital_propagation_payload: {
        digital_propagation: '!DigitalPropagation {circuit: !Circuit {nqubits: 1, gates: []}}',
        readout:
          '- !SamplingReadout {nshots: 500}\n- !ExpectationReadout {observables: ["Z0"], nshots: 0}\n',
      },
    };
    expect(hintsFromPayload('A', 'digital_propagation', list).readouts).toEqual([
      { tag: '!SamplingReadout', observables: null, nshots: 500 },
      { tag: '!ExpectationReadout', observables: ['Z0'], nshots: 0 },
    ]);
    const one = {
      type: 'analog_evolution',
      analog_evolution_payload: {
        analog_evolution:
          '!AnalogEvolution\nschedule: !Schedule {T: 1, dt: 0.5, hamiltonians: {h: X0}, coefficients: {h: [[0, 1], [1, 1]]}}\ninitial_state: "0"\n',
        readout: '!SamplingReadout {nshots: 64}',
      },
    };
    expect(hintsFromPayload('A', 'analog_evolution', one).readouts).toEqual([
      { tag: '!SamplingReadout', observables: null, nshots: 64 },
    ]);
  });

  it('gives nothing for a missing or unreadable payload', () => {
    expect(hintsFromPayload('B', 'sampling', null)).toEqual(NO_HINTS);
    expect(
      hintsFromPayload('B', 'time_evolution', {
        time_evolution_payload: { time_evolution: '{ broken' },
      }),
    ).toEqual(NO_HINTS);
  });

  it("reads the SDK's own payloads: !Readout's parts, the schedule's _T, a reservoir's inputs", () => {
    const corpus = (version: string, name: string) =>
      JSON.parse(
        (
          JSON.parse(readFileSync(join(SDK, version, 'requests', `${name}.json`), 'utf8')) as {
            payload: string;
          }
        ).payload,
      ) as Record<string, unknown>;
    const all = hintsFromPayload(
      'A',
      'digital_propagation',
      corpus('A-main', 'a_bell_all_readouts'),
    );
    expect(all.readouts.map((r) => [r.tag, r.nshots])).toEqual([
      ['!SamplingReadout', 500],
      ['!ExpectationReadout', 1000],
      ['!StateTomographyReadout', null],
    ]);
    const te = hintsFromPayload('B', 'time_evolution', corpus('B-0.1.6', 'b_te_linear_two_qubit'));
    expect(te.duration).toBe(5);
    expect(te.observables).toEqual(['Z0', 'Z1', 'Z0 Z1', 'X0 Y1']);
    const reservoir = hintsFromPayload(
      'A',
      'quantum_reservoir',
      corpus('A-main', 'a_reservoir_output_encoding'),
    );
    expect(reservoir.intermediate).toBe('input');
    expect(reservoir.inputs?.[1]).toEqual([
      { name: 'u', value: '1.2' },
      { name: 'v', value: '0.4' },
    ]);
    expect(reservoir.readouts.map((r) => r.observables)).toEqual([['Z1', 'Z2', 'Z1 Z2'], null]);
  });

  it("names a friendly reservoir's inputs", () => {
    const payload = {
      type: 'quantum_reservoir',
      quantum_reservoir_payload: {
        quantum_reservoir:
          '!QuantumReservoir\ninitial_state: "0"\nlayers:\n  - !ReservoirLayer\n    input_encoding: !Circuit {nqubits: 1, gates: [!RX {qubit: 0, theta: !Parameter {name: u, value: 0}}]}\n' +
          '    evolution_dynamics: !Schedule {T: 1, dt: 0.5, hamiltonians: {h: X0}, coefficients: {h: [[0, 1], [1, 1]]}}\n    qubits_to_reset: []\ninputs: [{u: 0.1}, {u: 1.2}]\n',
        readout: '!ExpectationReadout {observables: ["Z0"], nshots: 0}',
      },
    };
    const hints = hintsFromPayload('A', 'quantum_reservoir', payload);
    expect(hints.inputs).toEqual([[{ name: 'u', value: '0.1' }], [{ name: 'u', value: '1.2' }]]);
    expect(hints.readouts).toEqual([
      { tag: '!ExpectationReadout', observables: ['Z0'], nshots: 0 },
    ]);
  });
});
