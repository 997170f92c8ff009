import type { Circuit, Gate } from '../../../../shared/dialect/circuit';
import { evalNum } from '../../../../shared/dialect/numbers';
import type { ParamValues } from '../../../../shared/dialect/numbers';
import type { Work } from '../run/work';
import { applyCnot, applyCz, applyMat2, applySwap } from './gate-kernels';
import { conjugate, singleQubitMatrix } from './gate-matrices';

/**
 * Where the gates act. A pure state is 2^n amplitudes. A density matrix ρ is stored as the
 * vector vec(ρ)[r + c·2^n] on 2n qubits: U ρ U† is U on the row qubits (0..n-1) and conj(U)
 * on the column qubits (n..2n-1), so the same kernels serve both.
 */
export interface GateTarget {
  re: Float64Array;
  im: Float64Array;
  /** null for a pure state; n for a density matrix of n qubits. */
  columnOffset: number | null;
}

export function applyGate(target: GateTarget, gate: Gate, values: ParamValues): void {
  const { re, im, columnOffset } = target;
  const [a = 0, b = 0] = gate.qubits;
  switch (gate.name) {
    case 'I':
      return;
    case 'CNOT':
      applyCnot(re, im, a, b);
      if (columnOffset !== null) applyCnot(re, im, a + columnOffset, b + columnOffset);
      return;
    case 'CZ':
      applyCz(re, im, a, b);
      if (columnOffset !== null) applyCz(re, im, a + columnOffset, b + columnOffset);
      return;
    case 'SWAP':
      applySwap(re, im, a, b);
      if (columnOffset !== null) applySwap(re, im, a + columnOffset, b + columnOffset);
      return;
    default: {
      const m = singleQubitMatrix(
        gate.name,
        gate.angles.map((n) => evalNum(n, values)),
      );
      if (!m) throw new Error(`no matrix for gate ${gate.name}`);
      applyMat2(re, im, a, m);
      if (columnOffset !== null) applyMat2(re, im, a + columnOffset, conjugate(m));
    }
  }
}

export async function runCircuit(
  target: GateTarget,
  circuit: Circuit,
  values: ParamValues,
  work: Work,
): Promise<void> {
  const total = circuit.gates.length;
  for (let k = 0; k < total; k++) {
    applyGate(target, circuit.gates[k]!, values);
    const pause = work.tick((k + 1) / total, () => `gate ${k + 1}/${total}`);
    if (pause) await pause;
  }
}
