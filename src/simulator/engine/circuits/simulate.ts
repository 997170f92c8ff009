import type { Circuit } from '../../../shared/dialect/circuit';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { StateVector } from '../physics/state-vector';
import type { Work } from '../work';
import { compileGates } from './ops';
import { runOps, threadsFor } from './run-ops';
import type { CircuitOptions } from './run-ops';
import { SparseState } from './sparse-state';
import { WORKSPACE_LENGTH, wasmParts } from './wasm/wasm-kernels';

/**
 * A sparse state costs tens of nanoseconds per amplitude and gate, a dense sweep about one per
 * amplitude: past 1/256 of the amplitudes non-zero the dense state is cheaper.
 */
function sparseLimit(nqubits: number): number {
  return Math.max(64, 2 ** nqubits / 256);
}

/**
 * A state in WebAssembly memory of its own costs a new memory and an instance of the kernels
 * over it: about 45 µs (median, measured with `wasmParts` on 10 qubits; a collection now and
 * then makes some far longer). The vector kernels save up to about half a nanosecond per
 * amplitude and gate; measured on whole circuits (fastest of five, each way) they paid off from
 * about 2^18 amplitude-gates. States of up to 13 qubits never pay it: they run in the thread's
 * workspace (runOps), copied in and out, which took 0.08–0.1 ms less than a memory of their own
 * on random and QFT circuits of 10 to 13 qubits (a 10-qubit random circuit of 300 gates: 0.25
 * against 0.35 ms).
 */
const OWN_MEMORY_ABOVE_QUBITS = Math.log2(WORKSPACE_LENGTH);
const WASM_FROM_WORK = 2 ** 18;

/**
 * The state of n qubits in two Float64Arrays, for `gates` gates (unknown: many). In
 * WebAssembly memory, where the vector kernels run (wasm/wasm-kernels.ts), shared by the threads
 * that run the circuit, when `wasm: true` or when the work pays for the memory (above);
 * otherwise (`wasm: false`, small work, or no WebAssembly) in SharedArrayBuffers when threads
 * will share the state, else in plain arrays. Either way it is the one copy of the state: gates
 * change it in place (a state of 8 to 13 qubits in plain arrays runs in the thread's workspace,
 * copied there and back around each stretch of passes; 128 KiB a part at most).
 */
export function zeroState(
  nqubits: number,
  o: CircuitOptions = {},
  gates = Number.POSITIVE_INFINITY,
): StateVector {
  const dim = 2 ** nqubits;
  const wasm = o.wasm ?? (nqubits > OWN_MEMORY_ABOVE_QUBITS && gates * dim >= WASM_FROM_WORK);
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
  const state = await runCircuit(circuit, values, work, o);
  // An !Exponential gate (e^M of a gate's matrix) is not unitary: the state is normalised at
  // the end, so its probabilities are those of the state the gates make, up to scale.
  if (circuit.gates.some((g) => g.modifier === 'exponential')) normalise(state.re, state.im);
  return state;
}

function normalise(re: ArrayLike<number> & { [i: number]: number }, im: typeof re): void {
  let norm2 = 0;
  for (let i = 0; i < re.length; i++) norm2 += re[i]! * re[i]! + im[i]! * im[i]!;
  if (!(norm2 > 0)) return;
  const scale = 1 / Math.sqrt(norm2);
  for (let i = 0; i < re.length; i++) {
    re[i] = re[i]! * scale;
    im[i] = im[i]! * scale;
  }
}

async function runCircuit(
  circuit: Circuit,
  values: ParamValues,
  work: Work,
  o: CircuitOptions,
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
