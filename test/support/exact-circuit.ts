import type { Circuit, Gate } from '../../src/shared/dialect/circuit-model';
import { CONTROLLED_BASE } from '../../src/shared/dialect/circuit-parameters';
import { GATES } from '../../src/shared/dialect/declaration';
import type { GateName } from '../../src/shared/dialect/declaration';
import { evalNum } from '../../src/shared/dialect/numbers';
import type { ParamTable } from '../../src/shared/dialect/numbers';
import {
  adjointMatrix,
  exponentialMatrix,
  FIXED_MATRICES,
  rxMatrix,
  ryMatrix,
  rzMatrix,
  u1Matrix,
  u2Matrix,
  u3Matrix,
} from '../../src/shared/sdk/b/gate-matrices';
import type { CMatrix } from '../../src/shared/sdk/numeric/cmatrix';

/*
 * The textbook state-vector loop with the SDK's own gate matrices (src/shared/sdk/b/
 * gate-matrices.ts, held bit for bit to NumPy's by the corpus tests): an independent reference
 * for the simulator's engine. Qubit 0 is the most significant bit of an index, as in every SDK
 * matrix and bitstring.
 */

function basicMatrix(name: GateName, angles: number[]): CMatrix {
  const [a = 0, b = 0, c = 0] = angles;
  switch (name) {
    case 'RX':
      return rxMatrix(a);
    case 'RY':
      return ryMatrix(a);
    case 'RZ':
      return rzMatrix(a);
    case 'U1':
      return u1Matrix(a);
    case 'U2':
      return u2Matrix(a, b);
    case 'U3':
      return u3Matrix(a, b, c);
    default:
      return FIXED_MATRICES[name as keyof typeof FIXED_MATRICES];
  }
}

/** The matrix a gate applies to its targets (under its controls), and those qubits. */
function gateAction(
  gate: Gate,
  params: ParamTable,
): { m: CMatrix; targets: number[]; controls: number[] } {
  const values = params.initialValues();
  const angles = gate.angles.map((n) => evalNum(n, values));
  const base = CONTROLLED_BASE[gate.name];
  const two = GATES[gate.name].qubitKeys === 'control-target';
  const name = base && two ? base : gate.name;
  let m = basicMatrix(name, angles);
  if (gate.modifier === 'adjoint') m = adjointMatrix(m);
  if (gate.modifier === 'exponential') m = exponentialMatrix(m);
  const targets = two ? [gate.qubits[1]!] : gate.qubits;
  const controls = [...(gate.controls ?? []), ...(two ? [gate.qubits[0]!] : [])];
  return { m, targets, controls };
}

/** Measured-qubit bitstring → probability, from |0…0⟩ (a non-unitary gate's state normalised). */
export function exactProbabilities(circuit: Circuit, params: ParamTable): Map<string, number> {
  const n = circuit.nqubits;
  const dim = 2 ** n;
  const re = new Float64Array(dim);
  const im = new Float64Array(dim);
  re[0] = 1;
  const bit = (index: number, q: number) => (index >> (n - 1 - q)) & 1;
  for (const gate of circuit.gates) {
    const { m, targets, controls } = gateAction(gate, params);
    const k = targets.length;
    const nextRe = new Float64Array(re);
    const nextIm = new Float64Array(im);
    for (let i = 0; i < dim; i++) {
      if (controls.some((q) => bit(i, q) === 0)) continue;
      let row = 0;
      for (const t of targets) row = (row << 1) | bit(i, t);
      let sr = 0;
      let si = 0;
      for (let col = 0; col < 2 ** k; col++) {
        let j = i;
        targets.forEach((t, p) => {
          const want = (col >> (k - 1 - p)) & 1;
          const mask = 1 << (n - 1 - t);
          j = want ? j | mask : j & ~mask;
        });
        const z = m.data[row * m.cols + col]!;
        sr += z.re * re[j]! - z.im * im[j]!;
        si += z.re * im[j]! + z.im * re[j]!;
      }
      nextRe[i] = sr;
      nextIm[i] = si;
    }
    re.set(nextRe);
    im.set(nextIm);
  }
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += re[i]! ** 2 + im[i]! ** 2;
  const out = new Map<string, number>();
  for (let i = 0; i < dim; i++) {
    const p = (re[i]! ** 2 + im[i]! ** 2) / norm;
    if (p === 0) continue;
    const key = circuit.measured.map((q) => bit(i, q)).join('');
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/**
 * Pearson's χ² of `counts` against `probabilities` and the 1 − 10⁻⁶ quantile of its
 * distribution (Wilson–Hilferty), over the outcomes with non-negligible probability; an outcome
 * counted that the distribution forbids fails outright.
 */
export function chiSquare(
  counts: Record<string, number>,
  probabilities: ReadonlyMap<string, number>,
): { statistic: number; limit: number; forbidden: string[] } {
  const total = Object.values(counts).reduce((s, c) => s + c, 0);
  const forbidden = Object.keys(counts).filter((k) => (probabilities.get(k) ?? 0) < 1e-12);
  let statistic = 0;
  let bins = 0;
  for (const [key, p] of probabilities) {
    if (p * total < 1e-9) continue;
    const expected = p * total;
    statistic += ((counts[key] ?? 0) - expected) ** 2 / expected;
    bins++;
  }
  const df = Math.max(1, bins - 1);
  const z = 4.753; // the standard normal's 1 − 10⁻⁶ quantile
  const limit = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
  return { statistic, limit, forbidden };
}
