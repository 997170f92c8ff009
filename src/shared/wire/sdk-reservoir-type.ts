import type { VariantId } from '../variants/declaration';
import { isPlainObject } from '../json/plain-object';

/**
 * qilisdk 0.2.0 and 0.2.1 send a quantum reservoir as `type: "analog_evolution"` with its payload
 * under `quantum_reservoir_payload` and `analog_evolution_payload` null (their client's own bug,
 * `speqtrum.py` `_submit_quantum_reservoir_functional`; main sends `"quantum_reservoir"`). The
 * payload is unambiguous, so it is read as the reservoir it is, and the note says so.
 */
export function sdkReservoirTypeFix(
  variant: VariantId,
  value: unknown,
): { value: unknown; note: string | null } {
  if (
    variant !== 'A' ||
    !isPlainObject(value) ||
    value.type !== 'analog_evolution' ||
    (value.analog_evolution_payload !== null && value.analog_evolution_payload !== undefined) ||
    value.quantum_reservoir_payload === null ||
    value.quantum_reservoir_payload === undefined
  )
    return { value, note: null };
  return {
    value: { ...value, type: 'quantum_reservoir' },
    note: "note: the payload says type 'analog_evolution' but holds a quantum_reservoir_payload (as qilisdk 0.2.0 and 0.2.1 send a reservoir); it is run as the quantum reservoir it holds",
  };
}
