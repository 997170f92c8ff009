import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServicePayload } from '../../../../src/shared/sdk/decompile/open-service-payload';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import type { VariantId } from '../../../../src/shared/variants';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/*
 * "Copy as Python" over the whole SDK corpus: every request the SDK's own client sent
 * (test/fixtures/sdk/<version>/requests/<case>.json, the same payload as <case>.yaml), opened
 * the way the app opens a service payload (`openServicePayload`: the friendly form where it can
 * be verified), then written as a script. Each case gets a script or a refusal, and the refusals
 * are exactly REFUSED below: a case that starts being refused fails here, and so does one that
 * starts being written (take it off the list).
 */

const SDK = path.join(import.meta.dirname, '../../../fixtures/sdk');

/** `<version>/<case>: <reason>`, sorted, one per line. */
const REFUSED = [
  "A-0.2.1.post1/a_vp_digital_nelder_mead_model_cost: not yet: parameter constraints (ComparisonTerms over the circuit's Parameters) cannot be written as SDK Python",
  "A-main/a_vp_digital_nelder_mead_model_cost: not yet: parameter constraints (ComparisonTerms over the circuit's Parameters) cannot be written as SDK Python",
];

interface CorpusCase {
  id: string;
  variant: VariantId;
  payload: unknown;
}

function corpusCases(): CorpusCase[] {
  const out: CorpusCase[] = [];
  const versions = readdirSync(SDK, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const version of versions) {
    const dir = path.join(SDK, version, 'requests');
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const body = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { payload: string };
      out.push({
        id: `${version}/${file.slice(0, -'.json'.length)}`,
        variant: version.startsWith('A-') ? 'A' : 'B',
        payload: JSON.parse(body.payload) as unknown,
      });
    }
  }
  return out;
}

/** The script, or the refusal's reason, for one case as the app would write it. */
function asPython(c: CorpusCase): { script: string } | { refused: string } {
  const opened = openServicePayload(c.variant, c.payload);
  const read = documentToExecutePayload(c.variant, opened.text);
  const errors = read.problems.filter((p) => p.severity === 'error');
  if (!read.payload || errors.length > 0)
    return { refused: `the opened document does not read: ${errors[0]?.message ?? '?'}` };
  return payloadAsPython(c.variant, read.payload, { device: 'sim.statevector', source: c.id });
}

describe('Copy as Python over the SDK corpus', () => {
  const cases = corpusCases();
  const outcomes = cases.map((c) => ({ c, out: asPython(c) }));

  it('reads every request of every version of the corpus', () => {
    expect(cases.length).toBe(71);
    expect(new Set(cases.map((c) => c.variant))).toEqual(new Set(['A', 'B']));
  });

  it('refuses exactly the listed cases, each for the listed reason', () => {
    const refused = outcomes
      .flatMap(({ c, out }) => ('refused' in out ? [`${c.id}: ${out.refused}`] : []))
      .sort();
    expect(refused).toEqual(REFUSED);
  });

  // What each case's script must say, checked against cases.md's account of the SDK objects.
  it.each([
    [
      'A-main/a_ae_interpolators_total_time',
      '        "zz": Interpolator({0.0: 0.0, 2.0: 0.7, 4.0: 1.0}, Interpolation.STEP, nsamples=10),\n',
    ],
    ['A-main/a_ae_interpolators_total_time', '        "x": {0.0: 1.0, 4.0: 0.2},\n'],
    [
      'B-0.1.6/b_te_complex_coefficients',
      '"h": complex(0.5, 0.25) * Z(0) * Z(1) * Z(2) + complex(0.0, 1.0) * X(0) - 0.75 * Y(2),',
    ],
    [
      'B-0.1.6/b_gates_adjoint_exponential',
      'circuit.add(Adjoint(U3(1, theta=0.2, phi=0.3, gamma=0.4)))\n',
    ],
    ['A-main/a_reservoir_output_encoding', 'input_encoding.add(RZ(1, phi=v))\n'],
    ['A-0.2.1.post1/a_t1_shim', '    qubit=1,\n    averages=2000,\n'],
    [
      'A-0.2.1.post1/a_qaoa_ansatz',
      'circuit = QAOA(\n    problem_hamiltonian=Z(0) * Z(1) + Z(1) * Z(2) - 0.5 * Z(0),\n    layers=1,\n    problem_params=[0.4],\n    mixer_params=[0.7],\n)\n',
    ],
    ['A-main/a_vp_analog_lbfgsb', '        "hx": {0.0: hx_start, 2.0: 0.0},\n'],
    ['A-main/a_vp_analog_lbfgsb', '    initial_state=ket(0),\n'],
    ['A-0.2.1.post1/a_ae_linear_two_qubit', '    initial_state=ket(0, 1),\n'],
    [
      'B-0.1.6/b_te_density_matrix_initial_state',
      'initial_state=QTensor(np.array([[0.75, 0.25], [0.25, 0.25]]',
    ],
  ])('%s: its script holds %j', (id, line) => {
    const outcome = outcomes.find(({ c }) => c.id === id);
    expect(outcome?.out).toEqual({ script: expect.stringContaining(line) });
  });

  it.each(outcomes.filter(({ out }) => 'script' in out).map(({ c, out }) => [c.id, out]))(
    '%s: a whole script that builds `functional` and submits it',
    (_id, out) => {
      const script = (out as { script: string }).script;
      expect(script).toMatch(/^# Written by Quantum Job Studio from /);
      expect(script).toMatch(/\nfunctional = /);
      expect(script).toMatch(/\njob = client\.submit\(functional, device=DEVICE/);
      expect(script.endsWith('print(detail.get_results())\n')).toBe(true);
    },
  );
});
