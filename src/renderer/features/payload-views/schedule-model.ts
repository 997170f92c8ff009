import type { EvolutionFunctional } from '../../../shared/dialect/functionals';
import { evalNum } from '../../../shared/dialect/numbers';
import type { ParamValues } from '../../../shared/dialect/numbers';
import type { Observable } from '../../../shared/dialect/observable';
import { readPayloadParts } from '../../../shared/dialect/payload-parts';
import type { PauliSum } from '../../../shared/dialect/pauli-expression';
import type { Interpolation } from '../../../shared/dialect/schedule';
import type { VariantId } from '../../../shared/variants';
import { documentToExecutePayload } from '../../../shared/yaml';
import { coefficientAt, coefficientBefore } from '../../../shared/dialect/coefficient-at';
import type { ValuePoint } from '../../../shared/dialect/coefficient-at';
import { coefficientLines } from './schedule-lines';
import type { LineSpan } from './schedule-lines';

/** One Pauli string of a Hamiltonian: its coefficient as written and its factors ("Z0 Z1"). */
export interface HamiltonianTerm {
  coefficient: string;
  factors: string;
  /** An observable of the job is this Pauli string (its expectation value is measured). */
  observed: boolean;
}

export interface ScheduleCurve {
  label: string;
  interpolation: Interpolation;
  points: ValuePoint[];
  terms: HamiltonianTerm[];
  /** Its coefficient's lines in the editor's text; undefined when not found there. */
  lines?: LineSpan;
}

export interface ScheduleView {
  T: number;
  dt: number;
  curves: ScheduleCurve[];
  /** The observables measured (B: the TimeEvolution's; A: the expectation readouts'), as text. */
  observables: string[];
}

export type ScheduleViewResult =
  | { kind: 'view'; view: ScheduleView }
  | { kind: 'none'; reason: string }
  | { kind: 'invalid'; reason: string };

function coefficientText(t: PauliSum['terms'][number]): string {
  const c = t.coefficient;
  const re = c.kind === 'param' ? c.name : String(c.value);
  return t.imag === undefined ? re : `(${re}${t.imag < 0 ? '-' : '+'}${Math.abs(t.imag)}j)`;
}

/** "Z0 + 0.5 Z0 Z1": a coefficient of 1 left out, as the payload writes it. */
function sumText(sum: PauliSum): string {
  return sum.terms
    .map((t) => {
      const c = coefficientText(t);
      return c === '1' ? t.factors || 'I' : `${c} ${t.factors || 'I'}`;
    })
    .join(' + ');
}

function observableText(o: Observable): { text: string; strings: string[] } {
  if (o.kind === 'hamiltonian')
    return { text: sumText(o.sum), strings: o.sum.terms.map((t) => t.factors) };
  if (o.kind === 'pauli')
    return { text: `${o.pauli}${o.qubit}`, strings: [`${o.pauli}${o.qubit}`] };
  return { text: 'a QTensor matrix', strings: [] };
}

function viewOf(
  f: EvolutionFunctional,
  observables: Observable[],
  values: ParamValues,
  inText: boolean,
) {
  const read = observables.map(observableText);
  const observed = new Set(read.flatMap((o) => o.strings));
  const s = f.schedule;
  // Read from a text of its own (a functional written as a string): no lines of the editor's.
  const lines = inText
    ? coefficientLines(
        s.ref,
        s.terms.map((t) => t.label),
      )
    : [];
  return {
    T: s.T,
    dt: s.dt,
    observables: read.map((o) => o.text),
    curves: s.terms.map((term, i) => ({
      label: term.label,
      ...(lines[i] ? { lines: lines[i] } : {}),
      interpolation: term.interpolation ?? s.interpolation,
      points: term.points.map((p) => ({ t: p.t, v: evalNum(p.value, values) })),
      terms: term.hamiltonian.terms.map((t) => ({
        coefficient: coefficientText(t),
        factors: t.factors || 'I',
        observed: observed.has(t.factors),
      })),
    })),
  };
}

/** The schedule of a time evolution (B) or analog evolution (A) payload text, or why none. */
export function scheduleViewOf(variant: VariantId, text: string): ScheduleViewResult {
  if (!text.trim()) return { kind: 'none', reason: 'The payload is empty.' };
  // Read where it stands in the text (the dialect's checks), so each coefficient has its lines.
  const doc = documentToExecutePayload(variant, text, {}, { dialect: true });
  const error = doc.problems.find((p) => p.severity === 'error');
  if (!doc.payload || error)
    return {
      kind: 'invalid',
      reason: `The schedule is drawn once the payload reads: ${error?.message ?? 'it could not be read'} (line ${error?.line ?? 1}).`,
    };
  const { payload } = doc;
  const inDoc = doc.read?.model.parts;
  const inText = Boolean(inDoc);
  const read = inDoc ? { parts: inDoc, problems: [] } : readPayloadParts(variant, payload);
  const partError = read.problems.find((p) => p.severity === 'error');
  if (partError)
    return {
      kind: 'invalid',
      reason: `The schedule is drawn once the payload reads: ${partError.message}.`,
    };
  const f = read.parts.functional;
  if (!f || (f.kind !== 'timeEvolution' && f.kind !== 'analog'))
    return {
      kind: 'none',
      reason: `A ${payload.type} payload has no schedule: schedules belong to ${variant === 'B' ? 'time_evolution' : 'analog_evolution'} payloads.`,
    };
  const readoutObservables = (read.parts.readouts ?? []).flatMap((r) =>
    r.kind === 'expectation' ? r.observables : [],
  );
  const values = read.parts.ctx.params.initialValues();
  return {
    kind: 'view',
    view: viewOf(f, [...f.observables, ...readoutObservables], values, inText),
  };
}

/**
 * The curves sampled for a chart: every defined point's time, 0 and T, each
 * value exactly `coefficientAt`; a time where some coefficient jumps is listed twice, first with
 * the values just before it. Between samples every coefficient is linear or constant, so
 * straight lines between them draw the function itself.
 */
export function scheduleSamples(view: ScheduleView): { x: number[]; ys: number[][] } {
  const times = new Set<number>([0, view.T]);
  for (const c of view.curves) for (const p of c.points) times.add(p.t);
  const sorted = [...times].filter((t) => t >= 0 && t <= view.T).sort((a, b) => a - b);
  const x: number[] = [];
  const ys: number[][] = view.curves.map(() => []);
  for (const t of sorted) {
    const before = view.curves.map((c) => coefficientBefore(c.points, c.interpolation, t));
    const at = view.curves.map((c) => coefficientAt(c.points, c.interpolation, t));
    const jumps = t > 0 && before.some((v, i) => !Object.is(v, at[i]));
    if (jumps) {
      x.push(t);
      before.forEach((v, i) => ys[i]!.push(v));
    }
    x.push(t);
    at.forEach((v, i) => ys[i]!.push(v));
  }
  return { x, ys };
}
