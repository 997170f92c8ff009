import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';
import type { Readout } from './readouts';
import type { Schedule } from './schedule';

/**
 * What an evolution costs before it runs, against the simulator's limits (issue 28: a 20 KB
 * payload of 300 labelled Hamiltonians on 20 qubits grew the simulator by 100 MB a second).
 *
 * Memory: the integrator keeps four state vectors (16 bytes an amplitude) and, per labelled
 * Hamiltonian, its diagonal (8 bytes an amplitude); a density matrix has 4^n amplitudes.
 * Terms: every Pauli term is applied at every integrator step.
 */
const STATE_VECTORS = 4;
const BYTES_PER_STATE_AMPLITUDE = 16;
const BYTES_PER_LABEL_AMPLITUDE = 8;

/** Bytes an evolution of `labels` labelled Hamiltonians on `nqubits` needs, about. */
function evolutionBytes(nqubits: number, labels: number, density: boolean): number {
  const amplitudes = 2 ** (density ? 2 * nqubits : nqubits);
  return (
    amplitudes * (STATE_VECTORS * BYTES_PER_STATE_AMPLITUDE + labels * BYTES_PER_LABEL_AMPLITUDE)
  );
}

function mib(bytes: number): string {
  const m = bytes / 2 ** 20;
  return m >= 1024 ? `${(m / 1024).toFixed(1)} GiB` : `${Math.ceil(m)} MiB`;
}

/** The schedule's Hamiltonians fit the simulator: terms, and memory on `nqubits`. */
export function requireScheduleFits(
  schedule: Schedule,
  nqubits: number,
  density: boolean,
  what: string,
  ctx: ParseContext,
): void {
  const at: NodeRef = schedule.ref;
  const terms = schedule.terms.reduce((n, t) => n + t.hamiltonian.terms.length, 0);
  if (terms > ctx.limits.maxHamiltonianTerms) {
    at.stop({
      subject: what,
      code: 'dialect.limit',
      problem: `its Hamiltonians have ${terms.toLocaleString('en-US')} Pauli terms, over the simulator limit maxHamiltonianTerms = ${ctx.limits.maxHamiltonianTerms.toLocaleString('en-US')} (each is applied at every integrator step)`,
      hint: 'merge repeated terms, or raise maxHamiltonianTerms in the simulator settings',
    });
  }
  const labels = schedule.terms.length;
  const bytes = evolutionBytes(nqubits, labels, density);
  const limit = ctx.limits.maxEvolutionMemoryMiB;
  if (bytes > limit * 2 ** 20) {
    at.stop({
      subject: what,
      code: 'dialect.limit',
      problem: `${labels} labelled Hamiltonian${labels === 1 ? '' : 's'} on ${nqubits} qubits${density ? ' (a density matrix)' : ''} need about ${mib(bytes)} to evolve (one vector per label, plus ${STATE_VECTORS} for the state), over the simulator limit maxEvolutionMemoryMiB = ${limit}`,
      hint: 'put terms that share a coefficient under one label, use fewer qubits, or raise maxEvolutionMemoryMiB in the simulator settings',
    });
  }
}

/**
 * The values a result will hold, known before the run: recorded times × values per time. A
 * result over the limit is refused before anything runs (the SDK's result is one YAML string).
 */
export function requireResultFits(
  at: NodeRef,
  times: number,
  perTime: number,
  what: string,
  ctx: ParseContext,
): void {
  const values = times * perTime;
  const limit = ctx.limits.maxResultValues;
  if (values > limit) {
    at.stop({
      subject: what,
      code: 'dialect.limit',
      problem: `its result would hold ${values.toLocaleString('en-US')} values (${times.toLocaleString('en-US')} recorded times × ${perTime.toLocaleString('en-US')} per time), over the simulator limit maxResultValues = ${limit.toLocaleString('en-US')}`,
      hint: 'record fewer times (a larger dt, or store_intermediate_results: false), measure fewer observables, or raise maxResultValues in the simulator settings',
    });
  }
}

/** Values one set of readouts adds to a result, on a state of `nqubits`. */
export function readoutValues(readouts: readonly Readout[], nqubits: number): number {
  let n = 0;
  for (const r of readouts) {
    if (r.kind === 'expectation') n += r.observables.length;
    else if (r.kind === 'tomography') n += 2 ** nqubits;
    else n += Math.min(r.nshots, 2 ** nqubits);
  }
  return n;
}
