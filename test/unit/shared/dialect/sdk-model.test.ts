import { describe, expect, it } from 'vitest';
import { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import {
  MAX_MODEL_TERM_ELEMENTS,
  readSdkModel,
} from '../../../../src/shared/dialect/sdk-form/model';

/*
 * qilisdk's `!Model` read as data for the simulator: what the SDK's Model.evaluate could not
 * evaluate, or the simulator does not, is refused with the path of the node at fault.
 */

const B = (label: string) => `!BinaryVariable {_label: ${label}}`;

function model(parts: { objective?: string; constraints?: string; multipliers?: string }): string {
  return [
    '!Model',
    '_label: m',
    '_encoding_constraints: {}',
    `_lagrange_multipliers: ${parts.multipliers ?? '{c: 10}'}`,
    '_objective: !Objective',
    '  _label: obj',
    '  _sense: !ObjectiveSense minimize',
    '  _term: !Term',
    '    _operation: !Operation +',
    `    _elements: ${parts.objective ?? `{? ${B('x')} : 1}`}`,
    `_constraints: ${parts.constraints ?? '{}'}`,
  ].join('\n');
}

const read = (text: string) =>
  readSdkModel(NodeRef.root(parseYamlSource(text, 'cost._model', 'test')), 'B');

describe('a !Model', () => {
  it('reads its objective, its constraints with their multipliers, its variables by label', () => {
    const m = read(
      model({
        objective: `{? ${B('y')} : 1, ? ${B('x')} : 2}`,
        constraints: `{c: !Constraint {_label: c, _term: !ComparisonTerm {_operation: !ComparisonOperation '<=', _lhs: !Term {_operation: !Operation +, _elements: {? ${B('z')} : 1}}, _rhs: !Term {_operation: !Operation +, _elements: {}}}}}`,
      }),
    );
    expect(m.variables.map((v) => v.label)).toEqual(['x', 'y', 'z']);
    expect(m.constraints.map((c) => [c.label, c.multiplier])).toEqual([['c', 10]]);
  });

  it('refuses a constraint without a Lagrange multiplier', () => {
    expect(() =>
      read(
        model({
          multipliers: '{}',
          constraints: `{c: !Constraint {_label: c, _term: !ComparisonTerm {_operation: !ComparisonOperation '==', _lhs: !Term {_operation: !Operation +, _elements: {}}, _rhs: !Term {_operation: !Operation +, _elements: {}}}}}`,
        }),
      ),
    ).toThrow(
      /cost\._model\._constraints\.c\._label: the constraint "c" has no Lagrange multiplier/,
    );
  });

  it('refuses a continuous Variable (an encoding over several bits)', () => {
    expect(() =>
      read(model({ objective: '{? !Variable {_label: price, _precision: 0.01} : 1}' })),
    ).toThrow(/the continuous Variable "price" .* is not evaluated by the simulator/);
  });

  it('refuses a mathematical map and an unknown comparison', () => {
    expect(() =>
      read(
        model({}).replace('_operation: !Operation +', '_operation: !Operation mathematical_map'),
      ),
    ).toThrow(/cost\._model\._objective\._term\._operation: expected !Operation/);
  });

  it('refuses one label for two kinds of variable', () => {
    expect(() =>
      read(model({ objective: `{? ${B('x')} : 1, ? !SpinVariable {_label: x} : 1}` })),
    ).toThrow(/"x" names a binary variable and a spin one/);
  });

  it(`refuses more than ${MAX_MODEL_TERM_ELEMENTS} Term elements, aliases counted each time`, () => {
    // a_k and b_k each hold a_(k-1) and b_(k-1): 2^15 elements in a few lines of YAML.
    const defs = ['a0: &a0 !BinaryVariable {_label: x}', 'b0: &b0 !BinaryVariable {_label: y}'];
    for (let k = 1; k <= 14; k++)
      for (const [name, c] of [
        ['a', 1],
        ['b', 2],
      ] as const)
        defs.push(
          `${name}${k}: &${name}${k} !Term {_operation: !Operation +, _elements: {? *a${k - 1} : ${c}, ? *b${k - 1} : 1}}`,
        );
    const text = model({ objective: '{? *a14 : 1}' }).replace(
      '_encoding_constraints: {}',
      `_encoding_constraints: {${defs.join(', ')}}`,
    );
    expect(() => read(text)).toThrow(
      /the model: more than 10000 Term elements \(aliases counted each time\), the simulator's limit/,
    );
  });
});
