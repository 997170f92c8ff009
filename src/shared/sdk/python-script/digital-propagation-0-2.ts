import type { DigitalFunctional } from '../../dialect/functionals';
import type { Readout } from '../../dialect/readouts';
import { circuitPython } from './circuit';
import { digitalImportLines } from './modified-gates';
import { readoutLines } from './readout-0-2';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Variant A's `digital_propagation` with its readouts as qilisdk 0.2.1.post1 Python:
 * src/qilisdk/functionals/__init__.py exports `DigitalPropagation`
 * (src/qilisdk/functionals/digital_propagation.py: `DigitalPropagation(circuit)`); the readouts
 * as readout-0-2.ts writes them.
 */

export function digitalPropagationPython(
  f: DigitalFunctional,
  readouts: readonly Readout[],
): PythonFunctional {
  const analog = new Set<string>();
  const core = new Set<string>();
  const readout = readoutLines(readouts, analog, 'a digital propagation', core);
  const circuit = circuitPython(f.circuit, 'circuit');
  return {
    imports: [
      ...(core.size > 0 ? ['import numpy as np'] : []),
      ...(analog.size > 0 ? [`from qilisdk.analog import ${[...analog].sort().join(', ')}`] : []),
      ...(core.size > 0 ? [`from qilisdk.core import ${[...core].sort().join(', ')}`] : []),
      ...digitalImportLines(circuit.imports),
      'from qilisdk.functionals import DigitalPropagation',
      'from qilisdk.readout import Readout',
    ],
    lines: [...circuit.lines, '', 'functional = DigitalPropagation(circuit)', ...readout],
    readout: true,
  };
}
