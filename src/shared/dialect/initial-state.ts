import type { NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import { quoted } from '../text/quote';

/**
 * An initial state as written. Amplitude lists are in bitstring order: entry k belongs to the
 * bitstring of k in binary with qubit 0 leftmost (most significant), the same order the
 * simulator uses for `final_state` and tomography output.
 */
export type InitialState =
  | { kind: 'product'; nqubits: number; perQubit: string; ref: NodeRef }
  | { kind: 'amplitudes'; nqubits: number; re: number[]; im: number[]; ref: NodeRef };

export function readInitialState(ref: NodeRef, maxQubits: number): InitialState {
  const what = 'initial_state';
  ref.checkTag(what);
  if (ref.isSequence()) {
    const items = ref.items(what);
    const nqubits = Math.log2(items.length);
    if (items.length < 2 || !Number.isInteger(nqubits)) {
      ref.fail({
        subject: what,
        problem: `${items.length} amplitudes is not a power of two (2, 4, 8, ...)`,
      });
    }
    if (nqubits > maxQubits)
      limitProblem(ref, {
        subject: what,
        problem: `${nqubits} qubits exceed the limit of ${maxQubits}`,
      });
    const amps = items.map((item) => item.complex('amplitude'));
    const norm2 = amps.reduce((s, a) => s + a.re * a.re + a.im * a.im, 0);
    if (!(norm2 > 0))
      ref.fail({
        subject: what,
        problem: 'all amplitudes are zero',
        expected: 'a non-zero vector (it is normalised for you)',
      });
    const scale = 1 / Math.sqrt(norm2);
    return {
      kind: 'amplitudes',
      nqubits,
      re: amps.map((a) => a.re * scale),
      im: amps.map((a) => a.im * scale),
      ref,
    };
  }
  const raw = ref.scalarValue();
  // A bitstring such as 0101 may come through YAML as a number; its text is what was meant.
  const text =
    typeof raw === 'number' && ref.node && 'source' in ref.node ? String(ref.node.source) : raw;
  if (ref.tag || typeof text !== 'string') {
    ref.fail({
      subject: what,
      problem: `expected a state, found ${ref.describe()}`,
      expected:
        'a bitstring ("01"), a string of 0 1 + - per qubit ("+-"), or a list of !complex amplitudes',
    });
  }
  const perQubit = text.replace(/\s+/g, '');
  if (perQubit.length === 0 || !/^[01+-]+$/.test(perQubit)) {
    ref.fail({
      subject: what,
      problem: `${quoted(text)} is not a state string`,
      expected: 'one of 0 1 + - per qubit, qubit 0 first',
    });
  }
  if (perQubit.length > maxQubits)
    limitProblem(ref, {
      subject: what,
      problem: `${perQubit.length} qubits exceed the limit of ${maxQubits}`,
    });
  return { kind: 'product', nqubits: perQubit.length, perQubit, ref };
}
