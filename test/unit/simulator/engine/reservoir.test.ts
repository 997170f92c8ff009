import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import { readCircuit } from '../../../../src/shared/dialect/circuit';
import { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { ParseContext } from '../../../../src/shared/dialect/parse-context';
import { readPauliSum } from '../../../../src/shared/dialect/pauli-expression';
import { readSchedule } from '../../../../src/shared/dialect/schedule';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import { runCircuit } from '../../../../src/simulator/engine/circuits/circuit-runner';
import { evolve } from '../../../../src/simulator/engine/physics/evolution';
import { PauliOperator } from '../../../../src/simulator/engine/physics/pauli-operator';
import { StateVector } from '../../../../src/simulator/engine/physics/state-vector';
import { Work } from '../../../../src/simulator/engine/work';
import { DEFAULT_ENGINE_LIMITS } from '../../../../src/simulator/engine';
import { SIMULATOR, makeJob } from './support/devices';
import { jobFromFixture } from './support/fixtures';
import { expectOk, parseResult } from './support/results';
import type { Parsed } from './support/results';

const ENCODING =
  '!Circuit\n  nqubits: 2\n  gates:\n    - !RY {qubit: 0, theta: !Parameter {name: u, value: 0}}\n    - !CNOT {control: 0, target: 1}\n';
const DYNAMICS =
  '!Schedule {T: 1.3, dt: 0.1, hamiltonians: {h: "0.8 X0 X1 + 0.5 Z1 + 0.3 X1"}, coefficients: {h: [[0, 0.5], [1.3, 1.5]]}}';

function reservoirJob(
  inputs: number[],
  reset: number[],
  readout: string,
): ReturnType<typeof makeJob> {
  const yaml = [
    '!QuantumReservoir',
    'initial_state: "00"',
    'layers:',
    '  - !ReservoirLayer',
    `    input_encoding: ${ENCODING.replace(/\n {2}/g, '\n        ').replace(/\n$/, '')}`,
    `    evolution_dynamics: ${DYNAMICS}`,
    `    qubits_to_reset: [${reset.join(', ')}]`,
    `inputs: [${inputs.map((u) => `{u: ${u}}`).join(', ')}]`,
  ].join('\n');
  return makeJob({
    variant: 'A',
    executeType: 'quantum_reservoir',
    functionalYaml: yaml + '\n',
    readoutYaml: readout,
  });
}

/** The readouts of a `!ReadoutCompositeResults`, by the SDK's field names. */
const composite = (c: unknown) => c as Record<string, Parsed | null>;

function expectations(r: Parsed): number[] {
  return composite(r.readout_results).expectation_values!.expectation_values as number[];
}

describe('quantum reservoir', () => {
  it("reads out after each input: the last input as the result, the earlier ones as intermediate results (the SDK's loop)", async () => {
    const out = expectOk(await runJob(jobFromFixture('a-reservoir.yaml', SIMULATOR)));
    expect(out.resultField).toBe('functional_result');
    const r = parseResult(out.yaml);
    expect(r.$tag).toBe('!FunctionalResult');
    expect(typeof r.execution_time).toBe('number');
    const steps = r.intermediate_results as Parsed[];
    // Four inputs (u = 0.3, 1.2, 2.5, 0.7): three intermediate composites, then the final one.
    expect(steps).toHaveLength(3);
    for (const s of [...steps, r.readout_results as Parsed]) {
      expect(s.$tag).toBe('!ReadoutCompositeResults');
      expect(composite(s).expectation_values!.$tag).toBe('!ExpectationReadoutResult');
    }
    expect(r.readout_results).not.toEqual(steps[2]);
  });

  it('without resets matches an independent pure-state calculation', async () => {
    const u = 0.9;
    const r = parseResult(
      expectOk(
        await runJob(
          reservoirJob(
            [u],
            [],
            '!ExpectationReadout {observables: ["Z0", "X1", "Z0 Z1", "Y0 X1"], nshots: 0}\n',
          ),
        ),
      ).yaml,
    );
    const got = expectations(r);

    // The same circuit and schedule applied to a state vector.
    const ctx = new ParseContext('A', SIMULATOR, DEFAULT_ENGINE_LIMITS);
    const circuit = readCircuit(
      NodeRef.root(parseYamlSource(ENCODING.replace(/\n {2}/g, '\n'), 'c', 'test')),
      ctx,
      ctx.params,
    );
    const schedule = readSchedule(NodeRef.root(parseYamlSource(DYNAMICS, 's', 'test')), ctx, null);
    const sv = StateVector.zero(2);
    const values = new Map([['u', u]]);
    const work = Work.root();
    await runCircuit({ re: sv.re, im: sv.im, columnOffset: null }, circuit, values, work);
    await evolve(sv.re, sv.im, schedule, values, { densityQubits: null, maxSteps: 1e6 }, work);
    const expected = ['Z0', 'X1', 'Z0 Z1', 'Y0 X1'].map((o) => {
      const sum = readPauliSum(
        NodeRef.root(parseYamlSource(`"${o}"`, 'o', 'test')),
        'observable',
        null,
      );
      return PauliOperator.fromSums([sum], new Map()).expectation(sv.re, sv.im);
    });
    got.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 8));
  });

  it('a reset is a channel, after the readouts: the reset qubit starts the next input at |0⟩ and its entangled partner is left mixed', async () => {
    // RY(π/2) then CNOT makes a Bell-like state, read out as it is (the SDK's loop reads out,
    // then resets); resetting qubit 0 must leave qubit 1 at ⟨Z⟩ = 0 (a mixture), not post-select
    // a pure state: the second input (u = 0: RY and CNOT do nothing to |0⟩ on qubit 0) reads it.
    const yaml =
      '!QuantumReservoir\ninitial_state: "00"\nlayers:\n  - !ReservoirLayer\n    input_encoding: !Circuit\n      nqubits: 2\n      gates:\n        - !RY {qubit: 0, theta: !Parameter {name: u, value: 0}}\n        - !CNOT {control: 0, target: 1}\n    qubits_to_reset: [0]\ninputs: [{u: 1.5707963267948966}, {u: 0}]\n';
    const job = (readout: string): ReturnType<typeof makeJob> =>
      makeJob({
        variant: 'A',
        executeType: 'quantum_reservoir',
        functionalYaml: yaml,
        readoutYaml: readout,
      });
    const r = parseResult(
      expectOk(
        await runJob(
          job('!ExpectationReadout {observables: ["Z0", "Z1", "X1", "Z0 Z1"], nshots: 0}\n'),
        ),
      ).yaml,
    );
    const first = composite((r.intermediate_results as Parsed[])[0]).expectation_values!;
    expect(first.expectation_values).toEqual([0, 0, 0, 1].map((v) => expect.closeTo(v, 12)));
    const [z0, z1, x1, zz] = expectations(r);
    expect(z0).toBeCloseTo(1, 12);
    expect(z1).toBeCloseTo(0, 12);
    expect(x1).toBeCloseTo(0, 12);
    expect(zz).toBeCloseTo(0, 12);
    const sampled = parseResult(
      expectOk(await runJob(job('!SamplingReadout {nshots: 4000}\n'))).yaml,
    );
    const samples = composite(sampled.readout_results).sampling!.samples as Record<string, number>;
    expect(Object.keys(samples).sort()).toEqual(['00', '01']);
    expect(Math.abs(samples['00']! - 2000)).toBeLessThan(5 * Math.sqrt(1000));
    // The state is mixed: the SDK's QTensor holds it as a density matrix, ρ = (|00⟩⟨00| + |01⟩⟨01|)/2.
    const tomography = parseResult(
      expectOk(await runJob(job('!StateTomographyReadout {method: exact}\n'))).yaml,
    );
    const rho = composite(tomography.readout_results).state_tomography!.state as Array<
      Array<{ real: number; imag: number }>
    >;
    expect(rho).toHaveLength(4);
    expect(rho.map((row, i) => row[i]!.real)).toEqual([
      expect.closeTo(0.5, 12),
      expect.closeTo(0.5, 12),
      expect.closeTo(0, 12),
      expect.closeTo(0, 12),
    ]);
  });

  it('remembers earlier inputs through the qubits it does not reset', async () => {
    const readout = '!ExpectationReadout {observables: ["Z1"], nshots: 0}\n';
    const a = parseResult(expectOk(await runJob(reservoirJob([0.2, 1.0], [0], readout))).yaml);
    const b = parseResult(expectOk(await runJob(reservoirJob([2.4, 1.0], [0], readout))).yaml);
    expect(Math.abs(expectations(a)[0]! - expectations(b)[0]!)).toBeGreaterThan(1e-3);
  });
});
