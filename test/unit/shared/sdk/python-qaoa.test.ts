import { describe, expect, it } from 'vitest';
import type { PauliSum } from '../../../../src/shared/dialect/pauli-expression';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import { qaoaGates } from '../../../../src/shared/sdk/python-script/qaoa-gates';
import type { CorpusCase } from '../../../support/sdk-digital-corpus';
import { requestOf } from '../../../support/sdk-digital-corpus';

/*
 * The SDK's QAOA as SDK Python (issue 26): a_qaoa_ansatz, whose cases.md says it was built as
 * `QAOA(problem_hamiltonian=Z0*Z1 + Z1*Z2 - 0.5*Z0, layers=1, problem_params=[0.4],
 * mixer_params=[0.7])`, is written as that call; a `!QAOA` whose gates or Parameters are not the
 * constructor's own is refused.
 */

const lines = (...l: string[]) => l.join('\n');

/** The case's request with `edit` applied to its circuit's YAML string. */
function qaoaPayload(version: CorpusCase['version'], edit: (yaml: string) => string = (y) => y) {
  const payload = requestOf({ version, name: 'a_qaoa_ansatz' }).payload as unknown as {
    digital_propagation_payload: { digital_propagation: string };
  };
  const inner = payload.digital_propagation_payload;
  const edited = edit(inner.digital_propagation);
  return { ...payload, digital_propagation_payload: { ...inner, digital_propagation: edited } };
}

function python(version: CorpusCase['version'], edit?: (yaml: string) => string) {
  return payloadAsPython('A', qaoaPayload(version, edit) as never);
}

function scriptOf(version: CorpusCase['version'], edit?: (yaml: string) => string): string {
  const out = python(version, edit);
  if (!('script' in out)) throw new Error(out.refused);
  return out.script;
}

/** Replaces `from` by `to` in the YAML, failing the test if `from` is not there. */
function replace(from: string | RegExp, to: string) {
  return (yaml: string) => {
    const edited = yaml.replace(from, to);
    expect(edited).not.toBe(yaml);
    return edited;
  };
}

describe('payloadAsPython: the SDK QAOA', () => {
  it.each(['A-main', 'A-0.2.1.post1'] as const)(
    '%s a_qaoa_ansatz: the constructor call of cases.md, the default mixer and one Trotter step left out',
    (version) => {
      const script = scriptOf(version);
      expect(script).toContain(
        lines(
          'circuit = QAOA(',
          '    problem_hamiltonian=Z(0) * Z(1) + Z(1) * Z(2) - 0.5 * Z(0),',
          '    layers=1,',
          '    problem_params=[0.4],',
          '    mixer_params=[0.7],',
          ')',
          '',
          'functional = DigitalPropagation(circuit)',
        ),
      );
      expect(script).toContain('from qilisdk.analog import Z\nfrom qilisdk.digital import QAOA\n');
      // Its gates are the constructor's: none is written out.
      expect(script).not.toMatch(/circuit\.add|Circuit\(|Parameter\(/);
    },
  );

  it('a Trotter step count is written; commuting Hamiltonians make the same gates with any', () => {
    const script = scriptOf('A-main', replace('_trotter_steps: 1', '_trotter_steps: 3'));
    expect(script).toContain('    layers=1,\n    trotter_steps=3,\n    problem_params=[0.4],\n');
  });

  it('a mixer other than the default is written, its gates checked against it', () => {
    const halfMixer = (yaml: string) => {
      const at = yaml.indexOf('_mixer_hamiltonian:');
      const end = yaml.indexOf('_mixer_params:');
      const mixer = yaml.slice(at, end).replaceAll('real: 1.0}', 'real: 0.5}');
      // The alpha RZs' angles, 2 * coefficient * alpha_0, follow the coefficient.
      return replace(
        /\*id002 : 2\.0(\n\s+(\? &id003|\*id003))/g,
        '*id002 : 1.0$1',
      )(yaml.slice(0, at) + mixer + yaml.slice(end));
    };
    const script = scriptOf('A-main', halfMixer);
    expect(script).toContain(
      '    layers=1,\n    mixer_hamiltonian=0.5 * X(0) + 0.5 * X(1) + 0.5 * X(2),\n    problem_params=[0.4],\n',
    );
    expect(script).toContain('from qilisdk.analog import X, Z\n');
  });

  it.each([
    [
      'an angle changed after it was built',
      replace('_mixer_params: [0.7]', '_mixer_params: [0.9]'),
      /gates are not the ones its constructor makes/,
    ],
    [
      'a gate moved',
      // The last gate, H(2), on qubit 1.
      replace(/_target_qubits: !tuple \[2\](\n\s*_init_state)/, '_target_qubits: !tuple [1]$1'),
      /gates are not the ones its constructor makes/,
    ],
    [
      "a Parameter's bounds changed",
      replace(
        /(&id001 !qilisdk\.Parameter\n\s+_bounds: )!tuple \[-1e\+30, 1e\+30\]/,
        '$1!tuple [0.0, 1.0]',
      ),
      /Parameter gamma_0 was changed after it was built/,
    ],
    [
      'fewer angles than layers',
      replace('_layers: 1', '_layers: 2'),
      /other than 2 angles per Hamiltonian/,
    ],
  ])('a !QAOA with %s is refused', (_what, edit, reason) => {
    expect(python('A-main', edit)).toEqual({
      refused: expect.stringMatching(new RegExp(`^not yet: the SDK's QAOA .*${reason.source}`)),
    });
  });
});

/** A Pauli sum of `[coefficient, factors]` terms ("X0 Y1"). */
function sum(...terms: Array<[number, string]>): PauliSum {
  return {
    terms: terms.map(([value, factors]) => {
      let xMask = 0;
      let zMask = 0;
      for (const f of factors.split(' ')) {
        const bit = 1 << Number(f.slice(1));
        if (f[0] !== 'Z') xMask |= bit;
        if (f[0] !== 'X') zMask |= bit;
      }
      return { coefficient: { kind: 'const', value }, xMask, zMask, nY: 0, factors };
    }),
    maxQubit: 1,
  } as unknown as PauliSum;
}

const show = (gates: ReturnType<typeof qaoaGates>) =>
  gates.map(
    (g) =>
      `${g.name}(${g.qubits.join(',')}${g.angle === undefined ? '' : `,${+g.angle.toFixed(6)}`})`,
  );

describe('qaoaGates: the gates the SDK QAOA constructor makes', () => {
  it("a_qaoa_ansatz's 19 gates, as its request lists them", () => {
    const gates = qaoaGates({
      nqubits: 3,
      problem: sum([1, 'Z0 Z1'], [1, 'Z1 Z2'], [-0.5, 'Z0']),
      mixer: sum([1, 'X0'], [1, 'X1'], [1, 'X2']),
      layers: 1,
      trotterSteps: 1,
      problemParams: [0.4],
      mixerParams: [0.7],
    });
    expect(show(gates).join(' ')).toBe(
      'H(0) H(1) H(2) CNOT(0,1) RZ(1,0.8) CNOT(0,1) CNOT(1,2) RZ(2,0.8) CNOT(1,2) RZ(0,-0.4) H(0) RZ(0,1.4) H(0) H(1) RZ(1,1.4) H(1) H(2) RZ(2,1.4) H(2)',
    );
  });

  it('non-commuting terms are split greedily and trotterized; Y goes to Z by RX(±π/2)', () => {
    const gates = qaoaGates({
      nqubits: 2,
      // Z0 anticommutes with X0, Y1 does not: the greedy pass makes [X0, Y1] and [Z0].
      problem: sum([1, 'X0'], [0.5, 'Z0'], [1, 'Y1']),
      mixer: sum([1, 'X0'], [1, 'X1']),
      layers: 1,
      trotterSteps: 2,
      problemParams: [1],
      mixerParams: [0],
    });
    const step = 'H(0) RZ(0,1) H(0) RX(1,1.570796) RZ(1,1) RX(1,-1.570796) RZ(0,0.5)';
    expect(show(gates).join(' ')).toBe(
      `H(0) H(1) ${step} ${step} H(0) RZ(0,0) H(0) H(1) RZ(1,0) H(1)`,
    );
  });
});
