/** qilisdk 0.2.x's result classes as builders (Variant A, main's form): the graphs its serializer writes. */
export {
  expectationReadoutResult,
  readoutCompositeResults,
  samplingFromCounts,
  samplingReadoutResult,
  stateTomographyReadoutResult,
} from './readout-results';
export type { BitstringTable, ReadoutParts } from './readout-results';
export { functionalResult } from './functional-result';
export { qtensor } from './qtensor';
export { variationalProgramResult } from './variational-program-result';
export { experimentResult } from './experiment-result';
export { optimizerResult, optimizerIntermediateResult } from '../../results/optimizer-result';
export { dimension } from '../../results/dimension';
