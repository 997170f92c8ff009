import type { SamplingFunctional } from '../../dialect/functionals';
import type { ParamTable } from '../../dialect/numbers';
import { circuitPython } from './circuit';

/*
 * Variant B's `sampling` as qilisdk 0.1.6 Python: src/qilisdk/functionals/__init__.py exports
 * `Sampling`; src/qilisdk/functionals/sampling.py: `Sampling(circuit, nshots=1000)`.
 */

export interface PythonFunctional {
  /** `from X import a, b` lines, without the client's. */
  imports: string[];
  /** The code that binds `functional` (and `readout` when the variant submits one). */
  lines: string[];
  /** Variant A: the submit call passes `readout`. */
  readout?: true;
}

export function samplingPython(f: SamplingFunctional, params: ParamTable): PythonFunctional {
  const circuit = circuitPython(f.circuit, 'circuit', 'B', params);
  return {
    imports: circuit.imports.add('qilisdk.functionals', 'Sampling').lines(),
    lines: [...circuit.lines, '', `functional = Sampling(circuit, nshots=${f.nshots})`],
  };
}
