import type { StateModel } from '../../../state/results/models';
import { topKIndices } from './top-k';

/** Basis states of a state vector as table rows: amplitude, magnitude, phase, probability. */

export interface StateRow {
  index: number;
  /** The basis state as a bitstring, qubit 0 leftmost (docs/payload-dialect.md). */
  bits: string;
  re: number;
  im: number;
  magnitude: number;
  /** Phase in radians, (−π, π]. */
  phase: number;
  probability: number;
}

export function basisLabel(index: number, nqubits: number): string {
  return index.toString(2).padStart(nqubits, '0');
}

export function probabilities(m: StateModel): Float64Array {
  const { re, im } = m.amplitudes;
  return re.map((r, i) => r * r + im[i]! * im[i]!);
}

export function stateRow(m: StateModel, index: number): StateRow {
  const re = m.amplitudes.re[index]!;
  const im = m.amplitudes.im[index]!;
  const magnitude = Math.hypot(re, im);
  return {
    index,
    bits: basisLabel(index, m.nqubits),
    re,
    im,
    magnitude,
    phase: magnitude === 0 ? 0 : Math.atan2(im, re),
    probability: magnitude * magnitude,
  };
}

/** The `n` most probable basis states, most probable first. */
export function topStates(m: StateModel, n: number): number[] {
  return Array.from(topKIndices(probabilities(m), n));
}

/**
 * Basis states matching a search: a bitstring prefix (`01`), a pattern with `?` or `x` for any
 * bit (`0?1`), or `#12` for the index. Up to `limit` results, in index order.
 */
export function searchStates(m: StateModel, query: string, limit = 1000): number[] {
  const q = query.trim();
  const size = m.amplitudes.re.length;
  if (q === '') return [];
  const byIndex = /^#(\d+)$/.exec(q);
  if (byIndex) {
    const i = Number(byIndex[1]);
    return i < size ? [i] : [];
  }
  if (!/^[01?xX]+$/.test(q) || q.length > m.nqubits) return [];
  const pattern = new RegExp(`^${q.replace(/[?xX]/g, '[01]')}`);
  const out: number[] = [];
  for (let i = 0; i < size && out.length < limit; i++)
    if (pattern.test(basisLabel(i, m.nqubits))) out.push(i);
  return out;
}
