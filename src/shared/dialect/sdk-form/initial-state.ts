import type { InitialState, NamedState, StateDtype } from '../initial-state';
import { densityState } from '../initial-state';
import type { NodeRef } from '../node-reader';
import { limitProblem } from '../parse-context';
import type { ParseContext } from '../parse-context';
import { readCsr } from './csr';
import { enumArgument } from './values';

/*
 * The SDK's initial states: a `!QTensor` ket (shape (2^n, 1)) or density matrix (2^n × 2^n) over
 * a `!csr_matrix` (0.1.x `{_data, _nqubits}`, 0.2.x `{data}`), or 0.2.x's `InitialState` enum
 * (`!!python/object/apply:qilisdk.core.qtensor.InitialState [zero]`).
 */

export const INITIAL_STATE_ENUM_TAG =
  'tag:yaml.org,2002:python/object/apply:qilisdk.core.qtensor.InitialState';
const NAMED: ReadonlySet<string> = new Set(['zero', 'one', 'uniform']);

export function readSdkInitialState(
  ref: NodeRef,
  ctx: ParseContext,
  maxQubits: number,
): InitialState {
  const what = 'initial_state';
  if (ref.tag === INITIAL_STATE_ENUM_TAG && ctx.variant === 'A') {
    const name = enumArgument(ref, INITIAL_STATE_ENUM_TAG);
    if (typeof name !== 'string' || !NAMED.has(name))
      ref.fail({
        subject: what,
        problem: `expected InitialState [zero], [one] or [uniform], found ${ref.describe()}`,
      });
    return { kind: 'named', nqubits: 0, name: name as NamedState, ref };
  }
  if (ref.tag !== '!QTensor')
    ref.fail({ subject: what, problem: `expected a !QTensor, found ${ref.describe()}` });
  const field = ctx.variant === 'B' ? '_data' : 'data';
  const f = ref.mapping({
    tags: ['!QTensor'],
    what: '!QTensor',
    required: ctx.variant === 'B' ? ['_data', '_nqubits'] : ['data'],
  });
  const m = readCsr(f.req(field), '!QTensor');
  const nqubits = Math.log2(m.rows);
  if (!Number.isInteger(nqubits) || m.rows < 2 || (m.cols !== 1 && m.cols !== m.rows))
    f.req(field).fail({
      subject: what,
      problem: `a state is a ket (2^n, 1) or a density matrix (2^n, 2^n), found shape (${m.rows}, ${m.cols})`,
    });
  if (ctx.variant === 'B' && f.req('_nqubits').integer('_nqubits', 0) !== nqubits)
    f.req('_nqubits').fail({ subject: what, problem: `_nqubits does not match the shape` });
  if (nqubits > maxQubits)
    limitProblem(ref, {
      subject: what,
      problem: `${nqubits} qubits exceed the limit of ${maxQubits}`,
    });
  if (m.dtype === 'int64')
    f.req(field).fail({
      subject: what,
      problem: 'a state holds floats or complex numbers, not ints',
    });
  const dtype = m.dtype as StateDtype;
  if (m.cols !== 1) return densityState(ref, nqubits, m.re, m.im, dtype);
  const nonZero = m.re.flatMap((x, k) => (x !== 0 || m.im[k] !== 0 ? [k] : []));
  // `ket(0, 1)`: one float 1.0, which is what the friendly bitstring compiles to.
  if (dtype === 'float64' && nonZero.length === 1 && m.re[nonZero[0]!] === 1)
    return {
      kind: 'product',
      nqubits,
      perQubit: nonZero[0]!.toString(2).padStart(nqubits, '0'),
      ref,
    };
  const norm2 = m.re.reduce((s, x, k) => s + x * x + m.im[k]! * m.im[k]!, 0);
  if (Math.abs(norm2 - 1) > 1e-9)
    f.req(field).fail({ subject: what, problem: `the state's norm² is ${norm2}, not 1` });
  return { kind: 'amplitudes', nqubits, re: m.re, im: m.im, dtype, ref };
}
