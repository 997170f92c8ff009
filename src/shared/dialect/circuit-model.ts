import type { GateModifier, GateName } from './declaration';
import type { Island } from './island';
import type { NodeRef } from './node-reader';
import type { Num } from './numbers';

export type { GateName } from './declaration';

export interface Gate {
  name: GateName;
  /** Single-qubit gates: [qubit]; CNOT, CZ, CRX…CU1: [control, target]; SWAP: [a, b]. */
  qubits: number[];
  /** In the order of the gate's angle keys (U3: theta, phi, gamma). */
  angles: Num[];
  /**
   * `!Controlled`'s control qubits (the gate acts only where every one is 1), besides any
   * control the gate has itself; absent for a plain gate.
   */
  controls?: number[];
  /** `!Adjoint` / `!Exponential` around the gate (inside any controls); absent for none. */
  modifier?: GateModifier;
  path: string;
}

/** An `!M` where it stands: before gate `at` of `gates` (gates.length: after the last). */
export interface Measurement {
  at: number;
  /** As written (the SDK keeps their order: `M(2, 0)`). */
  qubits: number[];
  path: string;
}

/** The SDK's `HardwareEfficientAnsatz`, as written; its gates are generated (hardware-efficient.ts). */
export interface HardwareEfficientAnsatz {
  kind: 'hardwareEfficient';
  layers: number;
  /** A named topology, or the edges as written. */
  connectivity: 'linear' | 'circular' | 'full' | Array<[number, number]>;
  structure: 'grouped' | 'interposed';
  oneQubitGate: 'U1' | 'U2' | 'U3';
  twoQubitGate: 'CZ' | 'CNOT';
  /** How many of the circuit's gates it generated (the rest were added after: `added_gates`). */
  generated: number;
}

export interface Circuit {
  nqubits: number;
  /** Every gate the circuit runs, in order (an ansatz's generated gates first). */
  gates: Gate[];
  /** Ascending; every qubit when the circuit has no !M. */
  measured: number[];
  /** Each `!M` where it stands (absent in circuits made by code: none). */
  measurements?: Measurement[];
  /** The SDK class the circuit is (absent: a plain `Circuit`). */
  ansatz?: HardwareEfficientAnsatz;
  /**
   * A circuit kept in the SDK's form because the model cannot hold all of it (the SDK's
   * `QAOA`, say): compile passes its text through, the printer prints it; `gates` are what
   * the simulator could read of it.
   */
  island?: Island;
  ref: NodeRef;
}

/** A gate-list item that could not be read: where it stands among the gates, and its tag. */
export interface UnreadGate {
  /** Before gate `at` of the circuit's gates. */
  at: number;
  path: string;
  tag?: string;
}

/** A circuit as the reader met it: complete, or with the items it could not read. */
export interface ReadCircuit {
  circuit: Circuit;
  /** The items that could not be read (empty for a complete circuit). */
  unread: UnreadGate[];
}
