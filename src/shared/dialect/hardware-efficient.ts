import type { Gate, HardwareEfficientAnsatz } from './circuit-model';

/*
 * The gates the SDK's `HardwareEfficientAnsatz` generates (`qilisdk/digital/ansatz.py`, the same
 * in 0.1.6 and 0.2.x), in its order: `grouped` applies, per layer, the one-qubit gate to every
 * qubit and then every entangler; `interposed` applies, per layer and qubit, the one-qubit gate
 * and then every entangler. Every angle starts at 0.0 (a float). The SDK prepares
 * (layers + 1)·nqubits parameter blocks but uses only layers·nqubits of them: no final layer of
 * one-qubit gates, as in the SDK.
 */

/** The entangling edges of a connectivity (`_normalize_connectivity`). */
export function connectivityEdges(
  connectivity: HardwareEfficientAnsatz['connectivity'],
  nqubits: number,
): Array<[number, number]> {
  if (Array.isArray(connectivity)) return connectivity;
  const edges: Array<[number, number]> = [];
  if (connectivity === 'full') {
    for (let i = 0; i < nqubits; i++) for (let j = i + 1; j < nqubits; j++) edges.push([i, j]);
  } else if (connectivity === 'circular') {
    if (nqubits >= 2) {
      for (let i = 0; i < nqubits - 1; i++) edges.push([i, i + 1]);
      edges.push([nqubits - 1, 0]);
    }
  } else {
    for (let i = 0; i < nqubits - 1; i++) edges.push([i, i + 1]);
  }
  return edges;
}

const ANGLES = { U1: 1, U2: 2, U3: 3 } as const;

export function hardwareEfficientGates(
  spec: Omit<HardwareEfficientAnsatz, 'kind' | 'generated'>,
  nqubits: number,
  path: string,
): Gate[] {
  const edges = connectivityEdges(spec.connectivity, nqubits);
  const gates: Gate[] = [];
  const oneQubit = (q: number) =>
    gates.push({
      name: spec.oneQubitGate,
      qubits: [q],
      angles: Array.from({ length: ANGLES[spec.oneQubitGate] }, () => ({
        kind: 'const',
        value: 0,
      })),
      path: `${path} (one-qubit gate ${gates.length})`,
    });
  const entanglers = () => {
    for (const [a, b] of edges)
      gates.push({
        name: spec.twoQubitGate,
        qubits: [a, b],
        angles: [],
        path: `${path} (entangler ${gates.length})`,
      });
  };
  for (let layer = 0; layer < spec.layers; layer++) {
    if (spec.structure === 'grouped') {
      for (let q = 0; q < nqubits; q++) oneQubit(q);
      entanglers();
    } else {
      for (let q = 0; q < nqubits; q++) {
        oneQubit(q);
        entanglers();
      }
    }
  }
  return gates;
}
