import type { DensityModel } from '../../../state/results/models';
import { basisLabel } from './state-rows';
import { topKIndices } from './top-k';

/** A density matrix's populations (its diagonal) and its largest coherences, as table rows. */

export function populations(m: DensityModel): Float64Array {
  const dim = 2 ** m.nqubits;
  return Float64Array.from({ length: dim }, (_, i) => m.matrix.re[i * dim + i]!);
}

export interface Coherence {
  row: string;
  col: string;
  re: number;
  im: number;
  magnitude: number;
}

/** The `n` largest off-diagonal elements ρ_ij with i < j (ρ is Hermitian), largest first. */
export function topCoherences(m: DensityModel, n: number): Coherence[] {
  const dim = 2 ** m.nqubits;
  const mags = new Float64Array(m.matrix.re.length);
  for (let i = 0; i < dim; i++)
    for (let j = i + 1; j < dim; j++)
      mags[i * dim + j] = Math.hypot(m.matrix.re[i * dim + j]!, m.matrix.im[i * dim + j]!);
  return Array.from(topKIndices(mags, n))
    .filter((k) => mags[k]! > 0)
    .map((k) => ({
      row: basisLabel(Math.floor(k / dim), m.nqubits),
      col: basisLabel(k % dim, m.nqubits),
      re: m.matrix.re[k]!,
      im: m.matrix.im[k]!,
      magnitude: mags[k]!,
    }));
}
