import type { ViewModel } from '../../../state/results/models';
import type { CountTable } from '../../../../shared/results/read';
import { basisLabel } from './state-rows';
import { rankAll } from './top-k';
import type { TNode } from '../../../../shared/results/tree';
import { childCount, itemAt } from '../../../../shared/results/tree';

/*
 * JSON of every viewer's data. Keys follow the result's own names; a tagged node of the tree
 * view becomes `{"$tag": "!Name", "$value": ...}` so the tag survives the trip to JSON.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON has no NaN or ±Infinity: they are written as strings. */
function num(v: number): Json {
  return Number.isFinite(v) ? v : String(v);
}

function nums(values: ArrayLike<number>): Json[] {
  return Array.from(values, num);
}

/** Outcomes in ranked order (JSON objects keep insertion order for non-integer-like keys). */
function countsObject(c: CountTable): Json {
  const out: Record<string, Json> = {};
  for (const i of rankAll(c.values)) out[c.keys[i]!] = num(c.values[i]!);
  return out;
}

export function treeToJson(node: TNode): Json {
  let value: Json;
  switch (node.kind) {
    case 'scalar':
      value = typeof node.value === 'number' ? num(node.value) : node.value;
      break;
    case 'map':
      value = Object.fromEntries(node.entries.map((e) => [e.key, treeToJson(e.value)]));
      break;
    case 'counts':
      value = Object.fromEntries(node.keys.map((k, i) => [k, num(node.values[i]!)]));
      break;
    default:
      value = Array.from({ length: childCount(node) }, (_, i) => treeToJson(itemAt(node, i)!));
  }
  return node.tag ? { $tag: node.tag, $value: value } : value;
}

function modelToJson(m: ViewModel): Json {
  const base = { tag: m.tag, ...(m.notes.length ? { notes: m.notes } : {}) };
  switch (m.kind) {
    case 'sampling':
      return {
        ...base,
        nshots: m.nshots,
        nqubits: m.nqubits,
        total_count: m.total,
        samples: countsObject(m.counts),
        ...(m.probabilities ? { probabilities: countsObject(m.probabilities) } : {}),
      };
    case 'expectation':
      return {
        ...base,
        nshots: m.nshots,
        expectation_values: Object.fromEntries(m.labels.map((l, i) => [l, num(m.values[i]!)])),
      };
    case 'state':
      return {
        ...base,
        nqubits: m.nqubits,
        amplitudes: Array.from(m.amplitudes.re, (re, i) => ({
          basis_state: basisLabel(i, m.nqubits),
          re: num(re),
          im: num(m.amplitudes.im[i]!),
        })),
      };
    case 'density': {
      const dim = 2 ** m.nqubits;
      return {
        ...base,
        nqubits: m.nqubits,
        purity: num(m.purity),
        density_matrix: Array.from({ length: dim }, (_, r) =>
          Array.from({ length: dim }, (_, c) => ({
            re: num(m.matrix.re[r * dim + c]!),
            im: num(m.matrix.im[r * dim + c]!),
          })),
        ),
      };
    }
    case 'time-evolution':
      return {
        ...base,
        observables: m.labels,
        final_expected_values: nums(m.finalValues),
        ...(m.series
          ? {
              [m.series.axis === 'step' ? 'step' : 't']: nums(m.series.t),
              expected_values: m.series.values.map(nums),
            }
          : {}),
        ...(m.finalState ? { final_state: modelToJson(m.finalState) } : {}),
      };
    case 'variational':
      return {
        ...base,
        optimal_cost: m.optimalCost === null ? null : num(m.optimalCost),
        optimal_parameters: Object.fromEntries(
          m.optimalParameters.map((p) => [p.name, num(p.value)]),
        ),
        iterations: Array.from(m.iterations.cost, (c, i) => ({
          cost: num(c),
          parameters: Object.fromEntries(
            m.iterations.parameterNames.map((n, j) => [n, num(m.iterations.parameters[j]![i]!)]),
          ),
        })),
        result: m.inner ? modelToJson(m.inner) : null,
      };
    case 'experiment': {
      const a = m.analysis;
      const fit = a.fit
        ? Object.fromEntries(
            Object.entries(a.fit.fit).map(([k, v]) => [
              k,
              typeof v === 'number' ? num(v) : (v as Json),
            ]),
          )
        : null;
      return {
        ...base,
        experiment: m.experiment,
        qubit: m.qubit,
        averages: m.averages,
        sweep_name: m.xName,
        sweep_ns: nums(a.x),
        s21: Array.from(a.re, (re, i) => ({ real: num(re), imag: num(a.im[i]!) })),
        projected_signal: nums(a.signal),
        fit,
        fit_error: a.fitError,
      };
    }
    case 'functional':
      return {
        ...base,
        ...(m.executionTime !== null ? { execution_time_s: num(m.executionTime) } : {}),
        readout_results: m.readouts.map(modelToJson),
        intermediate_results: m.intermediate.map((s) => ({
          label: s.label,
          input: Object.fromEntries(s.input.map((p) => [p.name, p.value])),
          readout_results: s.readouts.map(modelToJson),
        })),
      };
    case 'tree':
      return { ...base, reason: m.reason, value: treeToJson(m.root) };
  }
}

/** The viewer's data as pretty-printed JSON. */
export function toJson(m: ViewModel, job?: { id: number; label?: string }): string {
  const body = modelToJson(m) as Record<string, Json>;
  const head: Record<string, Json> = job
    ? { job_id: job.id, ...(job.label ? { job: job.label } : {}) }
    : {};
  return `${JSON.stringify({ ...head, kind: m.kind, ...(m.path ? { path: m.path } : {}), ...body }, null, 2)}\n`;
}
