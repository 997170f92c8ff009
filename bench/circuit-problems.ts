/**
 * The circuits the peers bench runs on every side (not a bench itself: run.ts only picks up
 * `*.bench.ts`). A problem is a plain gate list; `bench/circuit-peers.ts` writes it in each
 * side's language. Seeded, so every run and every side simulates the same circuit.
 */
import { seeded } from './fixtures';

export type BenchGate =
  | { name: 'H'; qubits: [number] }
  | { name: 'RX' | 'RY' | 'RZ'; qubits: [number]; angle: number }
  | { name: 'CNOT' | 'CZ' | 'SWAP'; qubits: [number, number] }
  /** Controlled phase diag(1, 1, 1, e^{iφ}) on (control, target). */
  | { name: 'CU1'; qubits: [number, number]; angle: number };

export interface BenchCircuit {
  /** 'ghz', 'qft', 'random' */
  kind: string;
  nqubits: number;
  gates: BenchGate[];
}

/** H then a CNOT chain: (|0…0⟩ + |1…1⟩)/√2, two non-zero amplitudes at any width. */
export function ghz(n: number): BenchCircuit {
  const gates: BenchGate[] = [{ name: 'H', qubits: [0] }];
  for (let q = 1; q < n; q++) gates.push({ name: 'CNOT', qubits: [q - 1, q] });
  return { kind: 'ghz', nqubits: n, gates };
}

/**
 * The quantum Fourier transform of a dense state: RY and RZ with seeded angles on every qubit
 * (every amplitude non-zero, so a sparse simulator gains nothing), then the textbook QFT: for
 * each qubit from the highest, H and a controlled phase π/2^d from each lower qubit at distance
 * d, then the SWAPs that reverse the qubit order. n(n-1)/2 controlled phases.
 */
export function qftOfDenseState(n: number, seed = 11): BenchCircuit {
  const random = seeded(seed);
  const gates: BenchGate[] = [];
  for (let q = 0; q < n; q++) {
    gates.push({ name: 'RY', qubits: [q], angle: 0.2 + 2.5 * random() });
    gates.push({ name: 'RZ', qubits: [q], angle: 6 * random() });
  }
  for (let j = n - 1; j >= 0; j--) {
    gates.push({ name: 'H', qubits: [j] });
    for (let k = j - 1; k >= 0; k--)
      gates.push({ name: 'CU1', qubits: [k, j], angle: Math.PI / 2 ** (j - k) });
  }
  for (let q = 0; q < n >> 1; q++) gates.push({ name: 'SWAP', qubits: [q, n - 1 - q] });
  return { kind: 'qft', nqubits: n, gates };
}

/**
 * A random circuit of `depth` layers: each layer puts RX, RY or RZ (seeded choice and angle) on
 * every qubit, then pairs the qubits at random (a fresh shuffle per layer, so no nearest-neighbour
 * structure to exploit) and puts CNOT or CZ on each pair. n + n/2 gates per layer.
 */
export function randomCircuit(n: number, depth = 20, seed = 5): BenchCircuit {
  const random = seeded(seed);
  const gates: BenchGate[] = [];
  const order = Array.from({ length: n }, (_, q) => q);
  for (let layer = 0; layer < depth; layer++) {
    for (let q = 0; q < n; q++) {
      const name = (['RX', 'RY', 'RZ'] as const)[Math.floor(random() * 3)]!;
      gates.push({ name, qubits: [q], angle: 0.1 + 3 * random() });
    }
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let p = 0; p + 1 < n; p += 2) {
      const name = random() < 0.5 ? 'CNOT' : 'CZ';
      gates.push({ name, qubits: [order[p]!, order[p + 1]!] });
    }
  }
  return { kind: 'random', nqubits: n, gates };
}

/**
 * The circuit followed by its inverse, which ends where it started: repeating it measures the
 * same work every time on a simulator whose state persists (Q#). Only for self-inverse gates.
 */
export function thereAndBack(c: BenchCircuit): BenchCircuit {
  for (const g of c.gates)
    if (!['H', 'CNOT', 'CZ', 'SWAP'].includes(g.name))
      throw new Error(`thereAndBack: ${g.name} is not its own inverse`);
  return { ...c, gates: [...c.gates, ...c.gates.slice().reverse()] };
}
