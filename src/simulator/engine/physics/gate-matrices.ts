import type { GateName } from '../../../shared/dialect/circuit';

/** A 2×2 complex matrix [ar, ai, br, bi, cr, ci, dr, di] for [[a, b], [c, d]] on (|0⟩, |1⟩). */
export type Mat2 = Float64Array;

const R = Math.SQRT1_2;

/** Writes [[a, b], [c, d]] (complex entries as re, im) into `out`. */
function put(
  out: Mat2,
  ar: number,
  ai: number,
  br: number,
  bi: number,
  cr: number,
  ci: number,
  dr: number,
  di: number,
): true {
  out[0] = ar;
  out[1] = ai;
  out[2] = br;
  out[3] = bi;
  out[4] = cr;
  out[5] = ci;
  out[6] = dr;
  out[7] = di;
  return true;
}

/**
 * Writes a single-qubit unitary into `out` (no allocation: a circuit compiles thousands of
 * gates); false for a name that is not one. Angles are the gate's in order (U3: θ, φ, γ).
 * The conventions of Qiskit and the SDK: RX(θ) = exp(-iθX/2), RY(θ) = exp(-iθY/2),
 * RZ(φ) = exp(-iφZ/2), U1(φ) = diag(1, e^{iφ}), U2(φ, γ) = U3(π/2, φ, γ),
 * U3(θ, φ, γ) = [[cos θ/2, -e^{iγ} sin θ/2], [e^{iφ} sin θ/2, e^{i(φ+γ)} cos θ/2]].
 */
export function writeSingleQubitMatrix(
  name: GateName,
  a: number,
  b: number,
  c: number,
  out: Mat2,
): boolean {
  switch (name) {
    case 'I':
      return put(out, 1, 0, 0, 0, 0, 0, 1, 0);
    case 'X':
      return put(out, 0, 0, 1, 0, 1, 0, 0, 0);
    case 'Y':
      return put(out, 0, 0, 0, -1, 0, 1, 0, 0);
    case 'Z':
      return put(out, 1, 0, 0, 0, 0, 0, -1, 0);
    case 'H':
      return put(out, R, 0, R, 0, R, 0, -R, 0);
    case 'S':
      return put(out, 1, 0, 0, 0, 0, 0, 0, 1);
    case 'T':
      return put(out, 1, 0, 0, 0, 0, 0, Math.cos(Math.PI / 4), Math.sin(Math.PI / 4));
    case 'RX': {
      const cs = Math.cos(a / 2);
      const sn = Math.sin(a / 2);
      return put(out, cs, 0, 0, -sn, 0, -sn, cs, 0);
    }
    case 'RY': {
      const cs = Math.cos(a / 2);
      const sn = Math.sin(a / 2);
      return put(out, cs, 0, -sn, 0, sn, 0, cs, 0);
    }
    case 'RZ':
      return put(
        out,
        Math.cos(-a / 2),
        Math.sin(-a / 2),
        0,
        0,
        0,
        0,
        Math.cos(a / 2),
        Math.sin(a / 2),
      );
    case 'U1':
      return put(out, 1, 0, 0, 0, 0, 0, Math.cos(a), Math.sin(a));
    case 'U2':
      return u3(Math.PI / 2, a, b, out);
    case 'U3':
      return u3(a, b, c, out);
    default:
      return false;
  }
}

function u3(theta: number, phi: number, gamma: number, out: Mat2): true {
  const cs = Math.cos(theta / 2);
  const sn = Math.sin(theta / 2);
  return put(
    out,
    cs,
    0,
    -Math.cos(gamma) * sn,
    -Math.sin(gamma) * sn,
    Math.cos(phi) * sn,
    Math.sin(phi) * sn,
    Math.cos(phi + gamma) * cs,
    Math.sin(phi + gamma) * cs,
  );
}

/** The single-qubit unitary `name` with these angles (see `writeSingleQubitMatrix`), or null. */
export function singleQubitMatrix(name: GateName, angles: readonly number[]): Mat2 | null {
  const out = new Float64Array(8);
  return writeSingleQubitMatrix(name, angles[0] ?? 0, angles[1] ?? 0, angles[2] ?? 0, out)
    ? out
    : null;
}

export function conjugate(m: Mat2): Mat2 {
  const out = m.slice();
  for (let k = 1; k < 8; k += 2) out[k] = -out[k]!;
  return out;
}
