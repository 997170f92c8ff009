import { describe, expect, it } from 'vitest';
import type { SdkNode } from '../../../../../src/shared/sdk/node';
import { readSdkYaml, tagShorthand } from '../../../../../src/shared/sdk/yaml';
import { sdkYamlSamples } from './sdk-corpus';
import { at } from './sdk-path';

const samples = sdkYamlSamples();

function read(text: string, reader: 'auto' | 'general' = 'auto'): SdkNode {
  const result = readSdkYaml(text, {}, { reader });
  if (!result.node) throw new Error(result.problems.map((p) => p.message).join('; '));
  return result.node;
}

describe.each(['auto', 'general'] as const)('the graph read (%s reader)', (reader) => {
  const readWith = (name: string): SdkNode => {
    const sample = samples.find((s) => s.name === name);
    if (!sample) throw new Error(`no sample ${name}`);
    return read(sample.text, reader);
  };

  it('makes an alias the very node of its anchor, keys and values alike', () => {
    const root = readWith(
      'A-main/requests/a_gates_rotations_parameters.digital_propagation_payload.digital_propagation',
    );
    const alpha = at(root, 'circuit._gates[0]._parameters.theta');
    expect(alpha.tag).toBe('!qilisdk.Parameter');
    expect(at(root, 'circuit._parameters.alpha')).toBe(alpha);
    expect(at(root, 'circuit._gates[6]._parameters.theta')).toBe(alpha);
    // `_parameters_link` refers back to whole gates: `- !tuple [theta, *id010]`.
    expect(at(root, 'circuit._parameters_link.alpha[0][1]')).toBe(at(root, 'circuit._gates[0]'));
    expect(at(root, 'circuit._parameters_link.alpha[1][1]')).toBe(at(root, 'circuit._gates[6]'));
  });

  it('keeps 0.1.6 sharing one empty dict between parameterless gates', () => {
    const root = readWith('B-0.1.6/requests/b_gates_controlled.sampling_payload.sampling');
    const shared = at(root, 'circuit._gates[0]._parameters');
    expect(shared).toMatchObject({ kind: 'map', entries: [] });
    expect(at(root, 'circuit._gates[1]._parameters')).toBe(shared);
  });

  it('keeps 64-bit ints exact, ints apart from floats and -0.0 negative', () => {
    const root = readWith(
      'A-main/requests/a_ae_time_functions.analog_evolution_payload.analog_evolution',
    );
    const driver = at(root, 'schedule._coefficients.driver._current_time');
    expect(at(driver, '_hash_cache')).toEqual({
      kind: 'int',
      value: 8329607030044928788n,
      tag: null,
    });
    expect(at(driver, '_value')).toEqual({ kind: 'float', value: 3, tag: null });
    const bias = at(root, 'schedule._coefficients.bias._current_time');
    expect(at(bias, '_value')).toEqual({ kind: 'int', value: 0n, tag: null });
    expect(at(bias, '_hash_cache')).toEqual({ kind: 'null', tag: null });
    const model = readWith(
      'B-0.1.6/requests/b_vp_sampling_nelder_mead_model_cost.variational_program_payload.variational_program',
    );
    const negativeZeros: number[] = [];
    const visit = (n: SdkNode): void => {
      if (n.kind === 'float' && Object.is(n.value, -0)) negativeZeros.push(n.value);
      if (n.kind === 'seq') n.items.forEach(visit);
      if (n.kind === 'map') n.entries.forEach(([k, v]) => (visit(k), visit(v)));
    };
    visit(model);
    expect(negativeZeros.length).toBeGreaterThan(0);
  });

  it('keeps float and int mapping keys, tuple keys and object keys', () => {
    const root = readWith(
      'A-main/requests/a_ae_time_functions.analog_evolution_payload.analog_evolution',
    );
    const times = at(root, 'schedule._coefficients.bias._time_dict');
    expect(times).toMatchObject({
      kind: 'map',
      entries: [
        [
          { kind: 'float', value: 0 },
          { kind: 'float', value: 1 },
        ],
      ],
    });
    const h = readWith(
      'A-main/requests/a_ae_linear_two_qubit.analog_evolution_payload.analog_evolution',
    );
    const items = at(h, 'schedule._hamiltonians.problem._elements.items');
    if (items.kind !== 'map') throw new Error('not a map');
    const [first, second] = items.entries.map(([k]) => k);
    expect(first).toMatchObject({ kind: 'seq', tag: '!tuple' });
    // `? !tuple [*id001]`: the Pauli object of the first key, shared.
    expect((second as { items: SdkNode[] }).items[0]).toBe(
      (first as { items: SdkNode[] }).items[0],
    );
  });

  it('keeps tags as written, `!!` as the YAML namespace', () => {
    const root = readWith(
      'A-main/requests/a_ae_time_functions.analog_evolution_payload.analog_evolution',
    );
    expect(root.tag).toBe('!AnalogEvolution');
    expect(at(root, '_initial_state')).toEqual({
      kind: 'seq',
      tag: 'tag:yaml.org,2002:python/object/apply:qilisdk.core.qtensor.InitialState',
      items: [{ kind: 'str', value: 'zero', tag: null }],
    });
    expect(at(root, 'schedule._coefficients.bias._interpolation')).toMatchObject({
      items: [{ kind: 'str', value: 'linear interpolation between schedule points' }],
    });
  });
});

describe('scalars, as ruamel resolves them (YAML 1.2)', () => {
  const value = (text: string): unknown => {
    const node = read(`k: ${text}\n`);
    const v = at(node, 'k');
    return v.kind === 'null' ? null : v.kind === 'seq' || v.kind === 'map' ? v : [v.kind, v.value];
  };

  it.each([
    ['1e+30', ['float', 1e30]],
    ['-1e+30', ['float', -1e30]],
    ['1.', ['float', 1]],
    ['.5', ['float', 0.5]],
    ['1_000.5', ['float', 1000.5]],
    ['.inf', ['float', Infinity]],
    ['-.Inf', ['float', -Infinity]],
    ['0', ['int', 0n]],
    ['-12', ['int', -12n]],
    ['+7', ['int', 7n]],
    ['0o17', ['int', 15n]],
    ['017', ['int', 17n]],
    ['0x1F', ['int', 31n]],
    ['0b101', ['int', 5n]],
    ['1_000', ['int', 1000n]],
    ['18446744073709551617', ['int', 18446744073709551617n]],
    ['true', ['bool', true]],
    ['False', ['bool', false]],
    ['yes', ['str', 'yes']],
    ['on', ['str', 'on']],
    ['null', null],
    ['~', null],
    ["'123'", ['str', '123']],
    ['"true"', ['str', 'true']],
    ['1e5', ['float', 100000]],
    ['12:30', ['str', '12:30']],
    ['Real Domain', ['str', 'Real Domain']],
  ])('%s', (text, expected) => {
    expect(value(text)).toEqual(expected);
  });

  it('reads NaN and an empty value as null', () => {
    const nan = at(read('k: .nan\n'), 'k');
    expect(nan.kind === 'float' && Number.isNaN(nan.value)).toBe(true);
    expect(at(read('k:\nj: 1\n'), 'k')).toEqual({ kind: 'null', tag: null });
  });

  it('keeps a date as text tagged timestamp, and a local tag on text as written', () => {
    expect(at(read('k: 2001-12-14\n'), 'k')).toEqual({
      kind: 'str',
      value: '2001-12-14',
      tag: 'tag:yaml.org,2002:timestamp',
    });
    expect(at(read('k: !Operation 12\n'), 'k')).toEqual({
      kind: 'str',
      value: '12',
      tag: '!Operation',
    });
    expect(at(read("k: !!int '12'\n"), 'k')).toEqual({ kind: 'int', value: 12n, tag: null });
  });

  it('folds quoted and plain scalars written over several lines', () => {
    expect(at(read("k: 'a\n  b\n\n  c'\n"), 'k')).toMatchObject({ value: 'a b\nc' });
    expect(at(read('k: "a\\\n  b\\ c\\x41\\u00e9"\n'), 'k')).toMatchObject({ value: 'ab cAé' });
    expect(at(read('k: a long\n  plain text\n'), 'k')).toMatchObject({
      value: 'a long plain text',
    });
  });
});

describe('positions', () => {
  it.each(['auto', 'general'] as const)(
    'points every scalar of a corpus string at its own text (%s reader)',
    (reader) => {
      const sample = samples.find((s) => s.name.startsWith('A-main/requests/a_ae_time_functions.'));
      if (!sample) throw new Error('no sample');
      const result = readSdkYaml(sample.text, {}, { reader });
      if (!result.node) throw new Error('refused');
      const seen = new Set<SdkNode>();
      let checked = 0;
      const visit = (n: SdkNode): void => {
        if (seen.has(n)) return;
        seen.add(n);
        const range = result.rangeOf(n);
        expect(range).toBeDefined();
        const written = sample.text.slice(range!.offset, range!.endOffset);
        if (n.kind === 'int') expect(written).toBe(String(n.value));
        if (n.kind === 'float') expect(Number(written)).toBe(n.value);
        if (n.kind === 'str' && n.tag === null && /^\w+$/.test(n.value))
          expect(written).toBe(n.value);
        if (n.kind === 'seq' || n.kind === 'map') {
          const tag = n.tag === null ? '' : tagShorthand(n.tag);
          expect(written.replace(/^&\S+ /, '').slice(0, tag.length)).toBe(tag);
          for (const child of n.kind === 'seq' ? n.items : n.entries.flat()) visit(child);
        }
        checked++;
      };
      visit(result.node);
      expect(checked).toBeGreaterThan(100);
    },
  );

  it('gives the line and column each node was written at', () => {
    const text = '!Circuit\n_gates:\n- !H\n  _target_qubits: !tuple [0]\n_nqubits: 1\n';
    const result = readSdkYaml(text);
    if (!result.node) throw new Error('refused');
    const qubits = at(result.node, '_gates[0]._target_qubits');
    expect(result.rangeOf(qubits)).toMatchObject({
      line: 4,
      column: 19,
      endLine: 4,
      endColumn: 29,
    });
    expect(result.rangeOf(at(result.node, '_gates[0]'))).toMatchObject({ line: 3, column: 3 });
    expect(result.rangeOf(at(result.node, '_nqubits'))).toMatchObject({ line: 5, column: 11 });
  });
});
