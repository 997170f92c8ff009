/** The part of quantum-circuit (a devDependency without types) the peers bench uses. */
declare module 'quantum-circuit' {
  export default class QuantumCircuit {
    constructor(nqubits: number);
    appendGate(
      name: string,
      wires: number | number[],
      options?: { params: Record<string, number> },
    ): void;
    run(): void;
    /** The non-zero amplitudes by index (bit q of the index is qubit q). */
    state: Record<string, { re: number; im: number }>;
  }
}
