import type { GateName } from '../../../shared/dialect/circuit';

/** A 2×2 complex matrix [ar, ai, br, bi, cr, ci, dr, di] for [[a, b], [c, d]] on (|0⟩, |1⟩). */
export type Mat2 = Float64Array;

const R = Math.SQRT1_2;

/** [[a, b], [c, d]] from complex entries given as [re, im] pairs. */
function mat(
  a: [number, number],
  b: [number, number],
  c: [number, number],
  d: [number, number],
): Mat2 {
  return Float64Array.of(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]);
}

function expi(phi: number): [number, number] {
  return [Math.cos(phi), Math.sin(phi)];
}

function scale(z: [number, number], s: number): [number, number] {
  return [z[0] * s, z[1] * s];
}

/**
 * The single-qubit unitaries, in the conventions of Qiskit and the SDK:
 * RX(θ) = exp(-iθX/2), RY(θ) = exp(-iθY/2), RZ(φ) = exp(-iφZ/2), U1(φ) = diag(1, e^{iφ}),
 * U2(φ, γ) = U3(π/2, φ, γ), U3(θ, φ, γ) = [[cos θ/2, -e^{iγ} sin θ/2], [e^{iφ} sin θ/2, e^{i(φ+γ)} cos θ/2]].
 */
export function singleQubitMatrix(name: GateName, angles: readonly number[]): Mat2 | null {
  const a = angles[0] ?? 0;
  const b = angles[1] ?? 0;
  const c = angles[2] ?? 0;
  switch (name) {
    case 'I':
      return mat([1, 0], [0, 0], [0, 0], [1, 0]);
    case 'X':
      return mat([0, 0], [1, 0], [1, 0], [0, 0]);
    case 'Y':
      return mat([0, 0], [0, -1], [0, 1], [0, 0]);
    case 'Z':
      return mat([1, 0], [0, 0], [0, 0], [-1, 0]);
    case 'H':
      return mat([R, 0], [R, 0], [R, 0], [-R, 0]);
    case 'S':
      return mat([1, 0], [0, 0], [0, 0], [0, 1]);
    case 'T':
      return mat([1, 0], [0, 0], [0, 0], expi(Math.PI / 4));
    case 'RX':
      return mat(
        [Math.cos(a / 2), 0],
        [0, -Math.sin(a / 2)],
        [0, -Math.sin(a / 2)],
        [Math.cos(a / 2), 0],
      );
    case 'RY':
      return mat(
        [Math.cos(a / 2), 0],
        [-Math.sin(a / 2), 0],
        [Math.sin(a / 2), 0],
        [Math.cos(a / 2), 0],
      );
    case 'RZ':
      return mat(expi(-a / 2), [0, 0], [0, 0], expi(a / 2));
    case 'U1':
      return mat([1, 0], [0, 0], [0, 0], expi(a));
    case 'U2':
      return u3(Math.PI / 2, a, b);
    case 'U3':
      return u3(a, b, c);
    default:
      return null;
  }
}

function u3(theta: number, phi: number, gamma: number): Mat2 {
  const cs = Math.cos(theta / 2);
  const sn = Math.sin(theta / 2);
  return mat([cs, 0], scale(expi(gamma), -sn), scale(expi(phi), sn), scale(expi(phi + gamma), cs));
}

export function conjugate(m: Mat2): Mat2 {
  const out = m.slice();
  for (let k = 1; k < 8; k += 2) out[k] = -out[k]!;
  return out;
}
