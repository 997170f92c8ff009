import { NodeRef } from '../../../../../src/shared/dialect/node-reader';
import { readPauliSum } from '../../../../../src/shared/dialect/pauli-expression';
import type { PauliSum } from '../../../../../src/shared/dialect/pauli-expression';
import { parseYamlSource } from '../../../../../src/shared/dialect/yaml-source';
import type { Rng } from '../../../../../src/simulator/engine/physics/random';

/** A Pauli expression read the way a payload's is. */
export function pauliSum(text: string): PauliSum {
  return readPauliSum(NodeRef.root(parseYamlSource(`"${text}"`, 'o', 'test')), 'observable', null);
}

export interface Written {
  coefficient: number;
  /** Letter per qubit (index = qubit), 'I' where the string has no factor. */
  letters: string[];
}

/** A random Pauli sum on n qubits (every letter, identities, repeated strings) and its text. */
export function randomPauliSum(
  rng: Rng,
  n: number,
  terms: number,
): { text: string; written: Written[] } {
  const written: Written[] = [];
  for (let k = 0; k < terms; k++) {
    const letters = Array.from({ length: n }, () => 'IXYZ'[Math.floor(rng.uniform() * 4)]!);
    written.push({ coefficient: Math.round((rng.uniform() * 4 - 2) * 1000) / 1000, letters });
  }
  // Repeat a string now and then: terms of one mask and one Z pattern must add up.
  if (terms > 2) written.push({ ...written[0]!, coefficient: 0.25 });
  const text = written
    .map(({ coefficient, letters }, k) => {
      const factors = letters.map((l, q) => (l === 'I' ? '' : `${l}${q}`)).filter(Boolean);
      const sign = coefficient < 0 ? '-' : k === 0 ? '' : '+';
      return `${sign} ${Math.abs(coefficient)} ${factors.join(' ') || 'I0'}`;
    })
    .join(' ')
    .trim();
  return { text, written };
}

/** A dense complex matrix: re[r][c], im[r][c]. */
export interface Dense {
  re: number[][];
  im: number[][];
}

const SIGMA: Record<string, [number[][], number[][]]> = {
  I: [
    [
      [1, 0],
      [0, 1],
    ],
    [
      [0, 0],
      [0, 0],
    ],
  ],
  X: [
    [
      [0, 1],
      [1, 0],
    ],
    [
      [0, 0],
      [0, 0],
    ],
  ],
  Y: [
    [
      [0, 0],
      [0, 0],
    ],
    [
      [0, -1],
      [1, 0],
    ],
  ],
  Z: [
    [
      [1, 0],
      [0, -1],
    ],
    [
      [0, 0],
      [0, 0],
    ],
  ],
};

/**
 * Σ c·⊗σ as a dense matrix, built from the 2×2 Pauli matrices (qubit q is bit q of the index,
 * as in the engine): element (r, c) is the product over qubits of σ_q[bit q of r][bit q of c].
 */
export function denseOf(written: readonly Written[], n: number): Dense {
  const dim = 2 ** n;
  const re = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
  const im = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
  for (const { coefficient, letters } of written) {
    for (let r = 0; r < dim; r++) {
      for (let c = 0; c < dim; c++) {
        let pr = coefficient;
        let pi = 0;
        for (let q = 0; q < n; q++) {
          const [sr, si] = SIGMA[letters[q]!]!;
          const br = (r >> q) & 1;
          const bc = (c >> q) & 1;
          const [xr, xi] = [sr[br]![bc]!, si[br]![bc]!];
          [pr, pi] = [pr * xr - pi * xi, pr * xi + pi * xr];
        }
        re[r]![c]! += pr;
        im[r]![c]! += pi;
      }
    }
  }
  return { re, im };
}

/** M·v for a dense M. */
export function denseApply(m: Dense, vRe: ArrayLike<number>, vIm: ArrayLike<number>): Dense['re'] {
  const dim = m.re.length;
  const out = [new Array<number>(dim).fill(0), new Array<number>(dim).fill(0)];
  for (let r = 0; r < dim; r++) {
    for (let c = 0; c < dim; c++) {
      out[0]![r]! += m.re[r]![c]! * vRe[c]! - m.im[r]![c]! * vIm[c]!;
      out[1]![r]! += m.re[r]![c]! * vIm[c]! + m.im[r]![c]! * vRe[c]!;
    }
  }
  return out;
}

/** A random normalised state of dim amplitudes. */
export function randomState(rng: Rng, dim: number): { re: Float64Array; im: Float64Array } {
  const re = Float64Array.from({ length: dim }, () => rng.normal());
  const im = Float64Array.from({ length: dim }, () => rng.normal());
  let n2 = 0;
  for (let i = 0; i < dim; i++) n2 += re[i]! ** 2 + im[i]! ** 2;
  const s = 1 / Math.sqrt(n2);
  for (let i = 0; i < dim; i++) {
    re[i]! *= s;
    im[i]! *= s;
  }
  return { re, im };
}
