import type { GateModifier } from '../../dialect/declaration';

/*
 * `!Adjoint` and `!Exponential` as qilisdk Python: src/qilisdk/digital/gates.py holds
 * `Adjoint(basic_gate)` and `Exponential(basic_gate)` (0.1.6 and 0.2.1.post1 alike), which
 * qilisdk 0.2.1.post1's src/qilisdk/digital/__init__.py exports and 0.1.6's does not (nor
 * `Controlled`): those are imported from `qilisdk.digital.gates`, which holds them in both.
 */

/** Names of `qilisdk.digital.gates` that qilisdk 0.1.6's `qilisdk.digital` does not export. */
const GATES_MODULE_ONLY = new Set(['Adjoint', 'Controlled', 'Exponential']);

export function modifierClass(modifier: GateModifier): string {
  return modifier === 'adjoint' ? 'Adjoint' : 'Exponential';
}

/** `Adjoint(RX(0, theta=0.4))`: the gate's call wrapped in its modifier's class. */
export function modifiedCall(modifier: GateModifier | undefined, call: string): string {
  return modifier ? `${modifierClass(modifier)}(${call})` : call;
}

/** The import lines for the names a circuit uses, each from the module that exports it. */
export function digitalImportLines(names: ReadonlySet<string>): string[] {
  const sorted = [...names].sort();
  const main = sorted.filter((n) => !GATES_MODULE_ONLY.has(n));
  const gates = sorted.filter((n) => GATES_MODULE_ONLY.has(n));
  return [
    ...(main.length > 0 ? [`from qilisdk.digital import ${main.join(', ')}`] : []),
    ...(gates.length > 0 ? [`from qilisdk.digital.gates import ${gates.join(', ')}`] : []),
  ];
}
