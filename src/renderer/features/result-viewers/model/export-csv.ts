import type { ViewModel } from '../../../state/results/models';
import { populations } from './density-rows';
import { basisLabel, stateRow } from './state-rows';
import { rankAll } from './top-k';
import type { TNode } from '../../../../shared/results/tree';
import { childCount, itemAt } from '../../../../shared/results/tree';
import type { CsvValue } from '../../../../shared/text/csv';
import { csvText as csv } from '../../../../shared/text/csv';

/*
 * CSV of every viewer's data (src/shared/text/csv.ts: RFC 4180, and no cell a spreadsheet would
 * run as a formula). Numbers keep full precision; outcomes stay text.
 */

function* samplingRows(m: Extract<ViewModel, { kind: 'sampling' }>) {
  const order = rankAll(m.counts.values);
  const reported = m.probabilities
    ? new Map(m.probabilities.keys.map((k, i) => [k, m.probabilities!.values[i]!]))
    : null;
  for (const i of order) {
    const key = m.counts.keys[i]!;
    const count = m.counts.values[i]!;
    const row: Array<string | number | null> = [key, count, m.total > 0 ? count / m.total : 0];
    if (reported) row.push(reported.get(key) ?? null);
    yield row;
  }
}

type Leaf = [path: string, tag: string, value: string | number | boolean | null];

function* leafRows(node: TNode, path: string): Generator<Leaf> {
  const tag = node.tag ?? '';
  if (node.kind === 'scalar') {
    yield [path, tag, node.value];
    return;
  }
  if (node.kind === 'map') {
    if (node.entries.length === 0) yield [path, tag, null];
    for (const e of node.entries) yield* leafRows(e.value, path ? `${path}.${e.key}` : e.key);
    return;
  }
  if (node.kind === 'counts') {
    for (let i = 0; i < node.keys.length; i++)
      yield [path ? `${path}.${node.keys[i]}` : node.keys[i]!, '', node.values[i]!];
    return;
  }
  const n = childCount(node);
  if (n === 0) yield [path, tag, null];
  for (let i = 0; i < n; i++) yield* leafRows(itemAt(node, i)!, `${path}[${i}]`);
}

/** One row per value of a composite result: which part, what it is, the key, the value. */
function* longRows(m: ViewModel, part: string): Generator<CsvValue[]> {
  switch (m.kind) {
    case 'sampling':
      for (const [key, count] of samplingRows(m)) yield [part, 'count', key ?? null, count ?? null];
      return;
    case 'expectation':
      for (let i = 0; i < m.values.length; i++)
        yield [part, 'expectation_value', m.labels[i]!, m.values[i]!];
      return;
    case 'state':
      for (let i = 0; i < m.amplitudes.re.length; i++) {
        const r = stateRow(m, i);
        yield [part, 'amplitude_real', r.bits, r.re];
        yield [part, 'amplitude_imag', r.bits, r.im];
      }
      return;
    case 'density': {
      const pops = populations(m);
      for (let i = 0; i < pops.length; i++)
        yield [part, 'population', basisLabel(i, m.nqubits), pops[i]!];
      return;
    }
    case 'functional':
      for (const [i, r] of m.readouts.entries()) yield* longRows(r, `${part}readout_results[${i}]`);
      for (const step of m.intermediate) {
        for (const [i, r] of step.readouts.entries())
          yield* longRows(r, `${part}${step.label} / readout ${i + 1}`);
      }
      return;
    case 'tree':
      for (const [path, tag, value] of leafRows(m.root, ''))
        yield [part, tag ? `value ${tag}` : 'value', path, value];
      return;
    default:
      // Nested time evolutions, sweeps and optimisations have columns of their own: see the JSON export.
      yield [part, `${m.kind} result`, '', 'see the JSON export'];
  }
}

/** The viewer's data as CSV. */
export function toCsv(m: ViewModel): string {
  switch (m.kind) {
    case 'sampling':
      return csv(
        ['outcome', 'count', 'probability', ...(m.probabilities ? ['reported_probability'] : [])],
        samplingRows(m),
      );
    case 'expectation':
      return csv(
        ['observable', 'value'],
        m.labels.map((label, i) => [label, m.values[i]!]),
      );
    case 'state':
      return csv(
        ['basis_state', 'index', 're', 'im', 'magnitude', 'phase_rad', 'probability'],
        Array.from({ length: m.amplitudes.re.length }, (_, i) => {
          const r = stateRow(m, i);
          return [r.bits, r.index, r.re, r.im, r.magnitude, r.phase, r.probability];
        }),
      );
    case 'density': {
      const dim = 2 ** m.nqubits;
      return csv(
        ['row_state', 'column_state', 're', 'im'],
        Array.from({ length: dim * dim }, (_, k) => [
          basisLabel(Math.floor(k / dim), m.nqubits),
          basisLabel(k % dim, m.nqubits),
          m.matrix.re[k]!,
          m.matrix.im[k]!,
        ]),
      );
    }
    case 'time-evolution': {
      if (!m.series)
        return csv(
          ['observable', 'final_value'],
          m.labels.map((l, i) => [l, m.finalValues[i]!]),
        );
      const s = m.series;
      return csv(
        [s.axis === 'step' ? 'step' : 't', ...m.labels],
        Array.from(s.t, (t, r) => [t, ...s.values.map((v) => v[r]!)]),
      );
    }
    case 'variational': {
      const it = m.iterations;
      return csv(
        ['iteration', 'cost', ...it.parameterNames],
        Array.from(it.cost, (c, i) => [
          i + 1,
          c,
          ...it.parameters.map((p) => (Number.isNaN(p[i]!) ? null : p[i]!)),
        ]),
      );
    }
    case 'experiment': {
      const a = m.analysis;
      return csv(
        [`${m.xName}_ns`, 's21_real', 's21_imag', 'projected_signal', 'fitted_signal'],
        Array.from(a.x, (x, i) => [
          x,
          a.re[i]!,
          a.im[i]!,
          a.signal[i]!,
          a.fitted ? a.fitted[i]! : null,
        ]),
      );
    }
    case 'functional':
      return csv(['part', 'quantity', 'key', 'value'], longRows(m, ''));
    case 'tree':
      return csv(['path', 'tag', 'value'], leafRows(m.root, ''));
  }
}
