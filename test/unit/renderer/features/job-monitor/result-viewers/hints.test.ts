import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_HINTS } from '../../../../../../src/renderer/features/job-monitor/result-viewers/model/models';
import {
  hintsFromPayload,
  observableText,
} from '../../../../../../src/renderer/features/job-monitor/result-viewers/model/hints';
import { parseResultTree } from '../../../../../../src/shared/results/parse-result';

const SDK = join(import.meta.dirname, '../../../../../fixtures/sdk');

describe('names from the payload', () => {
  it('reads the observables of a Variant B time evolution', () => {
    const payload = {
      type: 'time_evolution',
      time_evolution_payload: {
        time_evolution:
          '!TimeEvolution\nobservables: ["Z0", "0.5 Z0 Z1 + X1", [{coefficient: 2, paulis: "X0"}, {coefficient: -1, paulis: "Y1"}]]\nnshots: 0\n',
      },
    };
    expect(hintsFromPayload('B', 'time_evolution', payload)).toEqual({
      observables: ['Z0', '0.5 Z0 Z1 + X1', '2 X0 - Y1'],
      readouts: [],
      duration: null,
      intermediate: 'step',
    });
  });

  it('looks through a variational program to its functional', () => {
    const payload = {
      type: 'variational_program',
      variational_program_payload: {
        variational_program:
          '!VariationalProgram\nfunctional: !TimeEvolution\n  observables: [Z0]\ncost: {observable: Z0}\n',
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
        analog_evolution: '!AnalogEvolution {}',
        readout: '!SamplingReadout {_nshots: 64}',
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
    const reservoir = hintsFromPayload('A', 'quantum_reservoir', corpus('A-main', 'a_reservoir'));
    expect(reservoir.intermediate).toBe('input');
  });

  it('writes a term list the way people write it', () => {
    expect(
      observableText(
        parseResultTree('[{coefficient: 1, paulis: "Z0 Z1"}, {coefficient: 0.25, paulis: X0}]'),
      ),
    ).toBe('Z0 Z1 + 0.25 X0');
  });
});
