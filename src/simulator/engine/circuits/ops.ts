import type { Gate } from '../../../shared/dialect/circuit';
import { evalNum } from '../../../shared/dialect/numbers';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { conjugate, singleQubitMatrix, writeSingleQubitMatrix } from '../physics/gate-matrices';
import { complex } from '../../../shared/sdk/numeric/complex';
import { cmatrix } from '../../../shared/sdk/numeric/cmatrix';
import { expm } from '../../../shared/sdk/numeric/expm';

/**
 * A circuit as the engine runs it: every gate is one of four operations on the amplitudes,
 * acting only where all its control qubits are 1 (a CNOT is a controlled flip, a CZ a
 * controlled diagonal, a CRY a controlled 2×2, a Fredkin a controlled swap). Plain data, so the
 * plan can be posted to other threads.
 *
 * - `mat`: a 2×2 matrix on `target` (pairs of amplitudes that differ in that bit);
 * - `diag`: a diagonal 2×2 (a on |0⟩, d on |1⟩): every amplitude on its own, so its qubit need
 *   not be in the block a pass holds in cache;
 * - `flip`: X (the two amplitudes of a pair exchange places, no arithmetic);
 * - `swap`: SWAP of `target` and `other`;
 * - `mat4`: a 4×4 matrix on `target` (the low bit of its index) and `other`, the product of a
 *   run of gates on those two qubits (fuse.ts), never controlled.
 */
export type OpKind = 'mat' | 'diag' | 'flip' | 'swap' | 'mat4';

export interface Op {
  kind: OpKind;
  target: number;
  /** The second qubit of a swap or a 4×4; -1 otherwise. */
  other: number;
  /** Bit mask of the control qubits. */
  controls: number;
  /**
   * [ar, ai, br, bi, cr, ci, dr, di] of [[a, b], [c, d]]; zeros for flip and swap; a 4×4's 16
   * entries as [re, im] pairs, row-major.
   */
  m: number[];
}

const NO_MATRIX = [0, 0, 0, 0, 0, 0, 0, 0];
/** Where each gate's matrix is written before `matrixOp` copies what it keeps. */
const SCRATCH = new Float64Array(8);
const X = singleQubitMatrix('X', [])!;
const Z = singleQubitMatrix('Z', [])!;

/** The op a 2×2 matrix makes on `target`, as cheap a kind as its entries allow. */
export function matrixOp(target: number, controls: number, m: ArrayLike<number>): Op {
  const ar = m[0]!;
  const ai = m[1]!;
  const br = m[2]!;
  const bi = m[3]!;
  const cr = m[4]!;
  const ci = m[5]!;
  const dr = m[6]!;
  const di = m[7]!;
  if (br === 0 && bi === 0 && cr === 0 && ci === 0)
    return { kind: 'diag', target, other: -1, controls, m: [ar, ai, 0, 0, 0, 0, dr, di] };
  if (ar === 0 && ai === 0 && dr === 0 && di === 0 && br === 1 && bi === 0 && cr === 1 && ci === 0)
    return { kind: 'flip', target, other: -1, controls, m: NO_MATRIX };
  return { kind: 'mat', target, other: -1, controls, m: [ar, ai, br, bi, cr, ci, dr, di] };
}

function maskOf(qubits: readonly number[] | undefined): number {
  let mask = 0;
  if (qubits) for (const q of qubits) mask |= 1 << q;
  return mask;
}

/** The rotation a controlled-rotation gate controls. */
const CONTROLLED_BASE: Partial<Record<Gate['name'], Gate['name']>> = {
  CRX: 'RX',
  CRY: 'RY',
  CRZ: 'RZ',
  CU1: 'U1',
};

/** The 2×2 of `m` transformed by a gate's modifier (its adjoint, or e^M). */
function modified(m: Float64Array, modifier: NonNullable<Gate['modifier']>): Float64Array {
  if (modifier === 'adjoint') return conjugateTranspose(m);
  const e = expm(
    cmatrix([
      [complex(m[0]!, m[1]!), complex(m[2]!, m[3]!)],
      [complex(m[4]!, m[5]!), complex(m[6]!, m[7]!)],
    ]),
  );
  return Float64Array.from(e.data.flatMap((z) => [z.re, z.im]));
}

function conjugateTranspose(m: Float64Array): Float64Array {
  return Float64Array.from([m[0]!, -m[1]!, m[4]!, -m[5]!, m[2]!, -m[3]!, m[6]!, -m[7]!]);
}

/** e^SWAP = cosh(1)·I + sinh(1)·SWAP as a 4×4 op (symmetric in its two qubits). */
function exponentialSwap(a: number, b: number, controls: number): Op {
  if (controls !== 0)
    throw new Error('a controlled !Exponential of !SWAP is not supported by the simulator');
  const e = expm(
    cmatrix([
      [complex(1), complex(0), complex(0), complex(0)],
      [complex(0), complex(0), complex(1), complex(0)],
      [complex(0), complex(1), complex(0), complex(0)],
      [complex(0), complex(0), complex(0), complex(1)],
    ]),
  );
  return {
    kind: 'mat4',
    target: Math.min(a, b),
    other: Math.max(a, b),
    controls: 0,
    m: e.data.flatMap((z) => [z.re, z.im]),
  };
}

/** One gate as an op on a pure state (`null` for the identity). */
function gateOp(gate: Gate, values: ParamValues): Op | null {
  if (gate.modifier) return modifiedGateOp(gate, values);
  const extra = maskOf(gate.controls);
  const a = gate.qubits[0] ?? 0;
  const b = gate.qubits[1] ?? 0;
  const base = CONTROLLED_BASE[gate.name];
  switch (gate.name) {
    case 'I':
      return null;
    case 'CNOT':
      return matrixOp(b, extra | (1 << a), X);
    case 'CZ':
      return matrixOp(b, extra | (1 << a), Z);
    case 'SWAP':
      return { kind: 'swap', target: a, other: b, controls: extra, m: NO_MATRIX };
    default: {
      const x = gate.angles[0];
      const y = gate.angles[1];
      const z = gate.angles[2];
      const written = writeSingleQubitMatrix(
        base ?? gate.name,
        x ? evalNum(x, values) : 0,
        y ? evalNum(y, values) : 0,
        z ? evalNum(z, values) : 0,
        SCRATCH,
      );
      if (!written) throw new Error(`no matrix for gate ${gate.name}`);
      return base ? matrixOp(b, extra | (1 << a), SCRATCH) : matrixOp(a, extra, SCRATCH);
    }
  }
}

/** An !Adjoint or !Exponential of a basic gate (under any controls). */
function modifiedGateOp(gate: Gate, values: ParamValues): Op {
  const extra = maskOf(gate.controls);
  const a = gate.qubits[0] ?? 0;
  if (gate.name === 'SWAP') {
    if (gate.modifier === 'adjoint')
      return { kind: 'swap', target: a, other: gate.qubits[1]!, controls: extra, m: NO_MATRIX };
    return exponentialSwap(a, gate.qubits[1]!, extra);
  }
  const [x, y, z] = gate.angles;
  const written = writeSingleQubitMatrix(
    gate.name,
    x ? evalNum(x, values) : 0,
    y ? evalNum(y, values) : 0,
    z ? evalNum(z, values) : 0,
    SCRATCH,
  );
  if (!written) throw new Error(`no matrix for gate ${gate.name}`);
  return matrixOp(a, extra, modified(SCRATCH, gate.modifier!));
}

/**
 * The gates' ops. A density matrix of n qubits is the vector vec(ρ) on 2n qubits, and
 * U ρ U† is U on the row qubits (0..n-1) then conj(U) on the column qubits (n..2n-1): each gate
 * becomes two ops.
 */
export function compileGates(
  gates: readonly Gate[],
  values: ParamValues,
  columnOffset: number | null,
): Op[] {
  const ops: Op[] = [];
  for (const gate of gates) {
    const op = gateOp(gate, values);
    if (!op) continue;
    ops.push(op);
    if (columnOffset !== null) ops.push(shifted(op, columnOffset));
  }
  return ops;
}

function shifted(op: Op, by: number): Op {
  const m =
    op.kind === 'mat' || op.kind === 'diag' ? Array.from(conjugate(Float64Array.from(op.m))) : op.m;
  return {
    kind: op.kind,
    target: op.target + by,
    other: op.other < 0 ? -1 : op.other + by,
    controls: op.controls << by,
    m,
  };
}

/** The qubits whose bit an op changes (a pass must hold them in its block). */
export function mixingMask(op: Op): number {
  if (op.kind === 'diag') return 0;
  return op.other >= 0 ? (1 << op.target) | (1 << op.other) : 1 << op.target;
}

/** Every qubit an op reads. */
export function qubitMask(op: Op): number {
  return op.controls | (1 << op.target) | (op.other < 0 ? 0 : 1 << op.other);
}
