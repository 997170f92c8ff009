import type { Complex } from '../numeric/complex';
import { complex, divReal, exp, J, mulReal, neg } from '../numeric/complex';
import type { CMatrix } from '../numeric/cmatrix';
import { adjoint, cmatrix, eye, kron, madd, mscale, msub } from '../numeric/cmatrix';
import { expm } from '../numeric/expm';
import { cos, sin } from '../numeric/libm';

/*
 * qilisdk 0.1.x computes a gate's `_matrix` when the gate is built (`_generate_matrix`), and
 * serializes it. These are those computations, operation by operation (see numeric/complex.ts
 * for how Python and NumPy multiply), so the matrices carry the SDK's very bits.
 */

const c = (re: number, im = 0): Complex => complex(re, im);
/** Python's `1j` (complex(0.0, 1.0)) and `-1j` (complex(-0.0, -1.0)). */
const MINUS_J = neg(J);
/** `1 / np.sqrt(2)`. */
const INV_SQRT2 = 1 / Math.sqrt(2);

/** `1j * x` in Python: complex(0·x − 1·0, 0·0 + 1·x). */
const jTimes = (x: number): Complex => mulReal(J, x);

export const FIXED_MATRICES = {
  I: cmatrix([
    [c(1), c(0)],
    [c(0), c(1)],
  ]),
  X: cmatrix([
    [c(0), c(1)],
    [c(1), c(0)],
  ]),
  Y: cmatrix([
    [c(0), MINUS_J],
    [J, c(0)],
  ]),
  Z: cmatrix([
    [c(1), c(0)],
    [c(0), c(-1)],
  ]),
  H: mscale(
    cmatrix([
      [c(1), c(1)],
      [c(1), c(-1)],
    ]),
    c(INV_SQRT2),
  ),
  S: cmatrix([
    [c(1), c(0)],
    [c(0), J],
  ]),
  // np.exp(1j * np.pi / 4): (1j·π) / 4, a complex divided by an int.
  T: cmatrix([
    [c(1), c(0)],
    [c(0), exp(divReal(jTimes(Math.PI), 4))],
  ]),
  SWAP: cmatrix([
    [c(1), c(0), c(0), c(0)],
    [c(0), c(0), c(1), c(0)],
    [c(0), c(1), c(0), c(0)],
    [c(0), c(0), c(0), c(1)],
  ]),
} as const satisfies Record<string, CMatrix>;

export type FixedGateName = keyof typeof FIXED_MATRICES;

export function rxMatrix(theta: number): CMatrix {
  const cosHalf = cos(theta / 2);
  const sinHalf = sin(theta / 2);
  // -1j * sin_half: a Python complex times a float.
  const off = mulReal(MINUS_J, sinHalf);
  return cmatrix([
    [c(cosHalf), off],
    [off, c(cosHalf)],
  ]);
}

export function ryMatrix(theta: number): CMatrix {
  const cosHalf = cos(theta / 2);
  const sinHalf = sin(theta / 2);
  return cmatrix([
    [c(cosHalf), c(-sinHalf)],
    [c(sinHalf), c(cosHalf)],
  ]);
}

export function rzMatrix(phi: number): CMatrix {
  // np.exp(-0.5j * phi), np.exp(0.5j * phi): -0.5j is complex(-0.0, -0.5).
  return cmatrix([
    [exp(mulReal(c(-0, -0.5), phi)), c(0)],
    [c(0), exp(mulReal(c(0, 0.5), phi))],
  ]);
}

export function u1Matrix(phi: number): CMatrix {
  return cmatrix([
    [c(1), c(0)],
    [c(0), exp(jTimes(phi))],
  ]);
}

export function u2Matrix(phi: number, gamma: number): CMatrix {
  const m = cmatrix([
    [c(1), neg(exp(jTimes(gamma)))],
    [exp(jTimes(phi)), exp(jTimes(phi + gamma))],
  ]);
  return mscale(m, c(INV_SQRT2));
}

export function u3Matrix(theta: number, phi: number, gamma: number): CMatrix {
  const cosHalf = cos(theta / 2);
  const sinHalf = sin(theta / 2);
  return cmatrix([
    [c(cosHalf), mulReal(neg(exp(jTimes(gamma))), sinHalf)],
    [mulReal(exp(jTimes(phi)), sinHalf), mulReal(exp(jTimes(phi + gamma)), cosHalf)],
  ]);
}

const PROJECTOR_ONE = cmatrix([
  [c(0), c(0)],
  [c(0), c(1)],
]);

/**
 * `Controlled._generate_matrix`: I_full + kron(P, basic − I_target), P the projector on every
 * control being 1 (`controls` of them), over `nqubits` = controls + the basic gate's targets.
 */
export function controlledMatrix(basic: CMatrix, controls: number, nqubits: number): CMatrix {
  let p = PROJECTOR_ONE;
  for (let i = 0; i < controls - 1; i++) p = kron(p, PROJECTOR_ONE);
  const targetDim = basic.rows;
  return madd(eye(1 << nqubits), kron(p, msub(basic, eye(targetDim))));
}

export const adjointMatrix = (basic: CMatrix): CMatrix => adjoint(basic);
export const exponentialMatrix = (basic: CMatrix): CMatrix => expm(basic);
