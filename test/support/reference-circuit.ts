import type { Circuit, Gate } from '../../src/shared/dialect/circuit';
import { evalNum } from '../../src/shared/dialect/numbers';
import type { ParamValues } from '../../src/shared/dialect/numbers';
import { singleQubitMatrix } from '../../src/simulator/engine/physics/gate-matrices';
import { StateVector } from '../../src/simulator/engine/physics/state-vector';

/*
 * The textbook loop: every gate visits every index of the state and tests its bits. Slow and
 * obviously right, so it is what the engine's optimised paths are checked against (the
 * differential tests under test/unit/simulator/engine) and the baseline `npm run bench`
 * holds the engine to. Jobs never run on it.
 */

/** The circuit from |0…0⟩ on the textbook loop. */
export function referenceState(circuit: Circuit, values: ParamValues): StateVector {
  const sv = StateVector.zero(circuit.nqubits);
  for (const gate of circuit.gates) applyReferenceGate(sv.re, sv.im, gate, values);
  return sv;
}

/** The rotation each controlled-rotation gate controls. */
const CONTROLLED: Partial<Record<Gate['name'], Gate['name']>> = {
  CRX: 'RX',
  CRY: 'RY',
  CRZ: 'RZ',
  CU1: 'U1',
};

function applyReferenceGate(
  re: Float64Array,
  im: Float64Array,
  gate: Gate,
  values: ParamValues,
): void {
  const [a = 0, b = 0] = gate.qubits;
  let controls = 0;
  for (const q of gate.controls ?? []) controls |= 1 << q;
  const base = CONTROLLED[gate.name];
  switch (gate.name) {
    case 'I':
      return;
    case 'CNOT':
      return controlledMatrix(re, im, controls | (1 << a), b, singleQubitMatrix('X', [])!);
    case 'CZ':
      return controlledMatrix(re, im, controls | (1 << a), b, singleQubitMatrix('Z', [])!);
    case 'SWAP':
      return swap(re, im, controls, a, b);
    default: {
      const m = singleQubitMatrix(
        base ?? gate.name,
        gate.angles.map((n) => evalNum(n, values)),
      );
      if (!m) throw new Error(`the reference loop has no matrix for gate ${gate.name}`);
      if (base) controlledMatrix(re, im, controls | (1 << a), b, m);
      else controlledMatrix(re, im, controls, a, m);
    }
  }
}

/** The 2×2 `m` on `target` wherever every bit of `controls` is set. */
function controlledMatrix(
  re: Float64Array,
  im: Float64Array,
  controls: number,
  target: number,
  m: Float64Array,
): void {
  const ar = m[0]!;
  const ai = m[1]!;
  const br = m[2]!;
  const bi = m[3]!;
  const cr = m[4]!;
  const ci = m[5]!;
  const dr = m[6]!;
  const di = m[7]!;
  const t = 1 << target;
  for (let i = 0; i < re.length; i++) {
    if ((i & t) !== 0 || (i & controls) !== controls) continue;
    const j = i | t;
    const xr = re[i]!;
    const xi = im[i]!;
    const yr = re[j]!;
    const yi = im[j]!;
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
}

function swap(re: Float64Array, im: Float64Array, controls: number, a: number, b: number): void {
  const [ma, mb] = [1 << a, 1 << b];
  for (let i = 0; i < re.length; i++) {
    if ((i & ma) === 0 || (i & mb) !== 0 || (i & controls) !== controls) continue;
    const j = i ^ ma ^ mb;
    const tr = re[i]!;
    const ti = im[i]!;
    re[i] = re[j]!;
    im[i] = im[j]!;
    re[j] = tr;
    im[j] = ti;
  }
}
