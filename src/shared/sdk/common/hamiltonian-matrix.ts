import type { Complex } from '../numeric/complex';
import { add, complex, mul } from '../numeric/complex';
import type { HamiltonianTerm, PauliName } from './operators';

/** The single-qubit matrices as NumPy holds them (complex entries, qubit 0 most significant). */
const PAULI: Readonly<Record<PauliName, readonly Complex[]>> = {
  I: [complex(1), complex(0), complex(0), complex(1)],
  X: [complex(0), complex(1), complex(1), complex(0)],
  Y: [complex(0), complex(0, -1), complex(0, 1), complex(0)],
  Z: [complex(1), complex(0), complex(0), complex(-1)],
};

/**
 * `Hamiltonian.to_matrix()` (qilisdk 0.2.x) on `nqubits` qubits, as a dense row-major array: the
 * sum, in term order, of `coeff * kron(P_0, …, P_{n−1})` over sparse matrices. NumPy's complex
 * products keep their signed zeros; SciPy's sparse sum adds an entry missing on one side as +0
 * and drops the entries that come out zero, which stay zero here.
 */
export function hamiltonianMatrix(terms: readonly HamiltonianTerm[], nqubits: number): Complex[] {
  const dim = 2 ** nqubits;
  const sum = new Map<number, Complex>();
  for (const term of terms) {
    const letters: PauliName[] = Array.from({ length: nqubits }, () => 'I');
    for (const [name, q] of term.factors) letters[q] = name;
    const coeff = complex(term.coefficient.re, term.coefficient.im);
    const entries = new Map<number, Complex>();
    for (let r = 0; r < dim; r++) {
      for (let c = 0; c < dim; c++) {
        let p: Complex | null = null;
        for (let q = 0; q < nqubits && (p === null || p.re !== 0 || p.im !== 0); q++) {
          const shift = nqubits - 1 - q;
          const e = PAULI[letters[q]!][((r >> shift) & 1) * 2 + ((c >> shift) & 1)]!;
          p = p === null ? e : mul(p, e);
        }
        if (p && (p.re !== 0 || p.im !== 0)) entries.set(r * dim + c, mul(coeff, p));
      }
    }
    for (const key of new Set([...sum.keys(), ...entries.keys()])) {
      const z = add(sum.get(key) ?? complex(0), entries.get(key) ?? complex(0));
      if (z.re === 0 && z.im === 0) sum.delete(key);
      else sum.set(key, z);
    }
  }
  return Array.from({ length: dim * dim }, (_, k) => sum.get(k) ?? complex(0));
}
