/*
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, a field quoted when it holds a
 * comma, quote or line break), made safe to open in a spreadsheet. A spreadsheet reads a cell
 * that starts with `=`, `+`, `-` or `@` as a formula (and tab or carriage return before one as
 * nothing), so an outcome named `=HYPERLINK("https://evil.example", "click")` would become a
 * live link, or worse. As OWASP advises ("CSV injection"), such a text cell is written with a
 * leading `'` and quoted: the spreadsheet shows the text, and the `'` tells it to run nothing.
 * Numbers are data, never formulas: a number, or a text that is exactly a decimal number
 * (`-0.5`, `+1e-3`), is written as it is.
 */

export type CsvValue = string | number | boolean | null;

/** What a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number: no formula can hide in it. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One field: neutralised when it would start a formula, quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  if (FORMULA_START.test(value) && !DECIMAL.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A header and rows as one CSV text, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
