import { readPayloadParts } from '../../dialect/payload-parts';
import type { ExecutePayload, VariantId } from '../../variants';
import { analogEvolutionPython } from './analog-evolution-0-2';
import { CLIENT_IMPORT, clientLines } from './client';
import { digitalPropagationPython } from './digital-propagation-0-2';
import { experimentPython } from './experiments';
import { refuseImportClash } from './import-clash';
import { NotYetInPython } from './not-yet';
import { reservoirPython } from './reservoir-0-2';
import type { PythonFunctional } from './sampling-0-1';
import { samplingPython } from './sampling-0-1';
import { timeEvolutionPython } from './time-evolution-0-1';
import { variationalPython } from './variational';

/*
 * A payload as a Python script that builds the same functional object with the variant's SDK
 * classes and submits it with the SDK's client (issue 26, "Copy as Python"). Read from the same
 * model compile reads (`readPayloadParts`). What it does not cover yet it refuses whole, naming
 * the part: no half scripts.
 *
 * Covered: Variant B (qilisdk 0.1.6) `sampling`, `time_evolution`, `rabi_experiment` and
 * `t1_experiment`; Variant A (qilisdk 0.2.1.post1) `digital_propagation`, `analog_evolution`
 * and `quantum_reservoir` with their readouts, and `experiment` (Rabi, T1); complex and identity
 * coefficients, states as products, amplitudes, density matrices or named, a complex basis
 * state of Variant A as `ket(...)`.
 * Circuits: every gate of the dialect, `!Controlled` (CRX…CU1 too), `!Adjoint`, `!Exponential`,
 * `!Parameter` angles (one `Parameter` object per name), the HardwareEfficientAnsatz and Variant
 * A's `QAOA` (its constructor call, when its gates are the constructor's own). Variational
 * programs of both variants over a circuit (`Sampling`, `DigitalPropagation`), Variant B's
 * `TimeEvolution` or Variant A's `AnalogEvolution` (Parameters as the schedule's coefficients):
 * `SciPyOptimizer` with its options and tol, `ObservableCostFunction` of the friendly cost or of
 * the SDK's (Hamiltonian, Pauli operator, QTensor); not a ModelCostFunction, not SPSA. Checked
 * over the whole SDK corpus by test/unit/shared/sdk/python-corpus.test.ts, which lists every
 * case still refused.
 */

export interface PythonScriptOptions {
  /** The device code to submit to; absent: the script asks for one. */
  device?: string;
  /** The job's name (`job_name`). */
  jobName?: string;
  /** Where the payload came from, named in the script's first comment (a file name). */
  source?: string;
}

export type PythonScript = { script: string } | { refused: string };

const SDK_VERSION: Record<VariantId, string> = { A: '0.2.1.post1', B: '0.1.6' };

function functionalPython(variant: VariantId, payload: ExecutePayload): PythonFunctional {
  const { parts, problems } = readPayloadParts(variant, payload);
  const error = problems.find((p) => p.severity === 'error');
  if (error) throw new PayloadNotValid(error.message);
  const f = parts.functional;
  if (!f) throw new PayloadNotValid('its functional object could not be read');
  if (variant === 'B' && payload.type === 'sampling' && f.kind === 'sampling')
    return samplingPython(f, parts.ctx.params);
  if (variant === 'B' && payload.type === 'time_evolution' && f.kind === 'timeEvolution')
    return timeEvolutionPython(f);
  if (variant === 'A' && payload.type === 'digital_propagation' && f.kind === 'digital')
    return digitalPropagationPython(f, parts.readouts ?? [], parts.ctx.params);
  if (variant === 'A' && payload.type === 'analog_evolution' && f.kind === 'analog')
    return analogEvolutionPython(f, parts.readouts ?? []);
  if (f.kind === 'rabi' || f.kind === 't1') return experimentPython(variant, f);
  if (f.kind === 'reservoir') return reservoirPython(f, parts.readouts ?? [], parts.ctx.params);
  if (payload.type === 'variational_program' && f.kind === 'variational')
    return variationalPython(variant, f, parts.readouts ?? null, parts.ctx.params);
  throw new NotYetInPython(`the execute type ${payload.type} of Variant ${variant}`);
}

class PayloadNotValid extends Error {}

/** The script, or why none is written. */
export function payloadAsPython(
  variant: VariantId,
  payload: ExecutePayload,
  options: PythonScriptOptions = {},
): PythonScript {
  let functional: PythonFunctional;
  try {
    functional = functionalPython(variant, payload);
    refuseImportClash(functional.imports);
  } catch (error) {
    if (error instanceof NotYetInPython) return { refused: error.message };
    if (error instanceof PayloadNotValid)
      return { refused: `not a valid Variant ${variant} payload: ${error.message}` };
    throw error;
  }
  const from = options.source ? ` from ${options.source.replace(/[\r\n]/g, ' ')}` : '';
  const lines = [
    `# Written by Quantum Job Studio${from}: the ${payload.type} job of Variant ${variant},`,
    `# built with qilisdk ${SDK_VERSION[variant]}'s classes and submitted with its client.`,
    ...functional.imports,
    CLIENT_IMPORT,
    '',
    ...functional.lines,
    '',
    ...clientLines(options.device, options.jobName, functional.readout === true),
  ];
  return { script: `${lines.join('\n')}\n` };
}
