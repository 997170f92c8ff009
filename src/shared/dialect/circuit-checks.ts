import type { Gate } from './circuit-model';
import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';

/** Hard cap independent of devices: qubit masks are 31-bit integers. */
const MAX_CIRCUIT_QUBITS = 30;

/** A qubit index inside the circuit: the same check, and message, in both forms. */
export function readQubit(ref: NodeRef, what: string, nqubits: number): number {
  const q = ref.integer(`${what} qubit`, 0);
  if (q >= nqubits) {
    ref.fail({
      subject: what,
      code: 'dialect.qubit_range',
      problem: `qubit ${q} is outside the circuit (nqubits: ${nqubits})`,
      expected: `a qubit index from 0 to ${nqubits - 1}`,
    });
  }
  return q;
}

/** `nqubits` of a circuit: at least 1, within the simulator's reach and the device's width. */
export function readWidth(nRef: NodeRef, ctx: ParseContext, what: string): number {
  const n = nRef.integer('nqubits', 1);
  if (n > MAX_CIRCUIT_QUBITS) {
    nRef.stop({
      subject: what,
      code: 'dialect.limit',
      problem: `${n} qubits are more than the simulator can address (${MAX_CIRCUIT_QUBITS})`,
      hint: 'a real service may run wider circuits',
    });
  }
  ctx.requireWidth(nRef, n, what, ctx.limits.maxQubits, 'maxQubits');
  return n;
}

/** Measurement is terminal: no gate may act on a qubit an earlier !M measured. */
export function checkNotMeasured(
  g: NodeRef,
  tag: string,
  gate: Gate,
  measuredAt: ReadonlyMap<number, string>,
): void {
  if (measuredAt.size === 0) return;
  for (const q of [...(gate.controls ?? []), ...gate.qubits]) {
    const at = measuredAt.get(q);
    if (at !== undefined) {
      g.fail({
        subject: `gate ${tag}`,
        problem: `qubit ${q} was already measured at ${at}`,
        hint: 'measurement is terminal in the simulator: move the !M after the last gate on that qubit',
      });
    }
  }
}
