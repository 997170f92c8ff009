import type { JobRow } from './job-query';

/*
 * Values parsed from the rows, kept per rows array. The store replaces the array on every
 * refresh and live change but keeps the objects of unchanged rows, so a new array's column is
 * derived from the last one computed: a value is reused wherever the row at that position has
 * the same source text (the same object after a live change; an equal string after a refresh),
 * and only the other rows are parsed. Rows are never mutated: a changed row is a new object.
 */
export interface Source<T> {
  text(row: JobRow): string | null | undefined;
  value(row: JobRow): T;
  make(n: number): { [i: number]: T; readonly length: number };
}

/** When the job was created, in epoch ms (NaN when unreadable). */
export const CREATED: Source<number> = {
  text: (r) => r.created_at,
  value: (r) => Date.parse(r.created_at),
  make: (n) => new Float64Array(n),
};
/** When it ended, in epoch ms; Infinity without a completion time (it runs until `now`). */
export const ENDED: Source<number> = {
  text: (r) => r.completed_at,
  value: (r) => (r.completed_at ? Date.parse(r.completed_at) : Number.POSITIVE_INFINITY),
  make: (n) => new Float64Array(n),
};
/** The name as it is compared: lower case. */
export const NAME: Source<string> = {
  text: (r) => r.name,
  value: (r) => r.name.toLowerCase(),
  make: (n) => new Array<string>(n),
};

export type Column<T> = { [i: number]: T; readonly length: number };
const columns = new WeakMap<Source<unknown>, WeakMap<readonly JobRow[], Column<unknown>>>();
const lastRows = new Map<Source<unknown>, readonly JobRow[]>();

export function column<T>(rows: readonly JobRow[], source: Source<T>): Column<T> {
  let byRows = columns.get(source as Source<unknown>);
  if (!byRows) columns.set(source as Source<unknown>, (byRows = new WeakMap()));
  const cached = byRows.get(rows) as Column<T> | undefined;
  if (cached) return cached;
  const before = lastRows.get(source as Source<unknown>);
  const old = before && (byRows.get(before) as Column<T> | undefined);
  const out = source.make(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const was = old ? before![i] : undefined;
    out[i] = was && source.text(was) === source.text(row) ? old![i]! : source.value(row);
  }
  byRows.set(rows, out as Column<unknown>);
  lastRows.set(source as Source<unknown>, rows);
  return out;
}
