import type { EvolutionFunctional } from '../../src/shared/dialect/functionals';
import type { InitialState } from '../../src/shared/dialect/initial-state';
import type { Num } from '../../src/shared/dialect/numbers';
import type { Schedule } from '../../src/shared/dialect/schedule';
import { observableText, pauliSumText } from '../../src/shared/sdk/friendly-print/observables';
import { floatText } from '../../src/shared/sdk/friendly-print/scalars';
import type { CorpusCase } from './sdk-digital-corpus';

/*
 * The corpus cases of the analog slice (cases.md of each version in test/fixtures/sdk): what each
 * request holds, in the words of cases.md, as a signature of the model its SDK form reads into.
 * A schedule is `linear|step T=… dt=…; label = <Pauli sum> @ t:value t:value; …` (times as the
 * SDK puts them: step × dt in 0.1.x); a state is `ket 01`, `amplitudes [re+imj, …]` or
 * `density [[…], …]`; observables as the friendly printer writes them.
 */

export interface AnalogCase extends CorpusCase {
  schedule: string;
  initial: string;
  /** B: the functional's own observables, shots and whether every time point is recorded. */
  observables?: string[];
  /** Each term's own interpolation where it differs from the schedule's (`-`: the same). */
  termInterpolation?: string;
  nshots?: number;
  storeIntermediate?: boolean;
  /** Parts expected to stay in the SDK's form on decompile (payload paths). */
  islands: string[];
  /**
   * What compiling its model gives: the very bytes of the request (`same`), those of A-main's
   * request of the same case (`main`: we write main's form), or other bytes (`none`: the model
   * does not keep what the SDK wrote there, e.g. a Term's structure).
   */
  bytes: 'same' | 'main' | 'none';
}

export const ANALOG_CASES: AnalogCase[] = [
  {
    version: 'B-0.1.6',
    name: 'b_te_linear_one_qubit',
    schedule: 'linear T=2.0 dt=0.1; hx = X0 @ 0.0:1.0 2.0:0.0; hz = Z0 @ 0.0:0.0 2.0:1.0',
    initial: 'ket 0',
    observables: ['"Z0"', '"X0"'],
    nshots: 0,
    storeIntermediate: false,
    islands: [],
    bytes: 'same',
  },
  {
    version: 'B-0.1.6',
    name: 'b_te_linear_two_qubit',
    schedule:
      'linear T=5.0 dt=0.25; driver = X0 + X1 @ 0.0:1.0 2.5:0.6 5.0:0.0; problem = Z0 Z1 + 0.5 Z0 - 0.3 Y0 Y1 @ 0.0:0.0 2.5:0.5 5.0:1.0',
    initial: 'ket 01',
    observables: ['"Z0"', '"Z1"', '"Z0 Z1"', '"X0 Y1"'],
    nshots: 0,
    storeIntermediate: true,
    islands: [],
    bytes: 'same',
  },
  {
    version: 'B-0.1.6',
    name: 'b_te_step_schedule_superposition',
    schedule:
      'step T=3.0 dt=0.5; a = X0 X1 + Y0 Y1 @ 0.0:1.0 1.0:0.5; b = Z0 + Z1 @ 0.0:0.2 2.0:1.0',
    initial: 'amplitudes complex128 [0.7071067811865475, 0.0, 0.0, 0.7071067811865475]',
    observables: ['"Z0 Z1"', '"X0 X1"', '!PauliZ {qubit: 1}'],
    nshots: 0,
    storeIntermediate: false,
    islands: [],
    bytes: 'same',
  },
  {
    version: 'B-0.1.6',
    name: 'b_te_complex_coefficients',
    schedule:
      'linear T=1.0 dt=0.1; h = (0.5+0.25j) Z0 Z1 Z2 + (0.0+1.0j) X0 - 0.75 Y2 @ 0.0:1.0 1.0:0.0; k = X0 X1 X2 @ 0.0:0.0 1.0:1.0',
    initial: 'amplitudes complex128 [0.5, 0.5j, 0.0, 0.0, 0.0, 0.0, -0.5, 0.5]',
    observables: ['"(1.0-0.5j) Z0"', '"X1 Y2"'],
    nshots: 100,
    storeIntermediate: false,
    islands: [],
    bytes: 'same',
  },
  {
    version: 'B-0.1.6',
    name: 'b_te_density_matrix_initial_state',
    schedule: 'step T=1.5 dt=0.5; x = 0.4 X0 @ 0.0:1.0; z = Z0 @ 0.0:1.0',
    initial: 'density complex128 [[0.75, 0.25], [0.25, 0.25]]',
    observables: ['"X0"', '"Y0"'],
    nshots: 0,
    storeIntermediate: false,
    islands: [],
    bytes: 'same',
  },
  ...(['A-main', 'A-0.2.1.post1'] as const).flatMap((version): AnalogCase[] => {
    const kept = ['analog_evolution_payload.analog_evolution'];
    const v021 = version === 'A-0.2.1.post1';
    const exact = v021 ? 'main' : 'same';
    // 0.2.1's form recompiles to main's (other bytes), so decompile keeps it as it was.
    const exactIslands = v021 ? kept : [];
    return [
      {
        version,
        name: 'a_ae_linear_one_qubit',
        schedule: 'linear T=2.0 dt=0.1; hx = X0 @ 0.0:1.0 2.0:0.0; hz = Z0 @ 0.0:0.0 2.0:1.0',
        initial: 'amplitudes complex128 [1.0, 0.0]',
        storeIntermediate: false,
        islands: exactIslands,
        bytes: exact,
      },
      {
        version,
        name: 'a_ae_linear_two_qubit',
        schedule:
          'linear T=2.0 dt=0.2; driver = X0 + X1 @ 0.0:1.0 1.0:0.6 2.0:0.0; problem = Z0 Z1 + 0.5 Z0 - 0.3 Y0 Y1 @ 0.0:0.0 1.0:0.5 2.0:1.0',
        initial: 'amplitudes complex128 [0.0, 1.0, 0.0, 0.0]',
        storeIntermediate: true,
        islands: exactIslands,
        bytes: exact,
      },
      {
        version,
        name: 'a_ae_step_uniform',
        // 0.2.1 writes the Schedule's own interpolation as null; its Interpolators all say STEP.
        schedule: `step T=2.5 dt=0.25; a = X0 X1 + Y1 Y2 @ 0.0:1.0 1.0:0.5 2.5:0.5; b = Z0 - 0.5 Z2 + 0.25 X1 Z2 @ 0.0:0.2 1.5:1.0 2.5:1.0`,
        initial: 'named uniform',
        storeIntermediate: false,
        islands: exactIslands,
        bytes: exact,
      },
      {
        version,
        name: 'a_ae_interpolators_total_time',
        schedule:
          'linear T=4.0 dt=0.1; x = 0.8 X0 + 0.8 X1 @ 0.0:1.0 4.0:0.2; zz = Z0 Z1 @ 0.0:0.0 2.0:0.7 4.0:1.0',
        termInterpolation: '-,step',
        initial: 'amplitudes complex128 [0.7071067811865475, 0.0, 0.0, 0.7071067811865475j]',
        storeIntermediate: false,
        islands: kept,
        bytes: 'none',
      },
      {
        version,
        name: 'a_ae_time_functions',
        // 1 - t/3 and t/3 over (0, 3), as Terms in t evaluated at their points; a constant 1.0.
        schedule:
          'linear T=3.0 dt=0.1; bias = 0.3 Z1 @ 0.0:1.0; driver = X0 + X1 @ 0.0:1.0 3.0:0.0; problem = Z0 Z1 @ 0.0:0.0 3.0:1.0',
        initial: 'named zero',
        storeIntermediate: false,
        islands: kept,
        bytes: 'none',
      },
      {
        version,
        name: 'a_ae_complex_coefficients',
        schedule:
          'linear T=1.0 dt=0.1; h = (0.5+0.25j) Z0 Z1 + (0.0+1.0j) X0 - 0.75 Y1 @ 0.0:1.0 1.0:0.5',
        initial: 'named one',
        storeIntermediate: false,
        islands: exactIslands,
        bytes: exact,
      },
    ];
  }),
];

function numText(n: Num): string {
  return n.kind === 'const' ? (n.int ? String(n.value) : floatText(n.value)) : n.name;
}

export function scheduleSignature(s: Schedule): string {
  const head = `${s.interpolation} T=${numText({ kind: 'const', ...s.written.T })} dt=${numText({ kind: 'const', ...s.written.dt })}`;
  const terms = s.terms.map(
    (t) =>
      `${t.label} = ${pauliSumText(t.hamiltonian)} @ ${t.points.map((p) => `${floatText(p.t)}:${numText(p.value)}`).join(' ')}`,
  );
  return [head, ...terms].join('; ');
}

function complexText(re: number, im: number): string {
  if (im === 0) return floatText(re);
  return re === 0
    ? `${floatText(im)}j`
    : `${floatText(re)}${im < 0 ? '-' : '+'}${floatText(Math.abs(im))}j`;
}

export function stateSignature(s: InitialState | null): string {
  if (!s) return 'none';
  switch (s.kind) {
    case 'product':
      return `ket ${s.perQubit}`;
    case 'named':
      return `named ${s.name}`;
    case 'amplitudes':
      return `amplitudes ${s.dtype} [${s.re.map((r, k) => complexText(r, s.im[k]!)).join(', ')}]`;
    case 'density': {
      const size = 2 ** s.nqubits;
      const rows = Array.from(
        { length: size },
        (_, r) =>
          `[${Array.from({ length: size }, (_, c) => complexText(s.re[r * size + c]!, s.im[r * size + c]!)).join(', ')}]`,
      );
      return `density ${s.dtype} [${rows.join(', ')}]`;
    }
  }
}

export function evolutionObservables(f: EvolutionFunctional): string[] {
  return f.observables.map((o) => observableText(o) ?? '(unprintable)');
}
