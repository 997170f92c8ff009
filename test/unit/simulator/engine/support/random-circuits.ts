import type { Circuit, Gate, GateName } from '../../../../../src/shared/dialect/circuit';
import { seededRandom } from '../../../../../src/simulator/random';
import type { StateVector } from '../../../../../src/simulator/engine/physics/state-vector';

const ONE_QUBIT: [GateName, number][] = [
  ['I', 0],
  ['X', 0],
  ['Y', 0],
  ['Z', 0],
  ['H', 0],
  ['S', 0],
  ['T', 0],
  ['RX', 1],
  ['RY', 1],
  ['RZ', 1],
  ['U1', 1],
  ['U2', 2],
  ['U3', 3],
];
const TWO_QUBIT: [GateName, number][] = [
  ['CNOT', 0],
  ['CZ', 0],
  ['SWAP', 0],
  ['CRX', 1],
  ['CRY', 1],
  ['CRZ', 1],
  ['CU1', 1],
];

/** Gates that map a basis state to one basis state (times a phase): a sparse state stays so. */
const KEEPS_SPARSE_ONE: [GateName, number][] = [
  ['X', 0],
  ['Y', 0],
  ['Z', 0],
  ['S', 0],
  ['T', 0],
  ['RZ', 1],
  ['U1', 1],
];
const KEEPS_SPARSE_TWO: [GateName, number][] = [
  ['CNOT', 0],
  ['CZ', 0],
  ['SWAP', 0],
  ['CRZ', 1],
  ['CU1', 1],
];

export interface RandomCircuitOptions {
  /** Share of gates wrapped in `!Controlled` with one or two more controls. */
  controlled?: number;
  /** Share of gates drawn from the two-qubit list. */
  twoQubit?: number;
  /** Only this share of gates may spread a state (H, RY…); the others keep a sparse state so. */
  spreading?: number;
}

/** Distinct qubits drawn at random. */
function pick(random: () => number, n: number, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const q = Math.floor(random() * n);
    if (!out.includes(q)) out.push(q);
  }
  return out;
}

/**
 * A random circuit over every gate of the dialect, as the parser would give it: one- and
 * two-qubit gates on random qubits (every qubit as target and as control, high and low), and
 * some of them under `!Controlled`.
 */
export function randomDialectCircuit(
  n: number,
  gates: number,
  seed: number,
  o: RandomCircuitOptions = {},
): Circuit {
  const random = seededRandom(seed);
  const out: Gate[] = [];
  for (let k = 0; k < gates; k++) {
    const spread = o.spreading === undefined || random() < o.spreading;
    const two = n >= 2 && random() < (o.twoQubit ?? 0.4);
    const list = spread ? (two ? TWO_QUBIT : ONE_QUBIT) : two ? KEEPS_SPARSE_TWO : KEEPS_SPARSE_ONE;
    const [name, angles] = list[Math.floor(random() * list.length)]!;
    const width = two ? 2 : 1;
    const extra =
      n > width && random() < (o.controlled ?? 0.15)
        ? Math.min(n - width, 1 + Math.floor(random() * 2))
        : 0;
    const qubits = pick(random, n, width + extra);
    const gate: Gate = {
      name,
      qubits: qubits.slice(0, width),
      angles: Array.from({ length: angles }, () => ({ kind: 'const', value: 6 * random() - 3 })),
      path: `gates[${k}]`,
    };
    if (extra) gate.controls = qubits.slice(width);
    out.push(gate);
  }
  return { nqubits: n, gates: out, measured: [], ref: null as never };
}

/** Largest difference between two states' amplitudes. */
export function maxDifference(a: StateVector, b: StateVector): number {
  let worst = 0;
  for (let i = 0; i < a.dim; i++)
    worst = Math.max(worst, Math.abs(a.re[i]! - b.re[i]!), Math.abs(a.im[i]! - b.im[i]!));
  return worst;
}

/** Largest difference between two states' probabilities. */
export function maxProbabilityDifference(a: StateVector, b: StateVector): number {
  const pa = a.probabilities();
  const pb = b.probabilities();
  let worst = 0;
  for (let i = 0; i < pa.length; i++) worst = Math.max(worst, Math.abs(pa[i]! - pb[i]!));
  return worst;
}
