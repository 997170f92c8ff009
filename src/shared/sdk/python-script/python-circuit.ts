import type { PythonImports } from './imports';

/** A circuit as Python: what a circuit writer (circuit.ts, qaoa-0-2.ts) gives the script. */
export interface PythonCircuit {
  /** What the code imports (qilisdk.digital, and qilisdk.core for Parameters). */
  imports: PythonImports;
  /** The Parameters' declarations, then the lines that bind the circuit. */
  lines: string[];
}
