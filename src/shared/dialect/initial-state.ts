import type { NodeRef } from './node-reader';
import { readQTensor } from './observable';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { hasKey, isSdkForm } from './sdk-form/dispatch';
import { readSdkInitialState } from './sdk-form/initial-state';
import { quoted } from '../text/quote';

/**
 * An initial state as written. Amplitude lists are in bitstring order: entry k belongs to the
 * bitstring of k in binary with qubit 0 leftmost (most significant), the same order the
 * simulator uses for `final_state` and tomography output. A density matrix is row-major in the
 * same order. `dtype` is how the SDK's QTensor stores the entries (`ket(0, 1)` is float64).
 */
export type InitialState =
  | { kind: 'product'; nqubits: number; perQubit: string; ref: NodeRef }
  | {
      kind: 'amplitudes';
      nqubits: number;
      re: number[];
      im: number[];
      dtype: StateDtype;
      ref: NodeRef;
    }
  | {
      kind: 'density';
      nqubits: number;
      re: number[];
      im: number[];
      dtype: StateDtype;
      ref: NodeRef;
    }
  /** qilisdk 0.2.x `InitialState.ZERO` / `ONE` / `UNIFORM` (an enum, not a QTensor). */
  | { kind: 'named'; nqubits: number; name: NamedState; ref: NodeRef };

export type StateDtype = 'complex128' | 'float64';
export type NamedState = 'zero' | 'one' | 'uniform';

/** Within this of 1, ‖ψ‖² counts as normalised and the amplitudes are kept exactly as written. */
const NORMALISED = 1e-12;

/** A friendly initial state, or one in the SDK's form (`!QTensor {_data}` / `{data}`, `InitialState`). */
export function readInitialStateAt(
  ref: NodeRef,
  maxQubits: number,
  ctx: ParseContext,
): InitialState {
  if (isSdkForm(ref) || (ref.tag === '!QTensor' && !hasKey(ref, 'matrix')))
    return readSdkInitialState(ref, ctx, maxQubits);
  ctx.refuseFriendly(ref, 'initial_state');
  return readInitialState(ref, maxQubits);
}

export function readInitialState(ref: NodeRef, maxQubits: number): InitialState {
  const what = 'initial_state';
  if (ref.tag === '!QTensor') return readDensity(ref, maxQubits);
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
    const dtype: StateDtype = items.some((item) => item.tag === '!complex')
      ? 'complex128'
      : 'float64';
    const norm2 = amps.reduce((s, a) => s + a.re * a.re + a.im * a.im, 0);
    if (!(norm2 > 0))
      ref.fail({
        subject: what,
        problem: 'all amplitudes are zero',
        expected: 'a non-zero vector (it is normalised for you)',
      });
    const scale = Math.abs(norm2 - 1) <= NORMALISED ? 1 : 1 / Math.sqrt(norm2);
    return {
      kind: 'amplitudes',
      nqubits,
      re: amps.map((a) => a.re * scale),
      im: amps.map((a) => a.im * scale),
      dtype,
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
        'a bitstring ("01"), a string of 0 1 + - per qubit ("+-"), zero, one or uniform (every qubit), a list of amplitudes, or !QTensor {matrix}',
    });
  }
  if (text === 'zero' || text === 'one' || text === 'uniform')
    return { kind: 'named', nqubits: 0, name: text, ref };
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

/** `!QTensor {matrix, dtype?}`: a density matrix (Hermitian, trace 1). */
function readDensity(ref: NodeRef, maxQubits: number): InitialState {
  const what = 'initial_state';
  const m = readQTensor(ref);
  const nqubits = Math.log2(m.size);
  if (nqubits > maxQubits)
    limitProblem(ref, {
      subject: what,
      problem: `${nqubits} qubits exceed the limit of ${maxQubits}`,
    });
  if (m.dtype === 'int64')
    ref.fail({ subject: what, problem: 'a density matrix is float64 or complex128, not int64' });
  return densityState(ref, nqubits, m.re, m.im, m.dtype as StateDtype);
}

/** A density matrix checked as one: Hermitian and of trace 1 (to 1e-9). */
export function densityState(
  ref: NodeRef,
  nqubits: number,
  re: number[],
  im: number[],
  dtype: StateDtype,
): InitialState {
  const size = 2 ** nqubits;
  let trace = 0;
  for (let r = 0; r < size; r++) {
    trace += re[r * size + r]!;
    for (let c = 0; c < size; c++) {
      const a = r * size + c;
      const b = c * size + r;
      if (Math.abs(re[a]! - re[b]!) > 1e-9 || Math.abs(im[a]! + im[b]!) > 1e-9)
        ref.fail({
          subject: 'initial_state',
          problem: `the density matrix is not Hermitian: entry (${r}, ${c}) is not the conjugate of (${c}, ${r})`,
        });
    }
  }
  if (Math.abs(trace - 1) > 1e-9)
    ref.fail({
      subject: 'initial_state',
      problem: `a density matrix has trace 1, found ${trace}`,
    });
  return { kind: 'density', nqubits, re, im, dtype, ref };
}
