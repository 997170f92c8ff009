import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { readSdkYaml } from '../../../../../src/shared/sdk/yaml';
import { sdkGet } from '../../../../../src/shared/sdk/node';
import type { SdkMap, SdkNode } from '../../../../../src/shared/sdk/node';

/*
 * The friendly time evolution compiled to qilisdk 0.1.x's form: what the friendly form means is
 * what the SDK object says (a step schedule is a Schedule, a coefficient starting late is held
 * from step 0), and what 0.1.x cannot say is refused, naming the coefficient.
 */

function document(schedule: string, extra = ''): string {
  return `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
${schedule
  .trim()
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
    observables: ["Z0"]
${extra}`;
}

const RAMP = `T: 1.0
dt: 0.25
hamiltonians: {h: "X0"}
coefficients:
  h: [[0.5, 1.0], [1.0, 0.0]]`;

function compiled(text: string): SdkMap {
  const out = compilePayload('B', text);
  expect(out.problems.filter((p) => p.severity === 'error')).toEqual([]);
  const strings = out.payload!.time_evolution_payload!;
  return readSdkYaml(strings.time_evolution!).node as SdkMap;
}

function field(node: SdkNode | undefined, ...path: string[]): SdkNode | undefined {
  let at = node;
  for (const key of path) at = at && at.kind === 'map' ? sdkGet(at, key) : undefined;
  return at;
}

function errors(text: string): string[] {
  return compilePayload('B', text)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => p.message);
}

describe('a friendly !TimeEvolution compiled for qilisdk 0.1.x', () => {
  it('is a LinearSchedule by default and a Schedule with interpolation: step', () => {
    expect(field(compiled(document(RAMP)), 'schedule')!.tag).toBe('!LinearSchedule');
    expect(field(compiled(document(`${RAMP}\ninterpolation: step`)), 'schedule')!.tag).toBe(
      '!Schedule',
    );
  });

  it('holds a coefficient that starts late at its first value from step 0, as the friendly form means', () => {
    const steps = field(compiled(document(RAMP)), 'schedule', '_schedule') as SdkMap;
    expect(steps.entries.map(([k, v]) => [k.kind === 'int' ? Number(k.value) : -1, v])).toEqual([
      [
        0,
        expect.objectContaining({
          entries: [[expect.anything(), expect.objectContaining({ value: 1 })]],
        }),
      ],
      [2, expect.anything()],
      [4, expect.anything()],
    ]);
  });

  it('refuses a time off the dt grid and a jump, naming the coefficient', () => {
    expect(errors(document(RAMP.replace('[0.5, 1.0]', '[0.3, 1.0]')))).toEqual([
      expect.stringContaining(
        'coefficient "h": time 0.3 is not a whole number of steps of dt = 0.25',
      ),
    ]);
    expect(errors(document(RAMP.replace('[1.0, 0.0]', '[0.5, 0.0]')))).toEqual([
      expect.stringContaining('coefficient "h" has two values at time 0.5 (a jump)'),
    ]);
  });

  it('takes a density matrix as initial_state and a !QTensor observable, both friendly', () => {
    const text = document(
      'T: 1.0\ndt: 0.5\nhamiltonians: {h: "Z0"}\ncoefficients: {h: 1.0}',
      '    initial_state: !QTensor {matrix: [[0.5, 0.5], [0.5, 0.5]]}\n',
    ).replace('observables: ["Z0"]', 'observables: [!QTensor {matrix: [[0.0, 1.0], [1.0, 0.0]]}]');
    const node = compiled(text);
    expect(field(node, 'initial_state', '_data', 'shape')).toMatchObject({
      tag: '!tuple',
      items: [{ value: 2n }, { value: 2n }],
    });
    expect((field(node, 'observables') as { items: SdkNode[] }).items[0]!.tag).toBe('!QTensor');
  });

  it('refuses a density matrix that is not one', () => {
    const text = document(
      'T: 1.0\ndt: 0.5\nhamiltonians: {h: "Z0"}\ncoefficients: {h: 1.0}',
      '    initial_state: !QTensor {matrix: [[0.5, 0.5], [0.0, 0.5]]}\n',
    );
    expect(errors(text)).toEqual([expect.stringContaining('the density matrix is not Hermitian')]);
  });
});
