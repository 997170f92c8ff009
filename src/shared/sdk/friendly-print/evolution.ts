import type { EvolutionFunctional } from '../../dialect/functionals';
import type { InitialState } from '../../dialect/initial-state';
import type { ParamTable } from '../../dialect/numbers';
import type { Observable } from '../../dialect/observable';
import type { Schedule } from '../../dialect/schedule';
import { paramText } from './circuit';
import { NotPrintable } from './not-printable';
import { observableText, pauliSumText } from './observables';
import { floatText, pyNumText, stringText } from './scalars';
import { quoted } from '../../text/quote';

/*
 * Schedules, initial states and the evolutions that hold them, in the friendly dialect. Numbers
 * print as written (`T: 10` stays an int), times as the model holds them (0.1.x: step × dt).
 */

/** `!Schedule` lines: the tag, then its fields indented by `indent`. */
export function scheduleLines(s: Schedule, params: ParamTable, indent: string): string[] {
  const lines = [
    '!Schedule',
    `${indent}T: ${pyNumText(s.written.T)}`,
    `${indent}dt: ${pyNumText(s.written.dt)}`,
    `${indent}hamiltonians:`,
  ];
  for (const t of s.terms) {
    if (t.interpolation)
      throw new NotPrintable(
        `coefficient ${quoted(t.label)} interpolated unlike the rest (${t.interpolation})`,
      );
    const text = pauliSumText(t.hamiltonian);
    if (text === null)
      throw new NotPrintable(`hamiltonian ${quoted(t.label)} with a parameterised term`);
    lines.push(`${indent}  ${stringText(t.label)}: ${JSON.stringify(text)}`);
  }
  lines.push(`${indent}coefficients:`);
  for (const t of s.terms) {
    const only = t.points.length === 1 ? t.points[0] : undefined;
    const value =
      only && only.t === 0
        ? paramText(only.value, params)
        : `[${t.points.map((p) => `[${floatText(p.t)}, ${paramText(p.value, params)}]`).join(', ')}]`;
    lines.push(`${indent}  ${stringText(t.label)}: ${value}`);
  }
  if (s.interpolation === 'step') lines.push(`${indent}interpolation: step`);
  return lines;
}

function amplitudeText(re: number, im: number, complex: boolean): string {
  return complex ? `!complex {real: ${floatText(re)}, imag: ${floatText(im)}}` : floatText(re);
}

/** An initial state as a flow value: `"01"`, a list of amplitudes, or `!QTensor {matrix}`. */
export function initialStateText(s: InitialState): string {
  switch (s.kind) {
    case 'product':
      return JSON.stringify(s.perQubit);
    case 'amplitudes': {
      const complex = s.dtype === 'complex128';
      return `[${s.re.map((r, k) => amplitudeText(r, s.im[k]!, complex)).join(', ')}]`;
    }
    case 'density': {
      const qtensor = observableText({
        kind: 'qtensor',
        size: 2 ** s.nqubits,
        re: s.re,
        im: s.im,
        dtype: s.dtype,
        ref: s.ref,
      });
      return qtensor!;
    }
    case 'named':
      return s.name;
  }
}

function observablesText(observables: readonly Observable[]): string {
  return `[${observables
    .map((o) => {
      const text = observableText(o);
      if (text === null) throw new NotPrintable('an observable with a parameterised coefficient');
      return text;
    })
    .join(', ')}]`;
}

/** `!TimeEvolution` (B) or `!AnalogEvolution` (A) lines. */
export function evolutionLines(
  f: EvolutionFunctional,
  params: ParamTable,
  indent: string,
): string[] {
  const [first = '', ...rest] = scheduleLines(f.schedule, params, `${indent}  `);
  const lines = [
    f.kind === 'timeEvolution' ? '!TimeEvolution' : '!AnalogEvolution',
    `${indent}schedule: ${first}`,
    ...rest,
  ];
  if (f.kind === 'timeEvolution')
    lines.push(`${indent}observables: ${observablesText(f.observables)}`);
  if (f.initial) lines.push(`${indent}initial_state: ${initialStateText(f.initial)}`);
  if (f.kind === 'timeEvolution') lines.push(`${indent}nshots: ${f.nshots}`);
  if (f.kind === 'timeEvolution' || f.storeIntermediate)
    lines.push(`${indent}store_intermediate_results: ${f.storeIntermediate}`);
  return lines;
}
