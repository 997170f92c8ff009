/** qilisdk 0.1.6's result classes as builders (Variant B): the graphs its serializer writes. */
export { samplingResult } from './sampling-result';
export type { SampleCounts } from './sampling-result';
export { timeEvolutionResult } from './time-evolution-result';
export type { TimeEvolutionValues } from './time-evolution-result';
export { qtensor } from './qtensor';
export { variationalProgramResult } from './variational-program-result';
export { experimentResult } from './experiment-result';
export { optimizerResult, optimizerIntermediateResult } from '../../results/optimizer-result';
export { dimension } from '../../results/dimension';
