import type { Gate } from '../../dialect/circuit-model';
import type { PauliSum, PauliTerm } from '../../dialect/pauli-expression';

/*
 * The gates qilisdk's QAOA constructor adds, so that a `!QAOA` read from the SDK's form can be
 * checked to hold nothing else (a gate added after it was built, a Parameter changed) before
 * the script writes the constructor call. As at 0.2.1.post1 and main:
 * src/qilisdk/digital/ansatz.py `QAOA._build_circuit`: `H(q)` on every qubit, then per layer i
 * the problem Hamiltonian evolved by `Parameter("gamma_i", problem_params[i])` and the mixer by
 * `Parameter("alpha_i", mixer_params[i])`, each split by `Hamiltonian.get_commuting_partitions`
 * (src/qilisdk/analog/hamiltonian.py: greedy, in the terms' order; two Pauli strings commute when
 * they differ on an even number of qubits) and trotterized `trotter_steps` times only when it has
 * more than one partition; src/qilisdk/utils/trotterization/trotterization.py `_pauli_evolution`:
 * per term, `H` before and after each X factor, `RX(±π/2)` around each Y, a CNOT ladder over
 * the term's qubits, `RZ(last, phi=2 * coeff.real / steps * parameter)`.
 */

/** A gate as the constructor makes it; `angle`: the one angle's value, for RZ and RX. */
export interface ExpectedGate {
  name: 'H' | 'CNOT' | 'RZ' | 'RX';
  qubits: number[];
  angle?: number;
}

function anticommute(a: PauliTerm, b: PauliTerm): boolean {
  let mask = (a.xMask & b.zMask) ^ (a.zMask & b.xMask);
  let n = 0;
  for (; mask !== 0; mask &= mask - 1) n++;
  return n % 2 === 1;
}

function partitions(sum: PauliSum): PauliTerm[][] {
  const parts: PauliTerm[][] = [];
  for (const term of sum.terms) {
    const part = parts.find((p) => p.every((other) => !anticommute(term, other)));
    if (part) part.push(term);
    else parts.push([term]);
  }
  return parts;
}

function pauliEvolution(term: PauliTerm, coeff: number, time: number): ExpectedGate[] {
  const factors = term.factors
    .split(' ')
    .filter((f) => f !== '')
    .map((f) => ({ letter: f[0]!, qubit: Number(f.slice(1)) }))
    .filter((f) => f.letter !== 'I');
  if (factors.length === 0) return [];
  const basis = (sign: number): ExpectedGate[] =>
    factors.flatMap(({ letter, qubit }): ExpectedGate[] =>
      letter === 'X'
        ? [{ name: 'H', qubits: [qubit] }]
        : letter === 'Y'
          ? [{ name: 'RX', qubits: [qubit], angle: (sign * Math.PI) / 2 }]
          : [],
    );
  const qubits = factors.map((f) => f.qubit);
  const ladder: ExpectedGate[] = qubits
    .slice(0, -1)
    .map((q, i) => ({ name: 'CNOT', qubits: [q, qubits[i + 1]!] }));
  return [
    ...basis(1),
    ...ladder,
    { name: 'RZ', qubits: [qubits.at(-1)!], angle: 2 * coeff * time },
    ...ladder.reverse(),
    ...basis(-1),
  ];
}

function evolution(sum: PauliSum, time: number, trotterSteps: number): ExpectedGate[] {
  const parts = partitions(sum);
  const steps = parts.length > 1 ? trotterSteps : 1;
  const gates: ExpectedGate[] = [];
  for (let s = 0; s < steps; s++)
    for (const part of parts)
      for (const term of part) {
        if (term.coefficient.kind !== 'const') return [];
        gates.push(...pauliEvolution(term, term.coefficient.value / steps, time));
      }
  return gates;
}

export interface QaoaArguments {
  nqubits: number;
  problem: PauliSum;
  mixer: PauliSum;
  layers: number;
  trotterSteps: number;
  problemParams: number[];
  mixerParams: number[];
}

export function qaoaGates(a: QaoaArguments): ExpectedGate[] {
  const gates: ExpectedGate[] = Array.from({ length: a.nqubits }, (_, q) => ({
    name: 'H',
    qubits: [q],
  }));
  for (let i = 0; i < a.layers; i++) {
    gates.push(...evolution(a.problem, a.problemParams[i]!, a.trotterSteps));
    gates.push(...evolution(a.mixer, a.mixerParams[i]!, a.trotterSteps));
  }
  return gates;
}

/** Whether `gate` (its angle's value given by `angleOf`) is the gate expected. */
export function sameGate(
  gate: Gate,
  expected: ExpectedGate,
  angleOf: (gate: Gate) => number | undefined,
): boolean {
  if (gate.name !== expected.name || gate.controls || gate.modifier) return false;
  if (gate.qubits.join(',') !== expected.qubits.join(',')) return false;
  if (expected.angle === undefined) return gate.angles.length === 0;
  const angle = angleOf(gate);
  if (angle === undefined) return false;
  return Math.abs(angle - expected.angle) <= 1e-12 * Math.max(1, Math.abs(expected.angle));
}
