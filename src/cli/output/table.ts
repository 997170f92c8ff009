import { printable } from './terminal-text';

/** Cells longer than this are cut with an ellipsis, so one long description cannot wreck a table. */
const MAX_CELL = 60;

/** One cell: on one line, control characters escaped (names come from the service), cut. */
function cell(text: string): string {
  const flat = printable(text.replace(/\s+/g, ' ').trim());
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** A plain aligned table: header row, two spaces between columns, no trailing blanks. */
export function renderTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const all = [headers.map((h) => h.toUpperCase()), ...rows.map((r) => r.map(cell))];
  // Loops, not Math.max(...spread): a spread of 120,000 rows overflows the stack.
  const widths = headers.map(() => 0);
  for (const r of all)
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, (r[i] ?? '').length);
  return (
    all
      .map((r) =>
        r
          .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** Key/value lines with the values aligned, each value on one line with controls escaped. */
export function renderFields(fields: readonly (readonly [string, string])[]): string {
  let width = 0;
  for (const [k] of fields) width = Math.max(width, k.length);
  return (
    fields.map(([k, v]) => `  ${k.padEnd(width)}  ${printable(v)}`.trimEnd()).join('\n') + '\n'
  );
}

export function indent(text: string, by = 4): string {
  const pad = ' '.repeat(by);
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
