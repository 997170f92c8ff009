import type { Comparison } from './compare';
import { csvText as csv } from '../../../../shared/text/csv';

/** CSV and JSON of a comparison: what is drawn, with both sides and their difference. */

export function comparisonCsv(c: Comparison, labels: { a: string; b: string }): string {
  switch (c.kind) {
    case 'distribution':
      return csv(
        ['outcome', `probability_${labels.a}`, `probability_${labels.b}`, 'difference_b_minus_a'],
        c.categories.map((k, i) => [k, c.a[i]!, c.b[i]!, c.b[i]! - c.a[i]!]),
      );
    case 'curves': {
      const header = ['x', ...c.overlay.series.map((s) => s.label)];
      const rows = Array.from(c.overlay.x, (x, i) => [
        x,
        ...c.overlay.series.map((s) => s.y[i] ?? null),
      ]);
      const diffHeader = ['x', ...c.difference.series.map((s) => s.label)];
      const diffRows = Array.from(c.difference.x, (x, i) => [
        x,
        ...c.difference.series.map((s) => s.y[i]!),
      ]);
      return `${csv(header, rows)}\r\n${csv(diffHeader, diffRows)}`;
    }
    case 'values':
      return csv(
        ['observable', labels.a, labels.b, 'difference_b_minus_a'],
        c.rows.map((r) => [r.label, r.a, r.b, r.a !== null && r.b !== null ? r.b - r.a : null]),
      );
    case 'mismatch':
      return csv(['message'], [[c.message]]);
  }
}

export function comparisonJson(c: Comparison, labels: { a: string; b: string }): string {
  const arrays = (key: string, value: unknown) =>
    ArrayBuffer.isView(value) ? Array.from(value as Float64Array) : value;
  return `${JSON.stringify({ a: labels.a, b: labels.b, ...c }, arrays, 2)}\n`;
}
