import type { DensityMatrix } from '../physics/density-matrix';
import type { StateVector } from '../physics/state-vector';

/** A state the readouts can read: a pure state's vector, or a mixed state's density matrix. */
export type ReadableState =
  { kind: 'pure'; sv: StateVector } | { kind: 'mixed'; dm: DensityMatrix };
