import type { DenseState } from '../../../shared/sdk/results/data';
import type { DensityMatrix } from '../physics/density-matrix';
import type { StateVector } from '../physics/state-vector';
import { externalIndex } from '../physics/state-vector';

/*
 * The engine's states as the SDK's QTensor holds them: dense, row-major, in bitstring order
 * (qubit 0 the most significant bit, README of the SDK corpus). The engine keeps qubit 0 as the
 * least significant bit; `externalIndex` converts.
 */

/** A pure state as a ket (2^n × 1). */
export function ketOf(sv: StateVector): DenseState {
  const re = new Float64Array(sv.dim);
  const im = new Float64Array(sv.dim);
  for (let i = 0; i < sv.dim; i++) {
    const k = externalIndex(i, sv.nqubits);
    re[k] = sv.re[i]!;
    im[k] = sv.im[i]!;
  }
  return { re, im, rows: sv.dim, cols: 1 };
}

/** A density matrix (2^n × 2^n); the engine stores vec(ρ)[r + c·2^n] = ρ_rc. */
export function densityOf(dm: DensityMatrix): DenseState {
  const dim = dm.dim;
  const re = new Float64Array(dim * dim);
  const im = new Float64Array(dim * dim);
  for (let c = 0; c < dim; c++) {
    const ec = externalIndex(c, dm.nqubits);
    for (let r = 0; r < dim; r++) {
      const k = externalIndex(r, dm.nqubits) * dim + ec;
      re[k] = dm.re[r + c * dim]!;
      im[k] = dm.im[r + c * dim]!;
    }
  }
  return { re, im, rows: dim, cols: dim };
}

/** Seconds since `started` (a `performance.now()`): what the SDK's backends put in `execution_time`. */
export function elapsedSeconds(started: number): number {
  return (performance.now() - started) / 1000;
}
