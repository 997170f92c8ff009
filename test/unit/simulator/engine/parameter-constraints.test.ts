import { describe, expect, it } from 'vitest';
import { readJobParts } from '../../../../src/shared/dialect/job-model';
import { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { ReadSession } from '../../../../src/shared/dialect/read-session';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import type { ModelComparison } from '../../../../src/shared/dialect/sdk-form/model-terms';
import {
  checkOptimum,
  constrainedObjective,
  constraintPenalty,
} from '../../../../src/simulator/engine/run/parameter-constraints';
import { requestOf } from '../../../support/sdk-digital-corpus';

/*
 * Variant A's VariationalProgram `_parameter_constraints`, read from the SDK's own bytes (the
 * corpus' LEQ(a, d), which the SDK stores as a − d <= 0) and applied as qilisdk 0.2.x's backend
 * loop does: 100 per broken constraint instead of running the functional, a Parameter the
 * optimiser does not move at its own value, and an optimum that breaks one fails the job.
 */

const CASE = { version: 'A-main', name: 'a_vp_digital_nelder_mead_model_cost' } as const;

/** The program's constraints and the reading's problems, with `edit` applied to its YAML. */
function read(edit: (text: string) => string = (t) => t): {
  constraints: readonly ModelComparison[];
  problems: string[];
} {
  const { payload } = requestOf(CASE);
  const strings = (payload as unknown as Record<string, Record<string, string>>)
    .variational_program_payload!;
  const session = new ReadSession('collect');
  const at = (text: string, field: string) =>
    NodeRef.root(parseYamlSource(text, `variational_program_payload.${field}`, field), session);
  const parts = readJobParts(
    'A',
    payload.type,
    at(edit(strings.variational_program!), 'variational_program'),
    at(strings.readout!, 'readout'),
  );
  const f = parts.functional;
  return {
    constraints: f?.kind === 'variational' ? f.parameterConstraints : [],
    problems: session.problems.map((p) => p.message),
  };
}

describe("the corpus' parameter constraint LEQ(a, d)", () => {
  const { constraints, problems } = read();

  it('reads as one comparison over the Parameters a and d', () => {
    expect(problems).toEqual([]);
    expect(constraints).toHaveLength(1);
    expect(constraints[0]!.operation).toBe('<=');
  });

  it('costs 100 where a > d, nothing where a <= d; an unmoved Parameter keeps its value', () => {
    expect(
      constraintPenalty(
        constraints,
        new Map([
          ['a', 0.4],
          ['d', 1.1],
        ]),
      ),
    ).toBe(0);
    expect(
      constraintPenalty(
        constraints,
        new Map([
          ['a', 1.1],
          ['d', 1.1],
        ]),
      ),
    ).toBe(0);
    expect(
      constraintPenalty(
        constraints,
        new Map([
          ['a', 1.2],
          ['d', 1.1],
        ]),
      ),
    ).toBe(100);
    // d is not moved: its written value 1.1 stands.
    expect(constraintPenalty(constraints, new Map([['a', 2]]))).toBe(100);
    expect(constraintPenalty(constraints, new Map([['a', 1]]))).toBe(0);
  });

  it('never runs the functional at a point that breaks it', async () => {
    const ran: number[][] = [];
    const objective = constrainedObjective(
      constraints,
      (x) =>
        new Map([
          ['a', x[0]!],
          ['d', x[1]!],
        ]),
      async (x) => (ran.push([...x]), -1),
    );
    expect(await objective([2, 1])).toBe(100);
    expect(await objective([0.5, 1])).toBe(-1);
    expect(ran).toEqual([[0.5, 1]]);
  });

  it("fails the job when the optimum breaks it, with the SDK's message", () => {
    expect(() =>
      checkOptimum(
        constraints,
        new Map([
          ['a', 3],
          ['d', 1],
        ]),
      ),
    ).toThrow('Optimizer Failed at finding an optimal solution');
    expect(() =>
      checkOptimum(
        constraints,
        new Map([
          ['a', 0],
          ['d', 3],
        ]),
      ),
    ).not.toThrow();
  });
});

/** The constraint's element `a` (`*id003 : 1`) replaced by `key`, as an explicit YAML key. */
const replaceA = (key: string) => (text: string) =>
  text.replace(/^( *)\*id003 : 1$/m, (_line, indent: string) => `${indent}? ${key}\n${indent}: 1`);

describe('a parameter constraint the SDK would not build is refused, saying where', () => {
  const other =
    '!qilisdk.Parameter {_bounds: !tuple [0, 1], _domain: !qilisdk.Domain Real Domain, _hash_cache: null, _label: zz, _trainable: true, _value: 0.0}';

  it('a Parameter that is not one of the functional', () => {
    const { problems } = read(replaceA(other));
    expect(problems.join('\n')).toMatch(
      /_parameter_constraints\[0\]: the Parameter "zz" is not a parameter of the variational program's functional/,
    );
  });

  it('a variable that is not a Parameter', () => {
    const binary = '!BinaryVariable {_label: a}';
    const { problems } = read(replaceA(binary));
    expect(problems.join('\n')).toMatch(/only Parameters can be constrained/);
  });
});
