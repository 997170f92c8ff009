import type { Circuit } from '../../../shared/dialect/circuit';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { StateVector } from '../physics/state-vector';
import type { Work } from '../run/work';
import { compileGates } from './ops';
import { runOps, threadsFor } from './run-ops';
import type { CircuitOptions } from './run-ops';
import { SparseState } from './sparse-state';
import { wasmParts } from './wasm/wasm-kernels';

/**
 * A sparse state costs tens of nanoseconds per amplitude and gate, a dense sweep about one per
 * amplitude: past 1/256 of the amplitudes non-zero the dense state is cheaper.
 */
function sparseLimit(nqubits: number): number {
  return Math.max(64, 2 ** nqubits / 256);
}

/**
 * A state in WebAssembly memory costs a new memory and an instance of the kernels over it:
 * about 45 µs (median, measured with `wasmParts` on 10 qubits; a collection now and then makes
 * some far longer). The vector kernels save up to about half a nanosecond per amplitude and
 * gate; measured on whole circuits (fastest of five, each way) they pay off from about 2^18
 * amplitude-gates: a 10-qubit circuit of 256 gates, a 12-qubit one of 64. A 10-qubit QFT (80
 * gates) took 0.06 ms in plain arrays and 0.1–0.4 ms in a new memory, an 11-qubit one (99
 * gates) 0.12 and 0.14 ms, a 12-qubit one 0.24 and 0.19 ms; a random 10-qubit circuit of 300
 * gates 0.35 and 0.29 ms. An optimiser's short circuits, run again and again, would pay for a
 * memory each time.
 * Below 10 qubits a gate's call into the kernels costs more than its work.
 */
const WASM_FROM_QUBITS = 10;
const WASM_FROM_WORK = 2 ** 18;

/**
 * The state of n qubits in two Float64Arrays, for `gates` gates (unknown: many). In
 * WebAssembly memory, where the vector kernels run (wasm/wasm-kernels.ts), shared by the threads
 * that run the circuit, when `wasm: true` or when the work pays for the memory (above);
 * otherwise (`wasm: false`, small work, or no WebAssembly) in SharedArrayBuffers when threads
 * will share the state, else in plain arrays. Either way it is the one copy of the state: gates
 * change it in place.
 */
export function zeroState(
  nqubits: number,
  o: CircuitOptions = {},
  gates = Number.POSITIVE_INFINITY,
): StateVector {
  const dim = 2 ** nqubits;
  const wasm = o.wasm ?? (nqubits >= WASM_FROM_QUBITS && gates * dim >= WASM_FROM_WORK);
  const parts = wasm ? wasmParts(dim) : null;
  if (!parts && threadsFor(nqubits, o) <= 1) return StateVector.zero(nqubits);
  const sv = new StateVector(
    nqubits,
    parts?.re ?? new Float64Array(new SharedArrayBuffer(8 * dim)),
    parts?.im ?? new Float64Array(new SharedArrayBuffer(8 * dim)),
  );
  sv.re[0] = 1;
  return sv;
}

/**
 * The circuit from |0…0⟩: sparse while few amplitudes are non-zero (a GHZ state never needs
 * more than two), then dense from the gate where it stops paying off.
 */
export async function simulateCircuit(
  circuit: Circuit,
  values: ParamValues,
  work: Work,
  o: CircuitOptions = {},
): Promise<SparseState | StateVector> {
  const n = circuit.nqubits;
  const ops = compileGates(circuit.gates, values, null);
  let k = 0;
  if (o.sparse !== false) {
    const sparse = SparseState.zero(n);
    const limit = sparseLimit(n);
    while (k < ops.length && sparse.size <= limit) {
      sparse.apply(ops[k++]!);
      const pause = work.tick(k / ops.length, () => `gate ${k}/${ops.length} (sparse state)`);
      if (pause) await pause;
    }
    if (sparse.size <= limit) return sparse;
    const sv = zeroState(n, o, ops.length - k);
    sv.re[0] = 0;
    sparse.writeDense(sv.re, sv.im);
    await runOps(sv.re, sv.im, ops.slice(k), work, o);
    return sv;
  }
  const sv = zeroState(n, o, ops.length);
  await runOps(sv.re, sv.im, ops, work, o);
  return sv;
}

/** The dense state, whatever form the circuit ended in. */
export function toStateVector(state: SparseState | StateVector): StateVector {
  if (state instanceof StateVector) return state;
  const sv = StateVector.zero(state.nqubits);
  sv.re[0] = 0;
  state.writeDense(sv.re, sv.im);
  return sv;
}
