/**
 * Every tag of the payload dialect (payload-dialect.md), declared to monaco-yaml so it raises no
 * "unresolved tag" errors. JSON Schema knows nothing of tags: a tagged node is validated as the
 * plain mapping (or scalar, sequence) under it. Tag-specific checks are ours (analysis/).
 */
const MAPPING_TAGS = [
  // functional objects and their building blocks
  'Circuit',
  'Schedule',
  'Parameter',
  'complex',
  'Sampling',
  'TimeEvolution',
  'VariationalProgram',
  'Optimizer',
  'DigitalPropagation',
  'AnalogEvolution',
  'QuantumReservoir',
  'ReservoirLayer',
  'RabiExperiment',
  'T1Experiment',
  'SamplingReadout',
  'ExpectationReadout',
  'StateTomographyReadout',
  // gates
  'I',
  'X',
  'Y',
  'Z',
  'H',
  'S',
  'T',
  'RX',
  'RY',
  'RZ',
  'U1',
  'U2',
  'U3',
  'CNOT',
  'CZ',
  'SWAP',
  'M',
  // results (a result pasted into the editor, or a job's payload opened from the monitor)
  'SamplingResult',
  'TimeEvolutionResult',
  'VariationalProgramResult',
  'OptimizerResult',
  'RabiExperimentResult',
  'T1ExperimentResult',
  'FunctionalResult',
  'SamplingReadoutResult',
  'ExpectationReadoutResult',
  'StateTomographyReadoutResult',
];

/** A parameter or complex number may be written inline as a scalar ("!complex 1+2j"). */
const SCALAR_TOO = ['Parameter', 'complex'];

/**
 * The SDK's own Python values (wire-facts.md, "The SDK's YAML"): tuples as `!tuple [..]`, NumPy
 * arrays as `!ndarray {dtype, shape, data}` (a Rabi or T1 sweep, say). Plain data, not code.
 */
const SEQUENCE_TAGS = ['tuple'];
const SDK_MAPPING_TAGS = ['ndarray'];

/**
 * Tags that carry code for the service's deserialiser. Declared in every form so the language
 * service stays quiet; our own analysis flags them with a warning at their position.
 */
const CODE_TAGS = ['function', 'lambda', 'type'];

export const CUSTOM_TAGS: string[] = [
  ...[...MAPPING_TAGS, ...SDK_MAPPING_TAGS].map((t) => `!${t} mapping`),
  ...SEQUENCE_TAGS.map((t) => `!${t} sequence`),
  ...SCALAR_TOO.map((t) => `!${t} scalar`),
  ...CODE_TAGS.flatMap((t) => [`!${t} scalar`, `!${t} mapping`, `!${t} sequence`]),
];
