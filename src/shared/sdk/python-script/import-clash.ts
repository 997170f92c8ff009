import { NotYetInPython } from './not-yet';

/*
 * A script must not import one name from two modules: the later import would shadow the earlier
 * (`from qilisdk.analog import Z` then `from qilisdk.digital import Z`: the readout's Z(0) would
 * be the gate). The circuit writers import such a gate as `ZGate`; where one does not, the
 * payload is refused whole rather than written wrong.
 */

/** Throws NotYetInPython when two `from M import ...` lines bind the same name. */
export function refuseImportClash(imports: readonly string[]): void {
  const from = new Map<string, string>();
  for (const line of imports) {
    const m = /^from (\S+) import (.+)$/.exec(line);
    if (!m) continue;
    for (const imported of m[2]!.split(', ')) {
      const name = imported.split(' as ').pop()!;
      const earlier = from.get(name);
      if (earlier && earlier !== m[1])
        throw new NotYetInPython(
          `${name} of ${earlier} and ${name} of ${m[1]} in one script (a gate and a Pauli operator of the same name)`,
        );
      from.set(name, m[1]!);
    }
  }
}
