import type { EvolutionFunctional } from '../../src/shared/dialect/functionals';
import { evalNum } from '../../src/shared/dialect/numbers';
import type { Observable } from '../../src/shared/dialect/observable';
import type { PauliSum } from '../../src/shared/dialect/pauli-expression';
import type { CoefficientPoint } from '../../src/shared/dialect/schedule';
import type { CMatrix } from '../../src/shared/sdk/numeric/cmatrix';
import { adjoint, cmatrix, eye, kron, madd, mscale } from '../../src/shared/sdk/numeric/cmatrix';
import type { Complex } from '../../src/shared/sdk/numeric/complex';
import { add, complex, mul } from '../../src/shared/sdk/numeric/complex';
import { expm } from '../../src/shared/sdk/numeric/expm';

/*
 * A textbook reference for evolutions, independent of the simulator's integrator: dense
 * matrices (qubit 0 the most significant factor, as in the SDK), H(t) frozen at the midpoint of
 * many short slices, each slice exp(−i·H·Δt) by the SDK's own Padé `expm`. The coefficients are
 * read the way the SDK's schedules read them: linear between points (0.1.x `LinearSchedule`, 0.2.x
 * LINEAR), or each value held until the next (0.1.x `Schedule`, 0.2.x STEP).
 */

const I2 = cmatrix([
  [complex(1), complex(0)],
  [complex(0), complex(1)],
]);
const PAULI: Record<string, CMatrix> = {
  X: cmatrix([
    [complex(0), complex(1)],
    [complex(1), complex(0)],
  ]),
  Y: cmatrix([
    [complex(0), complex(0, -1)],
    [complex(0, 1), complex(0)],
  ]),
  Z: cmatrix([
    [complex(1), complex(0)],
    [complex(0), complex(-1)],
  ]),
};

export function matmul(a: CMatrix, b: CMatrix): CMatrix {
  const data: Complex[] = [];
  for (let i = 0; i < a.rows; i++)
    for (let j = 0; j < b.cols; j++) {
      let s = complex(0);
      for (let k = 0; k < a.cols; k++)
        s = add(s, mul(a.data[i * a.cols + k]!, b.data[k * b.cols + j]!));
      data.push(s);
    }
  return { rows: a.rows, cols: b.cols, data };
}

function pauliString(letters: string[]): CMatrix {
  return letters.map((l) => (l === 'I' ? I2 : PAULI[l]!)).reduce((m, p) => kron(m, p));
}

export function sumMatrix(sum: PauliSum, n: number): CMatrix {
  let m = mscale(eye(2 ** n), complex(0));
  for (const t of sum.terms) {
    const letters = Array.from({ length: n }, (_, q) => {
      const x = (t.xMask >>> q) & 1;
      const z = (t.zMask >>> q) & 1;
      return x && z ? 'Y' : x ? 'X' : z ? 'Z' : 'I';
    });
    const c = complex(evalNum(t.coefficient, new Map()), t.imag ?? 0);
    m = madd(m, mscale(pauliString(letters), c));
  }
  return m;
}

export function observableMatrix(o: Observable, n: number): CMatrix {
  switch (o.kind) {
    case 'hamiltonian':
      return sumMatrix(o.sum, n);
    case 'pauli':
      return pauliString(Array.from({ length: n }, (_, q) => (q === o.qubit ? o.pauli : 'I')));
    case 'qtensor': {
      const k = Math.log2(o.size);
      const m: CMatrix = {
        rows: o.size,
        cols: o.size,
        data: o.re.map((r, i) => complex(r, o.im[i]!)),
      };
      return k === n ? m : kron(m, eye(2 ** (n - k)));
    }
  }
}

/** A coefficient at time t as the SDK's schedules give it. */
function coefficientAt(points: readonly CoefficientPoint[], step: boolean, t: number): number {
  const v = (p: CoefficientPoint) => evalNum(p.value, new Map());
  let j = -1;
  while (j + 1 < points.length && points[j + 1]!.t <= t) j++;
  if (j < 0) return v(points[0]!);
  if (step || j === points.length - 1) return v(points[j]!);
  const p = points[j]!;
  const q = points[j + 1]!;
  return v(p) + ((v(q) - v(p)) * (t - p.t)) / (q.t - p.t);
}

/** ρ(0) as a dense matrix. */
function initialDensity(f: EvolutionFunctional): CMatrix {
  const n = f.nqubits;
  const dim = 2 ** n;
  const s = f.initial;
  if (s?.kind === 'density')
    return { rows: dim, cols: dim, data: s.re.map((r, i) => complex(r, s.im[i]!)) };
  let psi: Complex[] = new Array<Complex>(dim).fill(complex(0));
  if (!s) psi[0] = complex(1);
  else if (s.kind === 'amplitudes') psi = s.re.map((r, k) => complex(r, s.im[k]!));
  else if (s.kind === 'product') psi[parseInt(s.perQubit, 2)] = complex(1);
  else if (s.name === 'zero') psi[0] = complex(1);
  else if (s.name === 'one') psi[dim - 1] = complex(1);
  else psi = psi.map(() => complex(1 / Math.sqrt(dim)));
  const ket: CMatrix = { rows: dim, cols: 1, data: psi };
  return matmul(ket, adjoint(ket));
}

/** ρ at the end of the schedule (`slices` per unit time), each coefficient as the SDK reads it. */
export function referenceDensity(f: EvolutionFunctional, slices = 400): CMatrix {
  const n = f.nqubits;
  const s = f.schedule;
  const parts = s.terms.map((t) => sumMatrix(t.hamiltonian, n));
  const count = Math.max(1, Math.ceil(s.T * slices));
  const h = s.T / count;
  let rho = initialDensity(f);
  for (let k = 0; k < count; k++) {
    const mid = (k + 0.5) * h;
    let H = mscale(eye(2 ** n), complex(0));
    s.terms.forEach((t, i) => {
      const step = (t.interpolation ?? s.interpolation) === 'step';
      H = madd(H, mscale(parts[i]!, complex(coefficientAt(t.points, step, mid))));
    });
    const U = expm(mscale(H, complex(0, -h)));
    rho = matmul(matmul(U, rho), adjoint(U));
  }
  return rho;
}

/** Re Tr(ρ O) for each observable. */
export function expectationsIn(
  rho: CMatrix,
  observables: readonly Observable[],
  n: number,
): number[] {
  return observables.map((o) => {
    const m = matmul(rho, observableMatrix(o, n));
    let tr = complex(0);
    for (let i = 0; i < m.rows; i++) tr = add(tr, m.data[i * m.cols + i]!);
    return tr.re;
  });
}

/** ⟨O⟩ of a B time evolution's own observables at the end of its schedule. */
export function referenceExpectations(f: EvolutionFunctional): number[] {
  return expectationsIn(referenceDensity(f), f.observables, f.nqubits);
}
