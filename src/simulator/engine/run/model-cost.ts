import type { SdkModel } from '../../../shared/dialect/sdk-form/model';
import type { TermVariable } from '../../../shared/dialect/sdk-form/model-terms';
import { toBitstring } from '../physics/state-vector';
import type { Complex } from './model-terms';
import { evaluateComparison, evaluateTerm, isReal } from './model-terms';
import { SimulationError } from './prepare-functional';

/*
 * qilisdk's ModelCostFunction (cost_functions/model_cost_function.py, alike in 0.1.6 and 0.2.x):
 * the cost is Σ p(x) · Σ Model.evaluate(x) over the bitstrings x of the samples (their
 * probabilities) or of the final state (|amplitude|²), where bit i of x is the value of the i-th
 * variable of `Model.variables()` (sorted by label) and `Model.evaluate` gives the objective's
 * value (negated when maximised) and, per constraint, its Lagrange multiplier when it is broken
 * and 0 when it holds. A complex total is refused, as the SDK's optimiser loop refuses it.
 */

/** Bitstrings whose value is remembered (a model is evaluated once per distinct outcome). */
const MEMO_LIMIT = 1 << 16;
/**
 * Term elements one job may evaluate, over every outcome not remembered (outcomes × elements):
 * a bound on the time the model takes, whatever the shots, qubits and iterations.
 */
export const MAX_MODEL_WORK = 100_000_000;

export class ModelCost {
  private readonly memo = new Map<string, Complex>();
  private readonly size: number;
  private work = 0;

  constructor(
    readonly model: SdkModel,
    /** The SDK version's tolerance on imaginary parts (model-terms.ts SDK_ATOL). */
    readonly atol: number,
    private readonly maxWork = MAX_MODEL_WORK,
  ) {
    this.size = countElements(model);
  }

  /** `sum(Model.evaluate(x).values())` for one bitstring over the model's variables. */
  valueAt(bits: string): Complex {
    const known = this.memo.get(bits);
    if (known) return known;
    const vars = this.model.variables;
    if (bits.length !== vars.length)
      throw new SimulationError(
        `a sample of ${bits.length} bits cannot be mapped to the model's ${vars.length} variables (${vars.map((v) => v.label).join(', ')})`,
        'The SDK refuses it too ("Mapping samples to the model\'s variables is ambiguous"): measure one qubit per variable.',
      );
    this.work += Math.max(1, this.size);
    if (this.work > this.maxWork)
      throw new SimulationError(
        `evaluating the model (${this.size} Term elements) on every outcome is beyond the simulator's limit of ${this.maxWork} element evaluations per job`,
        'Use fewer shots or qubits, or a smaller model.',
      );
    const index = new Map(vars.map((v, i) => [v.label, i] as const));
    const valueOf = (v: TermVariable): number => {
      const ch = bits[index.get(v.label)!];
      if (ch !== '0' && ch !== '1')
        throw new SimulationError(
          `the sample "${bits}" has "${ch}" where the variable ${v.label} takes a bit`,
          'The SDK reads each character of a sample as an int and fails on an unmeasured qubit ("_"): measure every qubit.',
        );
      const bit = ch === '1' ? 1 : 0;
      return v.kind === 'spin' ? (bit ? 1 : -1) : bit;
    };
    const at = { valueOf, atol: this.atol };
    const results = new Map<string, Complex>();
    const objective = evaluateTerm(this.model.objective.term, at);
    const sign = this.model.objective.sense === 'maximize' ? -1 : 1;
    results.set(this.model.objective.label, { re: sign * objective.re, im: sign * objective.im });
    for (const c of this.model.constraints)
      results.set(c.label, { re: evaluateComparison(c.comparison, at) ? 0 : c.multiplier, im: 0 });
    const total = { re: 0, im: 0 };
    for (const v of results.values()) {
      total.re += v.re;
      total.im += v.im;
    }
    if (this.memo.size < MEMO_LIMIT) this.memo.set(bits, total);
    return total;
  }

  /** From a sampled distribution: bitstring (measured qubits, qubit 0 leftmost) → probability. */
  fromProbabilities(probabilities: Iterable<readonly [string, number]>): number {
    const total = { re: 0, im: 0 };
    for (const [bits, p] of probabilities) {
      const v = this.valueAt(bits);
      total.re += v.re * p;
      total.im += v.im * p;
    }
    return this.real(total);
  }

  /** From counts of shots, as the SDK's SamplingResult gives probabilities (count / shots). */
  fromCounts(counts: ReadonlyMap<string, number>): number {
    let shots = 0;
    for (const n of counts.values()) shots += n;
    return this.fromProbabilities([...counts].map(([bits, n]) => [bits, n / shots] as const));
  }

  /**
   * From a final state's probabilities over the engine's basis (qubit q is bit q): each basis
   * state with a non-zero probability is evaluated (one with none adds nothing to the SDK's sum).
   */
  fromState(probabilities: Float64Array, nqubits: number): number {
    if (nqubits !== this.model.variables.length)
      throw new SimulationError(
        `the model has ${this.model.variables.length} variables and the final state ${nqubits} qubits`,
        'The SDK maps each basis state of the final state to the model variables bit by bit: give the model one variable per qubit.',
      );
    const qubits = Array.from({ length: nqubits }, (_, q) => q);
    const total = { re: 0, im: 0 };
    probabilities.forEach((p, i) => {
      if (p === 0) return;
      const v = this.valueAt(toBitstring(i, qubits));
      total.re += v.re * p;
      total.im += v.im * p;
    });
    return this.real(total);
  }

  private real(total: Complex): number {
    if (isReal(total.im, this.atol)) return total.re;
    throw new SimulationError(
      `the ModelCostFunction's value is complex (${total.re} + ${total.im}i)`,
      "The SDK's optimiser loop refuses a complex cost: use real coefficients in the model.",
    );
  }
}

function countElements(model: SdkModel): number {
  type Term = SdkModel['objective']['term'];
  const count = (t: Term): number =>
    t.elements.reduce((n, e) => n + 1 + (e.kind === 'term' ? count(e.term) : 0), 0);
  return (
    count(model.objective.term) +
    model.constraints.reduce((n, c) => n + count(c.comparison.lhs) + count(c.comparison.rhs), 0)
  );
}
