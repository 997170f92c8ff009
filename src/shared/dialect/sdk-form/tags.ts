/**
 * The tags of the SDK's form the SDK-form readers know (besides the friendly dialect's own,
 * which the SDK shares: `!Circuit`, `!H` … `!Readout`'s readouts). A node carrying one is never
 * "a tag of no dialect".
 */
export const SDK_FORM_TAGS: ReadonlySet<string> = new Set([
  '!Parameter',
  '!Domain',
  '!qilisdk.Parameter',
  '!qilisdk.Domain',
  '!Readout',
  '!Hamiltonian',
  '!PauliX',
  '!PauliY',
  '!PauliZ',
  '!PauliI',
  '!QTensor',
  '!ndarray',
  '!csr_matrix',
  '!complex',
  '!defaultdict',
  '!tuple',
  '!type',
  '!Term',
  '!Variable',
  '!Operation',
  '!QAOA',
  '!HardwareEfficientAnsatz',
  '!SciPyOptimizer',
  '!Model',
  'tag:yaml.org,2002:python/object:qilisdk.cost_functions.observable_cost_function.ObservableCostFunction',
  'tag:yaml.org,2002:python/object:qilisdk.cost_functions.model_cost_function.ModelCostFunction',
  '!LinearSchedule',
  '!Interpolator',
  // 0.2.x enums the SDK writes as `!!python/object/apply:` calls (data: their value only).
  'tag:yaml.org,2002:python/object/apply:qilisdk.core.interpolator.Interpolation',
  'tag:yaml.org,2002:python/object/apply:qilisdk.core.qtensor.InitialState',
]);
