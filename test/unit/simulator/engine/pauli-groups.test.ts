import { describe, expect, it } from 'vitest';
import { GroupedPauliOperator } from '../../../../src/simulator/engine/physics/pauli-groups';
import { PauliOperator } from '../../../../src/simulator/engine/physics/pauli-operator';
import { Rng } from '../../../../src/simulator/engine/physics/random';
import { denseApply, denseOf, pauliSum, randomPauliSum, randomState } from './support/pauli';
import type { Written } from './support/pauli';

/** Largest |a − b| over two complex vectors. */
function maxDiff(
  a: [ArrayLike<number>, ArrayLike<number>],
  b: [ArrayLike<number>, ArrayLike<number>],
) {
  let worst = 0;
  for (let i = 0; i < a[0].length; i++)
    worst = Math.max(worst, Math.abs(a[0][i]! - b[0][i]!), Math.abs(a[1][i]! - b[1][i]!));
  return worst;
}

/** Three labelled random Pauli sums on n qubits, applied per label against dense matrices. */
function checkGroups(seed: number, n: number, phaseBudgetBytes?: number): number {
  const rng = new Rng(seed);
  const sums = [0, 1, 2].map(() => randomPauliSum(rng, n, 2 + Math.floor(rng.uniform() * 12)));
  const op = PauliOperator.fromSums(
    sums.map((s) => pauliSum(s.text)),
    new Map(),
  );
  const grouped = GroupedPauliOperator.from(op, n, sums.length, phaseBudgetBytes);
  const dim = 2 ** n;
  const psi = randomState(rng, dim);
  let worst = 0;
  sums.forEach((s, g) => {
    const outRe = new Float64Array(dim).fill(7); // overwritten, whatever it held
    const outIm = new Float64Array(dim).fill(-3);
    grouped.applyGroup(g, psi.re, psi.im, outRe, outIm);
    const expected = denseApply(denseOf(s.written, n), psi.re, psi.im);
    worst = Math.max(worst, maxDiff([outRe, outIm], [expected[0]!, expected[1]!]));
    expect(grouped.norm1[g]).toBeCloseTo(
      s.written.reduce((t, w) => t + Math.abs(w.coefficient), 0),
      12,
    );
  });
  return worst;
}

describe('Pauli sums grouped by X/Y mask, against dense matrices', () => {
  it('every group of random sums (X, Y, Z, identities, repeats) matches M·ψ to 1e-12', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const n = 1 + (seed % 6);
      expect(checkGroups(seed, n), `seed ${seed}, ${n} qubits`).toBeLessThan(1e-12);
    }
  });

  it('without room for phase vectors, strings applied one pass each give the same', () => {
    for (let seed = 41; seed <= 60; seed++) {
      const n = 2 + (seed % 5);
      expect(checkGroups(seed, n, 0), `seed ${seed}, ${n} qubits`).toBeLessThan(1e-12);
    }
  });

  it('the Liouvillian of a sum, grouped, is H⊗I − I⊗Hᵀ on vec(ρ)', () => {
    const rng = new Rng(99);
    const n = 2;
    const { text, written } = randomPauliSum(rng, n, 6);
    const op = PauliOperator.fromSums([pauliSum(text)], new Map()).liouvillian(n);
    const grouped = GroupedPauliOperator.from(op, 2 * n, 1);
    // vec(ρ)[r + c·2^n] = ρ_rc: the row qubits are the low bits, the column qubits the high.
    const h = denseOf(written, n);
    const dim = 2 ** n;
    const rho = randomState(rng, dim * dim);
    const outRe = new Float64Array(dim * dim);
    const outIm = new Float64Array(dim * dim);
    grouped.applyGroup(0, rho.re, rho.im, outRe, outIm);
    let worst = 0;
    for (let r = 0; r < dim; r++) {
      for (let c = 0; c < dim; c++) {
        // (Hρ − ρH)_rc
        let er = 0;
        let ei = 0;
        for (let k = 0; k < dim; k++) {
          const [hr, hi] = [h.re[r]![k]!, h.im[r]![k]!];
          const [pr, pi] = [rho.re[k + c * dim]!, rho.im[k + c * dim]!];
          er += hr * pr - hi * pi;
          ei += hr * pi + hi * pr;
          const [qr, qi] = [rho.re[r + k * dim]!, rho.im[r + k * dim]!];
          const [gr, gi] = [h.re[k]![c]!, h.im[k]![c]!];
          er -= qr * gr - qi * gi;
          ei -= qr * gi + qi * gr;
        }
        const i = r + c * dim;
        worst = Math.max(worst, Math.abs(outRe[i]! - er), Math.abs(outIm[i]! - ei));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('an expectation value per term matches ⟨ψ|M|ψ⟩, and Tr(Mρ) for a density matrix', () => {
    for (let seed = 61; seed <= 80; seed++) {
      const rng = new Rng(seed);
      const n = 1 + (seed % 5);
      const { text, written } = randomPauliSum(rng, n, 8);
      const op = PauliOperator.fromSums([pauliSum(text)], new Map());
      const dim = 2 ** n;
      const psi = randomState(rng, dim);
      const mPsi = denseApply(denseOf(written, n), psi.re, psi.im);
      let expected = 0;
      for (let i = 0; i < dim; i++)
        expected += psi.re[i]! * mPsi[0]![i]! + psi.im[i]! * mPsi[1]![i]!;
      expect(op.expectation(psi.re, psi.im)).toBeCloseTo(expected, 12);

      // ρ = |ψ⟩⟨ψ| as vec(ρ): Tr(Mρ) = ⟨ψ|M|ψ⟩.
      const rhoRe = new Float64Array(dim * dim);
      const rhoIm = new Float64Array(dim * dim);
      for (let r = 0; r < dim; r++) {
        for (let c = 0; c < dim; c++) {
          rhoRe[r + c * dim] = psi.re[r]! * psi.re[c]! + psi.im[r]! * psi.im[c]!;
          rhoIm[r + c * dim] = psi.im[r]! * psi.re[c]! - psi.re[r]! * psi.im[c]!;
        }
      }
      let trace = 0;
      for (let k = 0; k < op.size; k++) trace += op.termTraceWithDensity(k, rhoRe, rhoIm, n);
      expect(trace).toBeCloseTo(expected, 12);
    }
  });

  it('a Z-only group is one diagonal: the identity and Z strings add up per amplitude', () => {
    const written: Written[] = [
      { coefficient: 0.5, letters: ['Z', 'I', 'I'] },
      { coefficient: -1.25, letters: ['Z', 'Z', 'I'] },
      { coefficient: 2, letters: ['I', 'I', 'I'] },
    ];
    const op = PauliOperator.fromSums([pauliSum('0.5 Z0 - 1.25 Z0 Z1 + 2 I0')], new Map());
    const grouped = GroupedPauliOperator.from(op, 3, 1);
    expect(grouped.passes(0)).toBe(1);
    const psi = randomState(new Rng(5), 8);
    const out = [new Float64Array(8), new Float64Array(8)] as const;
    grouped.applyGroup(0, psi.re, psi.im, out[0], out[1]);
    const expected = denseApply(denseOf(written, 3), psi.re, psi.im);
    expect(maxDiff([out[0], out[1]], [expected[0]!, expected[1]!])).toBeLessThan(1e-14);
  });
});
