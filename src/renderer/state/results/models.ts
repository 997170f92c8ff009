import type { ExperimentAnalysis } from '../../../shared/analysis/experiment-analysis';
import type { ComplexArray, CountTable } from '../../../shared/results/read';
import type { TNode } from '../../../shared/results/tree';

/*
 * What each viewer draws, decoded from the result tree. Plain data, so the decoding can run in
 * a worker. `notes` are things a reader should know that do not stop the viewer (a count sum
 * that differs from nshots, labels that could not be matched).
 */

interface ModelBase {
  tag: string | null;
  /** Where this result sits inside the job's result (`''` for the root, `result`, `readout_results[1]`). */
  path: string;
  notes: string[];
}

export interface SamplingModel extends ModelBase {
  kind: 'sampling';
  /** The shots the job asked for (the result's `nshots`, or the readout's in the payload). */
  nshots: number | null;
  nqubits: number | null;
  counts: CountTable;
  /** The result's own `probabilities`, when it carries them. */
  probabilities: CountTable | null;
  /** Sum of the counts. */
  total: number;
}

export interface ExpectationModel extends ModelBase {
  kind: 'expectation';
  labels: string[];
  values: Float64Array;
  nshots: number | null;
}

export interface StateModel extends ModelBase {
  kind: 'state';
  nqubits: number;
  amplitudes: ComplexArray;
}

/** A density matrix (a reservoir's state, a mixed state): populations, coherences, purity. */
export interface DensityModel extends ModelBase {
  kind: 'density';
  nqubits: number;
  /** ρ, row-major, 2^n × 2^n. */
  matrix: ComplexArray;
  /** Tr ρ². */
  purity: number;
}

export interface TimeSeries {
  /** The time of each row, or the step number when the result does not say the times. */
  t: Float64Array;
  axis: 'time' | 'step';
  /** One array per observable, aligned with `t`. */
  values: Float64Array[];
}

export interface TimeEvolutionModel extends ModelBase {
  kind: 'time-evolution';
  labels: string[];
  finalValues: Float64Array;
  series: TimeSeries | null;
  finalState: StateModel | DensityModel | null;
  /** How many intermediate states the result stores (Variant B's `_intermediate_states`). */
  intermediateStates: number;
}

export interface VariationalModel extends ModelBase {
  kind: 'variational';
  optimalCost: number | null;
  optimalParameters: Array<{ name: string; value: number }>;
  /** Cost and parameter values per recorded evaluation. */
  iterations: { cost: Float64Array; parameterNames: string[]; parameters: Float64Array[] };
  inner: ViewModel | null;
}

export interface ExperimentModel extends ModelBase {
  kind: 'experiment';
  experiment: 'rabi' | 't1';
  /** The sweep's name as the result spells it (`drive_pulse_duration`, `wait_duration`). */
  xName: string;
  x: Float64Array;
  s21: ComplexArray;
  qubit: number | null;
  averages: number | null;
  /** Projected signal and fit, computed with the decoding (in the worker for large sweeps). */
  analysis: ExperimentAnalysis;
}

export interface IntermediateResult {
  label: string;
  input: Array<{ name: string; value: string }>;
  readouts: ViewModel[];
}

export interface FunctionalModel extends ModelBase {
  kind: 'functional';
  readouts: ViewModel[];
  intermediate: IntermediateResult[];
  /**
   * What the final readouts stand for when the intermediate results are a reservoir's earlier
   * inputs (the SDK keeps one per input but the last): "Input 5 (u = 2.6)".
   */
  finalLabel?: string | null;
  /** Seconds the backend took (the SDK's `_execution_time`), when the result says. */
  executionTime: number | null;
}

export interface TreeModel extends ModelBase {
  kind: 'tree';
  root: TNode;
  /** Why the specific viewer was not used, in words (null for an unknown tag, said by the badge). */
  reason: string | null;
}

export type ViewModel =
  | SamplingModel
  | ExpectationModel
  | StateModel
  | DensityModel
  | TimeEvolutionModel
  | VariationalModel
  | ExperimentModel
  | FunctionalModel
  | TreeModel;

export type ViewKind = ViewModel['kind'];

/** What the payload tells about a readout (Variant A), for labels and the shot check. */
export interface ReadoutHint {
  tag: string | null;
  observables: string[] | null;
  nshots: number | null;
}

/** What the job's payload tells the viewers: observable names and readout settings. */
export interface ResultHints {
  /** Observables of a time evolution (also inside a variational program). */
  observables: string[] | null;
  readouts: ReadoutHint[];
  /** The evolution's total time (its schedule's `T`), to place Variant B's rows of values in time. */
  duration: number | null;
  /** What each intermediate result of a functional result stands for. */
  intermediate: 'step' | 'input';
  /** A reservoir's inputs, in order: each a binding of its encoding parameters. */
  inputs: Array<Array<{ name: string; value: string }>> | null;
}

export const NO_HINTS: ResultHints = {
  observables: null,
  readouts: [],
  duration: null,
  intermediate: 'step',
  inputs: null,
};
