import type { Circuit, Gate } from '../../../shared/dialect/circuit';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { compileGates } from './ops';
import { planPasses } from './plan';
import { runBlock } from './run-block';
import { runOps } from './run-ops';
import type { CircuitOptions } from './run-ops';
import type { Work } from '../work';

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

/** One gate, at once, on this thread (no passes, no threads): what a gate does, for tests. */
export function applyGate(target: GateTarget, gate: Gate, values: ParamValues): void {
  const nqubits = 31 - Math.clz32(target.re.length);
  for (const op of compileGates([gate], values, target.columnOffset)) {
    const [pass] = planPasses([op], nqubits, { blockQubits: 30, lowQubits: 0, splitBits: 0 });
    runBlock(pass!, 0, target.re, target.im, null);
  }
}

/** The circuit's gates in place on the state (see `circuits/` for how). */
export async function runCircuit(
  target: GateTarget,
  circuit: Circuit,
  values: ParamValues,
  work: Work,
  options: CircuitOptions = {},
): Promise<void> {
  await runOps(
    target.re,
    target.im,
    compileGates(circuit.gates, values, target.columnOffset),
    work,
    options,
  );
}
