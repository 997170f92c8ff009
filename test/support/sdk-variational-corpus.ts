import { readSdkYaml } from '../../src/shared/sdk/yaml';
import type { CorpusCase } from './sdk-digital-corpus';
import { field, list, pyFloat } from './sdk-values';

/*
 * The variational-program cases of the corpus this slice reads (cases.md of each version in
 * test/fixtures/sdk), in the words of cases.md. The ones over an evolution (b_vp_time_evolution_lbfgsb,
 * a_vp_analog_lbfgsb) are tested on their own (variational-evolution-corpus.test.ts,
 * sdk-variational-evolution.test.ts).
 */

export interface VariationalCase extends CorpusCase {
  method: string;
  /** SciPy's options as `name=value`, and tol. */
  options: string[];
  tol: number | null;
  store: boolean;
  /**
   * The cost function's kind and its value on each basis state (qubit 0 leftmost): an
   * observable's QTensor diagonal, or a model's `sum(Model.evaluate(x).values())`.
   */
  cost: { kind: 'observable' | 'model'; diagonal: number[] };
  /** Variant A's parameter constraints, as `[lhs, rhs]` labels of `lhs <= rhs`. */
  atMost?: Array<[string, string]>;
  /** Parts kept in the SDK's form on decompile (the whole program, or its cost function). */
  islands: string[];
}

const PROGRAM = 'variational_program_payload.variational_program';
const COST = `${PROGRAM}._cost_function`;

/**
 * Model 'one_hot_pair' on b0 b1 = 00, 01, 10, 11: the objective 2·b0·b1 − b0 − b1 (0, −1, −1, 0)
 * plus the one_hot constraint's multiplier 100 where b0 + b1 ≠ 1.
 */
const ONE_HOT_PAIR = [100, -1, -1, 100];
const A_VERSIONS = ['A-main', 'A-0.2.1.post1'] as const;

export const VARIATIONAL_CASES: VariationalCase[] = [
  {
    version: 'B-0.1.6',
    name: 'b_vp_sampling_cobyla',
    method: 'COBYLA',
    options: ['maxiter=20', 'rhobeg=0.5'],
    tol: 0.0001,
    store: true,
    // Z0 Z1 + 0.5 Z0 on |00>, |01>, |10>, |11>
    cost: { kind: 'observable', diagonal: [1.5, -0.5, -1.5, 0.5] },
    islands: [COST],
  },
  {
    version: 'B-0.1.6',
    name: 'b_vp_sampling_powell_qtensor_cost',
    method: 'Powell',
    options: ['maxiter=8', 'xtol=0.001'],
    tol: null,
    store: false,
    // the QTensor diag(1, -1, -1, 3) as the SDK wrote it
    cost: { kind: 'observable', diagonal: [1, -1, -1, 3] },
    islands: [COST],
  },
  {
    version: 'B-0.1.6',
    name: 'b_vp_sampling_nelder_mead_model_cost',
    method: 'Nelder-Mead',
    options: ['fatol=0.001', 'maxiter=40', 'xatol=0.001'],
    tol: null,
    store: true,
    cost: { kind: 'model', diagonal: ONE_HOT_PAIR },
    islands: [COST],
  },
  ...A_VERSIONS.flatMap((version): VariationalCase[] => [
    {
      version,
      name: 'a_vp_digital_cobyla',
      method: 'COBYLA',
      options: ['maxiter=20', 'rhobeg=0.5'],
      tol: 0.0001,
      store: true,
      cost: { kind: 'observable', diagonal: [1.5, -0.5, -1.5, 0.5] },
      islands: [COST],
    },
    {
      version,
      name: 'a_vp_digital_powell_pauli_cost',
      method: 'Powell',
      options: ['maxiter=8', 'xtol=0.001'],
      tol: null,
      store: false,
      // PauliZ(0): a 2×2 matrix on qubit 0
      cost: { kind: 'observable', diagonal: [1, -1] },
      islands: [COST],
    },
    {
      version,
      name: 'a_vp_digital_nelder_mead_model_cost',
      method: 'Nelder-Mead',
      options: ['fatol=0.001', 'maxiter=40', 'xatol=0.001'],
      tol: null,
      store: true,
      cost: { kind: 'model', diagonal: ONE_HOT_PAIR },
      atMost: [['a', 'd']],
      // The friendly form has no parameter constraints: the whole program stays as written.
      islands: [PROGRAM],
    },
  ]),
];

/** The optimum of a `!VariationalProgramResult` in the SDK's shape (read as the SDK writes it). */
export function optimumOf(text: string): {
  tag: string | null;
  cost: number;
  parameters: number[];
  /** The parameters of each `!OptimizerIntermediateResult`. */
  trace: number[][];
} {
  const read = readSdkYaml(text);
  if (!read.node) throw new Error('the result did not read');
  const optimizer = field(read.node, '_optimizer_result');
  return {
    tag: read.node.tag ?? null,
    cost: pyFloat(field(optimizer, '_optimal_cost')).value,
    parameters: list(field(optimizer, '_optimal_parameters')).map((n) => pyFloat(n).value),
    trace: list(field(optimizer, '_intermediate_results')).map((step) =>
      list(field(step, '_parameters')).map((n) => pyFloat(n).value),
    ),
  };
}
