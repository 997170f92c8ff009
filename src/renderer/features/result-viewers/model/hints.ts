import { executeKind } from '../../../../shared/variants/declaration';
import type { ExecuteKind, VariantId } from '../../../../shared/variants/declaration';
import type { ExecutePayload } from '../../../../shared/variants/payload';
import type { Functional } from '../../../../shared/dialect/job-model';
import type { Observable } from '../../../../shared/dialect/observable';
import type { Readout } from '../../../../shared/dialect/readouts';
import { readReadouts } from '../../../../shared/dialect/readouts';
import { ParseContext } from '../../../../shared/dialect/parse-context';
import { readPayloadParts } from '../../../../shared/dialect/payload-parts';
import { pauliSumText } from '../../../../shared/sdk/friendly-print/observables';
import type { ReadoutHint, ResultHints } from '../../../state/results/models';
import { NO_HINTS } from '../../../state/results/models';

/*
 * The result names nothing: a time evolution's values are in the order of the payload's
 * observables, a readout result in the order of the payload's readouts, a reservoir's steps in
 * the order of its inputs. The payload (a JobDetail field, each functional object a YAML string,
 * in the friendly or the SDK's form) supplies the names, read by the dialect's own readers.
 */

/** An observable as a label: `"0.5 Z0 Z1 + X0"`, `Z1` for the SDK's `PauliZ(1)`, a matrix's size. */
export function observableLabel(o: Observable): string | null {
  switch (o.kind) {
    case 'hamiltonian':
      return pauliSumText(o.sum);
    case 'pauli':
      return `${o.pauli}${o.qubit}`;
    case 'qtensor':
      return `${o.size}×${o.size} matrix`;
  }
}

function labels(observables: readonly Observable[]): string[] | null {
  const out: string[] = [];
  for (const o of observables) {
    const label = observableLabel(o);
    if (label === null) return null;
    out.push(label);
  }
  return out;
}

const READOUT_TAG = {
  sampling: '!SamplingReadout',
  expectation: '!ExpectationReadout',
  tomography: '!StateTomographyReadout',
} as const;

function readoutHint(r: Readout): ReadoutHint {
  return {
    tag: READOUT_TAG[r.kind],
    observables: r.kind === 'expectation' ? labels(r.observables) : null,
    nshots: r.kind === 'tomography' ? null : r.nshots,
  };
}

/** The functional that is run: a variational program's inner one, else itself. */
function run(f: Functional): Functional {
  return f.kind === 'variational' ? f.inner : f;
}

/**
 * Functional objects that name a result's rows (observables, duration, inputs); a circuit names
 * none, and the SDK's form of a circuit is large to read (about 450 characters a gate).
 */
const NAMING_TYPES: ReadonlySet<string> = new Set([
  'time_evolution',
  'analog_evolution',
  'quantum_reservoir',
  'variational_program',
]);

/** Past this size a functional object is not read for names (it is a large circuit). */
export const HINTS_MAX_FUNCTIONAL_CHARS = 200_000;

function readoutsOf(variant: VariantId, kind: ExecuteKind, fields: Record<string, unknown>) {
  const text = fields.readout;
  if (!kind.readout || typeof text !== 'string') return [];
  try {
    const ctx = new ParseContext(variant, null, {});
    return readReadouts(text, `${kind.payloadField}.readout`, ctx).map(readoutHint);
  } catch {
    return [];
  }
}

function functionalOf(
  variant: VariantId,
  kind: ExecuteKind,
  fields: Record<string, unknown>,
): Functional | undefined {
  const text = fields[kind.functionalField];
  if (!NAMING_TYPES.has(kind.executeType) || typeof text !== 'string') return undefined;
  if (text.length > HINTS_MAX_FUNCTIONAL_CHARS) return undefined;
  const payload = { type: kind.executeType, [kind.payloadField]: { [kind.functionalField]: text } };
  try {
    const f = readPayloadParts(variant, payload as unknown as ExecutePayload).parts.functional;
    return f ? run(f) : undefined;
  } catch {
    return undefined;
  }
}

/** What the job's payload (an ExecutePayload with YAML strings inside) says about its result. */
export function hintsFromPayload(
  variant: VariantId,
  executeType: string,
  payload: unknown,
): ResultHints {
  if (!payload || typeof payload !== 'object') return NO_HINTS;
  const kind = executeKind(variant, executeType);
  if (!kind) return NO_HINTS;
  const inner = (payload as Record<string, unknown>)[kind.payloadField];
  if (!inner || typeof inner !== 'object') return NO_HINTS;
  const fields = inner as Record<string, unknown>;
  const functional = functionalOf(variant, kind, fields);
  const evolution =
    functional?.kind === 'timeEvolution' || functional?.kind === 'analog' ? functional : null;
  const reservoir = functional?.kind === 'reservoir' ? functional : null;
  return {
    observables:
      evolution && evolution.observables.length > 0 ? labels(evolution.observables) : null,
    readouts: readoutsOf(variant, kind, fields),
    duration: evolution ? evolution.schedule.T : null,
    intermediate: executeType === 'quantum_reservoir' ? 'input' : 'step',
    inputs: reservoir
      ? reservoir.inputs.map((input) =>
          [...input].map(([name, value]) => ({ name, value: String(value) })),
        )
      : null,
  };
}
